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

  async metric(): Promise<string> { return (await this.page.locator('[data-testid=metric-value]').textContent()) ?? ''; }
  async tab(key: 'roi' | 'rol' | 'lol' | 'mol'): Promise<void> { await this.page.click(`[data-testid=tab-${key}]`); }
}
