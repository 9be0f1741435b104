import type { PricingTab } from './bond-inputs.ts';

/** The bond screen's tools, in the order an analyst reaches for them (issue 36 #1). */
export type BondTool = PricingTab | 'yield-table' | 'breakevens' | 'stochastic';

const TOOLS: { key: BondTool; label: string; description: string }[] = [
  { key: 'price', label: 'Price', description: 'Price (per 100 of face) from a yield, a spread over a benchmark, or a discount margin.' },
  { key: 'yield', label: 'Yield', description: 'Yield (%) at a price under one scenario, or over a CPR × CDR matrix.' },
  { key: 'spread', label: 'Spread', description: 'Spread over a benchmark rate (% and bp) at a price.' },
  { key: 'yield-table', label: 'Yield table', description: 'Yields (or discount margins) of the class at several prices, scenario by scenario.' },
  { key: 'breakevens', label: 'Breakevens', description: 'The CDR (or severity) at which the class takes its first loss and loses everything.' },
  { key: 'stochastic', label: 'Stochastic', description: 'The class\'s loss distribution over seeded economic paths around the credit model\'s inputs (expected loss, P(loss), P99, expected shortfall).' },
];

/**
 * Tabs at the top of the bond screen: Price, Yield and Spread choose the pricing tool; Yield table,
 * Breakevens and Stochastic bring their panel into view and focus it. The line under the tabs says what the
 * chosen tool does.
 */
export function BondToolTabs({ tool, onTool, hidden = [] }: { tool: BondTool; onTool(tool: BondTool): void; hidden?: readonly BondTool[] }) {
  const shown = TOOLS.filter((t) => !hidden.includes(t.key));
  const current = shown.find((t) => t.key === tool) ?? shown[0];
  return (
    <nav className="mt-2" aria-label="Bond tools" data-testid="bond-tools">
      <ul className="nav nav-tabs">
        {shown.map((t) => (
          <li className="nav-item" key={t.key}>
            <button type="button" className={`nav-link${t.key === tool ? ' active' : ''}`} aria-current={t.key === tool ? 'true' : undefined}
              data-testid={t.key === 'price' || t.key === 'yield' || t.key === 'spread' ? `pricing-tab-${t.key}` : `tool-tab-${t.key}`}
              title={t.description} onClick={() => onTool(t.key)}>{t.label}</button>
          </li>
        ))}
      </ul>
      <p className="small text-secondary mb-0 mt-1" data-testid="tool-description">{current?.description}</p>
    </nav>
  );
}

/** Brings a tool's panel into view and moves the focus to it (keyboard users land where they clicked). */
export function showPanel(testId: string): void {
  const panel = document.querySelector<HTMLElement>(`[data-testid=${testId}]`);
  if (!panel) return;
  if (!panel.hasAttribute('tabindex')) panel.setAttribute('tabindex', '-1');
  panel.scrollIntoView({ block: 'start' });
  panel.focus({ preventScroll: true });
}
