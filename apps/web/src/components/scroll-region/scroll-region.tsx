/**
 * A box that scrolls its content (a long table, a wide strip). Keyboard users must be able to
 * reach and scroll it too (axe: scrollable-region-focusable), so it takes focus and is a named
 * region a screen reader announces.
 */
import type { CSSProperties, ReactNode } from 'react';

interface Props {
  /** What the region holds, as a screen reader should announce it ("Cashflow rows"). */
  label: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

export function ScrollRegion({ label, className, style, children }: Props) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={className} style={{ overflow: 'auto', ...style }}>
      {children}
    </div>
  );
}
