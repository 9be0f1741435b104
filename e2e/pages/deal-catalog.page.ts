/**
 * Page model of /deal_catalog (spec 000 "Deal Catalog") for the Chromium e2e tests.
 */
import type { Download, Locator, Page } from 'playwright-core';

export const CATALOG_GROUP_ORDER = ['ACIS', 'CIRT', 'STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency'] as const;

export class DealCatalogPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/deal_catalog`);
    await this.grid.waitFor();
    await this.page.locator('[data-testid="catalog-deal-link"]').first().waitFor();
  }

  get grid(): Locator { return this.page.getByTestId('deal-catalog-grid'); }
  get filter(): Locator { return this.page.getByTestId('catalog-filter'); }
  get clear(): Locator { return this.page.getByTestId('catalog-filter-clear'); }
  get count(): Locator { return this.page.getByTestId('catalog-count'); }
  get cusipInput(): Locator { return this.page.getByTestId('cusip-input'); }
  get cusipSearch(): Locator { return this.page.getByTestId('cusip-search'); }
  /** The shell's danger alerts (CUSIP search messages). */
  get alerts(): Locator { return this.page.getByTestId('alert-danger'); }
  get exportButton(): Locator { return this.page.getByTestId('catalog-export'); }

  group(name: string): Locator { return this.page.getByTestId(`catalog-group-${name}`); }

  /** Group headers in display order. */
  async groupNames(): Promise<string[]> {
    const ids = await this.page.locator('[data-testid^="catalog-group-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace('catalog-group-', ''));
  }

  /** Deal names currently rendered in the grid (the grid virtualises, so only visible rows). */
  async visibleDealNames(): Promise<string[]> {
    return this.page.locator('[data-testid="catalog-deal-link"]').allTextContents();
  }

  /** "N of M deals" → N. */
  async shownCount(): Promise<number> {
    const text = (await this.count.textContent()) ?? '';
    return Number(/^(\d+)/.exec(text)?.[1] ?? NaN);
  }

  async filterBy(text: string): Promise<void> {
    await this.filter.fill(text);
  }

  async searchCusip(cusip: string): Promise<void> {
    await this.cusipInput.fill(cusip);
    await this.cusipSearch.click();
  }

  async exportCsv(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton.click()]);
    return download;
  }
}
