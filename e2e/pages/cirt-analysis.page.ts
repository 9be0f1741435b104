import type { Page } from 'playwright-core';
import { ReinsuranceAnalysisPage } from './acis-analysis.page.ts';

/** Page model of /cirt_analysis: the shared reinsurance page model plus the policy information table. */
export class CirtAnalysisPage extends ReinsuranceAnalysisPage {
  constructor(page: Page) { super(page, 'cirt'); }

  /** Policy Information rows as [label, percent text, dollars text]. */
  async policyRows(): Promise<string[][]> {
    return this.page.locator('[data-testid=policy-information] tr').evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.children).map((c) => (c.textContent ?? '').trim())));
  }
}
