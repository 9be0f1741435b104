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

  /**
   * Texts of the elements matching `selector`, in display order: AG Grid positions rows
   * absolutely, so DOM order is not row order; its `row-index` attribute is.
   */
  private async inRowOrder(selector: string, read: 'testid' | 'text'): Promise<string[]> {
    const items = await this.page.locator(selector).evaluateAll((els, how) => els.map((e) => ({
      index: Number(e.closest('[row-index]')?.getAttribute('row-index') ?? -1),
      value: how === 'testid' ? (e.getAttribute('data-testid') ?? '') : (e.textContent ?? ''),
    })), read);
    return items.sort((a, b) => a.index - b.index).map((x) => x.value);
  }

  /** Group headers in display order. */
  async groupNames(): Promise<string[]> {
    return (await this.inRowOrder('[data-testid^="catalog-group-"]', 'testid')).map((id) => id.replace('catalog-group-', ''));
  }

  /** Deal names currently rendered in the grid, in display order (the grid virtualises, so only rows near the viewport). */
  async visibleDealNames(): Promise<string[]> {
    return this.inRowOrder('[data-testid="catalog-deal-link"]', 'text');
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
