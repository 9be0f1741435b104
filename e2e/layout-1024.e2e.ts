import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

/**
 * Issue 18 #8: every screen is usable at 1024 × 768. Geometry, not timing: no horizontal
 * overflow of the page, the catalog's last columns inside the grid, the collateral values clear
 * of the Assumptions column, and bond names on one line.
 */
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('screens at 1024 × 768', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('the catalog shows Deal Factor and Factor Date inside the grid, and no screen overflows sideways', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'admin');
    await page.waitForSelector('[data-testid=deal-catalog-grid] .ag-header-cell');
    const grid = (await page.locator('[data-testid=deal-catalog-grid]').boundingBox()) as Box;
    for (const name of ['Deal Factor', 'Factor Date']) {
      const header = (await page.locator('.ag-header-cell', { hasText: name }).boundingBox()) as Box;
      expect(header, name).not.toBeNull();
      expect(header.x + header.width, name).toBeLessThanOrEqual(grid.x + grid.width + 1);
    }
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    const screens: [string, string][] = [
      ['/deal_analysis?dealName=STACR+2026-DNA1', '[data-testid=collateral-info]'],
      ['/bond_analysis?dealName=STACR+2026-DNA1', '[data-testid=bond-info]'],
      ['/acis_analysis?dealName=ACIS+2020-DNA3', '[data-testid=deal-info]'],
      ['/cirt_analysis?dealName=CIRT+2023-9', '[data-testid=deal-info]'],
      ['/scenario_list', '[data-testid=scenario-table]'],
      ['/vector_list', '[data-testid=vector-list]'],
      ['/admin', '[data-testid=admin-page]'],
    ];
    for (const [url, ready] of screens) {
      await page.goto(url);
      await page.waitForSelector(ready);
      expect(await pageOverflow(page), url).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it('deal analysis: collateral values clear of the Assumptions column, bond names on one line', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'analyst');
    await page.goto('/deal_analysis?dealName=STACR+2026-DNA1');
    await page.waitForSelector('[data-testid=collateral-info] dd');
    const side = (await page.locator('[data-testid=deal-info-side]').boundingBox()) as Box;
    for (const dd of await page.locator('[data-testid=collateral-info] dd').all()) {
      const box = (await dd.boundingBox()) as Box;
      // The text itself, not only its cell: a wide amount spilled over the column beside it.
      const text = await dd.evaluate((el) => { const r = document.createRange(); r.selectNodeContents(el); const b = r.getBoundingClientRect(); return { x: b.x, y: b.y, width: b.width, height: b.height }; });
      expect(overlaps(text, side), await dd.textContent() ?? '').toBe(false);
      expect(text.x + text.width).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    const links = page.locator('[data-testid=capital-structure] td a');
    for (const link of (await links.all()).slice(0, 12)) {
      const lines = await link.evaluate((el) => el.getClientRects().length);
      expect(lines, await link.textContent() ?? '').toBe(1);
    }
    await context.close();
  });
});
