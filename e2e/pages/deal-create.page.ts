import type { Page } from 'playwright-core';

/** Page model of /deal_create: fields by their issue path, toolbar buttons by label, alerts, errors. */
export class DealCreatePage {
  constructor(readonly page: Page) {}

  async open(query: Record<string, string>): Promise<void> {
    await this.page.goto(`/deal_create?${new URLSearchParams(query)}`);
    await this.page.locator('[data-testid=deal-create-page]').waitFor();
  }

  /** Types into a field (dates as YYYY-MM-DD). */
  async fill(path: string, value: string): Promise<void> {
    await this.page.fill(`[data-testid="field-${path}"]`, value);
  }

  async click(label: string): Promise<void> {
    await this.page.getByRole(label === 'Go to CIRT' || label === 'Go to ACIS' || label === 'Go to STACR' ? 'link' : 'button', { name: label, exact: true }).click();
  }

  /** The error shown under a field. */
  async error(path: string): Promise<string> {
    return (await this.page.locator(`[data-testid="error-${path}"]`).textContent()) ?? '';
  }

  /** Waits for an alert of a kind with the text. */
  async alert(kind: 'success' | 'danger', text: string): Promise<void> {
    await this.page.locator(`[data-testid=alert-${kind}]`, { hasText: text }).first().waitFor();
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path, fullPage: true });
  }
}
