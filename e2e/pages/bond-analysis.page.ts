import type { Page } from 'playwright-core';

/** Page model of /bond_analysis: inputs, tabs, buttons, result box and matrix cells. */
export class BondAnalysisPage {
  constructor(readonly page: Page) {}

  async open(query: Record<string, string>): Promise<void> {
    await this.page.goto(`/bond_analysis?${new URLSearchParams(query)}`);
    await this.page.locator('[data-testid=pricing-panel]').waitFor();
  }

  tab(name: 'price' | 'yield' | 'spread') { return this.page.locator(`[data-testid=pricing-tab-${name}]`); }
  async fill(field: 'price' | 'yield' | 'spread' | 'benchmark' | 'cpr' | 'cdr' | 'severity' | 'delinquency' | 'libor', value: string): Promise<void> {
    await this.page.fill(`[data-testid=input-${field}]`, value);
  }

  /** Clicks Calculate and waits for a result or an error. */
  async calculate(): Promise<void> {
    await this.page.click('[data-testid=calculate]');
    await this.page.waitForFunction(() => {
      const v = document.querySelector('[data-testid=result-value]')?.textContent ?? '';
      const busy = (document.querySelector('[data-testid=calculate]') as HTMLButtonElement | null)?.disabled;
      return !busy && (v !== '-----' || !!document.querySelector('[data-testid=pricing-error]'));
    });
  }

  /** Calculate, returning the JSON body of the run request (`pathPart` of its URL) once the result shows. */
  async calculateSending(pathPart: string): Promise<Record<string, unknown>> {
    const [request] = await Promise.all([
      this.page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(pathPart) && !r.url().includes('/matrix')),
      this.calculate(),
    ]);
    return request.postDataJSON() as Record<string, unknown>;
  }

  /** Run Matrix, returning the JSON body of the matrix request once the grid shows. */
  async runMatrixSending(): Promise<Record<string, unknown>> {
    const [request] = await Promise.all([
      this.page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/matrix')),
      this.runMatrix(),
    ]);
    return request.postDataJSON() as Record<string, unknown>;
  }

  async runMatrix(): Promise<void> {
    await this.page.click('[data-testid=run-matrix]');
    await this.page.locator('[data-testid=matrix-grid]').waitFor();
  }

  cell(cpr: number, cdr: number) { return this.page.locator(`[data-testid=matrix-grid] td[data-cpr="${cpr}"][data-cdr="${cdr}"]`); }
  async resultText(): Promise<string> { return (await this.page.locator('[data-testid=result-value]').textContent()) ?? ''; }
  async errorText(): Promise<string | null> { return this.page.locator('[data-testid=pricing-error]').textContent(); }
}
