import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLeaveWarning } from './use-leave-warning.ts';

const leave = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useLeaveWarning', () => {
  it('asks before a reload or tab close only while there are unsaved edits', () => {
    const { rerender, unmount } = renderHook(({ unsaved }) => useLeaveWarning(unsaved), { initialProps: { unsaved: false } });
    expect(leave()).toBe(false);
    rerender({ unsaved: true });
    expect(leave()).toBe(true);
    rerender({ unsaved: false });
    expect(leave()).toBe(false);
    rerender({ unsaved: true });
    unmount();
    expect(leave()).toBe(false);
  });
});
