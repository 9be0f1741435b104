import type { Page, Request } from 'playwright-core';

/**
 * Page model of /acis_analysis and /cirt_analysis (they share the settings, run buttons and
 * result tabs): open, run a scenario or matrix capturing the request the page sent, read results.
 */
export class ReinsuranceAnalysisPage {
  constructor(readonly page: Page, readonly kind: 'acis' | 'cirt') {}

  async open(query: Record<string, string>): Promise<void> {
    await this.page.goto(`/${this.kind}_analysis?${new URLSearchParams(query)}`);
    await this.page.locator('[data-testid=run-scenario]').waitFor();
  }

  /** Clicks a run button and returns the JSON body of the simulation request it made. */
  async run(button: 'run-scenario' | 'run-matrix' | 'run-blended', pathPart: string): Promise<{ url: string; body: Record<string, unknown> }> {
    const [request] = await Promise.all([
      this.page.waitForRequest((r: Request) => r.method() === 'POST' && r.url().includes(pathPart)),
      this.page.click(`[data-testid=${button}]`),
    ]);
    await request.response();
    await this.page.waitForFunction((b) => !(document.querySelector(`[data-testid=${b}]`) as HTMLButtonElement | null)?.disabled, button);
    return { url: request.url(), body: request.postDataJSON() as Record<string, unknown> };
  }

  /** Clicks a run button and returns every simulation request it made (Run All Bonds makes one per bond). */
  async runAll(button: string, pathPart: string, count: number): Promise<Record<string, unknown>[]> {
    const bodies: Record<string, unknown>[] = [];
    const listener = (r: Request) => { if (r.method() === 'POST' && r.url().includes(pathPart)) bodies.push(r.postDataJSON() as Record<string, unknown>); };
    this.page.on('request', listener);
    await this.page.click(`[data-testid=${button}]`);
    await this.page.waitForFunction((b) => !(document.querySelector(`[data-testid=${b}]`) as HTMLButtonElement | null)?.disabled, button);
    await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid=bond-tabs] button').length === n, count);
    this.page.off('request', listener);
    return bodies;
  }

  /**
   * Text of a cashflow-table cell. AG Grid renders only the rows and columns in view, so the grid
   * is scrolled to the right end when asked (the rate columns) and down to the row first.
   */
  async cashflowCell(rowIndex: number, colId: string, scrollRight = false): Promise<string> {
    const grid = this.page.locator('[data-testid=insurance-cashflow]');
    await grid.hover();
    // Rows are 26 px high (the table's theme); the wheel scrolls whatever viewport AG Grid uses.
    await this.page.mouse.wheel(0, Math.max(0, rowIndex - 2) * 26);
    if (scrollRight) await this.page.mouse.wheel(5000, 0);
    return (await grid.locator(`[row-index="${rowIndex}"] [col-id="${colId}"]`).textContent()) ?? '';
  }

  async metric(): Promise<string> { return (await this.page.locator('[data-testid=metric-value]').textContent()) ?? ''; }
  async tab(key: 'roi' | 'rol' | 'lol' | 'mol'): Promise<void> { await this.page.click(`[data-testid=tab-${key}]`); }

  /** Types a settlement date (YYYY-MM-DD) and waits for the deal detail of that date. */
  async settle(isoDate: string): Promise<void> {
    const ymd = isoDate.replaceAll('-', '');
    await Promise.all([
      this.page.waitForResponse((r) => r.url().includes(`/details?settlementDate=${ymd}`)),
      this.page.fill('[data-testid=settlement-date]', isoDate),
    ]);
  }

  /** Opens the scenario picker, picks a saved scenario by name and chooses it. */
  async chooseScenario(name: string): Promise<void> {
    await this.page.click('[data-testid=pick-scenario]');
    await this.page.locator(`[data-testid="scenario-row"][data-name="${name}"]`).click();
    await this.page.locator(`[data-testid="detail-name"][value="${name}"]`).waitFor();
    await this.page.click('[data-testid=picker-choose]');
  }
}
