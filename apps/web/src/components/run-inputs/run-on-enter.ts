import type { KeyboardEvent } from 'react';

/**
 * Keyboard start of a run (issue 36 #3): Enter in a text input of the panel, or Ctrl+Enter
 * (⌘+Enter) anywhere in it. Enter on a button, select or checkbox keeps its own meaning.
 */
export function runOnEnter(run: () => void, busy: boolean) {
  return (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'Enter' || busy || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    const isTextInput = target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(target.type);
    if (!(event.ctrlKey || event.metaKey || isTextInput)) return;
    event.preventDefault();
    run();
  };
}
