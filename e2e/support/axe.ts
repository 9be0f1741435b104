import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
// axe-core's browser bundle, evaluated in the page through the DevTools protocol (a <script> tag
// would be refused by the app's Content-Security-Policy, which the audit must not loosen).
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One serious or critical axe violation: rule id, impact and the first few elements it names. */
export interface AxeFinding { rule: string; impact: string; help: string; targets: string[] }

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page as it is and returns the serious and critical
 * violations. Minor and moderate ones are axe's advice, not the bar (issue 36 #3).
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!hasAxe) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 6).map((n) => n.target.join(' ')) }));
  });
}
