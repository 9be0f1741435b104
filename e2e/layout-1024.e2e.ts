import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** Inputs and selects whose value is wider than the box showing it (text cut off), by name or label. */
async function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('main input:not([type=checkbox]):not([type=date]), main select')]
    .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
    .map((e) => `${e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.name ?? e.id}=${e.value}`));
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
  /** Screenshots of a screen at 1400 × 900 and 1024 × 768 (in the temp folder), for a look by eye. */
  const shots = async (page: Page, name: string) => {
    for (const [w, h] of [[1400, 900], [1024, 768]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: path.join(tmpdir(), `layout-${name}-${w}.png`), fullPage: true });
    }
  };

  it('portfolio: the entries table and its results fit 1024 px without sideways scrolling, Deal and Yield in view', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'analyst');
    for (const [name, cols] of [['Demo reinsurance', ['Yield', 'Rate On Line', 'Loss On Line', 'Return On Line']], ['Demo bonds', ['Yield']]] as const) {
      await page.goto(`/portfolio?name=${encodeURIComponent(name)}`);
      await page.waitForSelector('[data-testid=entry-1-deal]');
      await expect.poll(() => page.inputValue('[data-testid=entry-1-deal]')).not.toBe('');
      await page.fill('[data-testid=settlement-date]', '2021-06-15');
      await page.click('[data-testid=analyze]');
      await expect.poll(() => page.textContent('[data-testid=entry-1-yield]'), { timeout: 60_000 }).not.toBe('');
      await shots(page, `portfolio-${name.split(' ')[1]}`);
      expect(await pageOverflow(page), name).toBeLessThanOrEqual(0);
      // The table itself does not scroll sideways either: every column, the results included, is on screen.
      const table = page.getByTestId('portfolio-entries');
      expect(await table.evaluate((el) => (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth), name).toBeLessThanOrEqual(0);
      for (const col of ['Deal', 'Bond', 'Scenario', ...cols]) {
        const box = (await table.locator('th', { hasText: new RegExp(`^${col}`) }).first().boundingBox()) as Box;
        expect(box, `${name} ${col}`).not.toBeNull();
        expect(box.x + box.width, `${name} ${col}`).toBeLessThanOrEqual(1024);
      }
      // Inputs are wide enough for their values (the face amount is the widest).
      const face = page.getByTestId('entry-1-OwnedFaceAmt');
      expect(await face.evaluate((el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth + 1), `${name} face`).toBe(true);
      // Editing adds the remove column: still no sideways scrolling, with room for a 17 px scrollbar.
      await page.click('[data-testid=edit]');
      await page.getByTestId('entry-1-remove').waitFor();
      const spare = await table.evaluate((el) => {
        const box = (el.parentElement as HTMLElement).clientWidth;
        (el as HTMLElement).style.width = 'min-content';
        const need = el.scrollWidth;
        (el as HTMLElement).style.width = '';
        return box - need;
      });
      console.log(`${name} editing: ${spare} px to spare at 1024`);
      expect(spare, `${name} editing`).toBeGreaterThanOrEqual(17);
      expect(await pageOverflow(page), `${name} editing`).toBeLessThanOrEqual(0);
      await page.click('[data-testid=cancel-edit]');
    }
    await context.close();
  });

  it('vendor grid: the controls and the grid fit 1024 px; the grid scrolls its own scenario columns', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'analyst');
    await page.goto('/vendor_grid');
    await page.waitForSelector('[data-testid=grid-portfolio]');
    await expect.poll(() => page.locator('[data-testid=grid-portfolio] option').allTextContents()).toContain('Demo reinsurance');
    await page.selectOption('[data-testid=grid-portfolio]', 'Demo reinsurance');
    await page.waitForSelector('[data-testid=vendor-grid] .ag-header-cell');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const grid = (await page.getByTestId('vendor-grid').boundingBox()) as Box;
    expect(grid.x + grid.width).toBeLessThanOrEqual(1024);
    await shots(page, 'vendor-grid');
    await context.close();
  });
});

describe('issue 23 #8 at 1024 × 768', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('keeps the admin navbar on one row, /deal_create within the viewport, and the /loans chart following a resize', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'admin');
    const navbar = page.getByTestId('navbar');
    await navbar.getByTestId('user-menu').waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'layout23-navbar-1024.png') });
    // One row: every item of the bar at the same height, and the bar no taller than one row.
    const rows = await navbar.evaluate((nav) => [...nav.querySelectorAll(':scope > a, :scope > span, :scope > ul > li, :scope > .nav-item')]
      .map((el) => { const r = el.getBoundingClientRect(); return { middle: r.top + r.height / 2, right: r.right }; }));
    const middles = rows.map((r) => r.middle);
    expect(Math.max(...middles) - Math.min(...middles), JSON.stringify(middles)).toBeLessThanOrEqual(4);
    expect(Math.max(...rows.map((r) => r.right))).toBeLessThanOrEqual(1024 - 8);
    expect((await navbar.boundingBox())?.height).toBeLessThanOrEqual(64);
    // A grouped link opens from its menu.
    await page.getByTestId('nav-group-Portfolios').locator('button').click();
    await navbar.getByText('Vendor Grid', { exact: true }).click();
    await page.waitForURL('**/vendor_grid');

    await page.goto('/deal_create?dealType=CIRT');
    await page.locator('[data-testid="field-Name"]').waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'layout23-deal-create-1024.png'), fullPage: true });
    expect(await pageOverflow(page), '/deal_create').toBeLessThanOrEqual(0);
    expect(await clippedControls(page), '/deal_create CIRT: inputs that cut their value').toEqual([]);
    await page.goto('/deal_create?dealType=STACR_ACIS');
    await page.locator('[data-testid="field-STACR.Name"]').waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'layout23-deal-create-stacr-1024.png'), fullPage: true });
    expect(await pageOverflow(page), '/deal_create STACR/ACIS').toBeLessThanOrEqual(0);
    // Each editor input shows its whole default value (a 1,000,000,000 pool balance was cut to '100000').
    expect(await clippedControls(page), '/deal_create STACR/ACIS: inputs that cut their value').toEqual([]);

    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/loans');
    await expect.poll(() => page.getByTestId('loans-deal').locator('option').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator('[data-testid=loans-month] option').first().waitFor({ state: 'attached' });
    await page.getByTestId('loans-history').click();
    await page.getByTestId('loans-chart').locator('canvas').first().waitFor();
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => pageOverflow(page), { timeout: 5_000 }).toBeLessThanOrEqual(0);
    const chart = (await page.getByTestId('loans-chart').locator('canvas').first().boundingBox()) as Box;
    expect(chart.x + chart.width).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: path.join(tmpdir(), 'layout23-loans-1024.png'), fullPage: true });
    await context.close();
  });

  it('deal analysis: floater coupons on one line, the tranche summary with Price and Yield in view', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'analyst');
    await page.goto('/deal_analysis?dealName=STACR+2026-DNA1');
    await page.locator('[data-testid=capital-coupon]').first().waitFor();
    for (const cell of (await page.locator('[data-testid=capital-coupon]').all()).slice(0, 12)) {
      const lines = await cell.evaluate((el) => { const r = document.createRange(); r.selectNodeContents(el); return r.getClientRects().length; });
      expect(lines, await cell.textContent() ?? '').toBe(1);
    }
    // ... without pushing the last column (Thickness) out of view.
    const table = page.locator('[data-testid=capital-structure] table').first();
    expect(await table.evaluate((el) => (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth)).toBeLessThanOrEqual(0);
    await page.click('[data-testid=run-scenario]');
    const summary = page.getByTestId('tranche-summary');
    await summary.waitFor({ timeout: 120_000 });
    await page.screenshot({ path: path.join(tmpdir(), 'layout23-deal-analysis-1024.png'), fullPage: true });
    const box = (await summary.evaluate((el) => { const r = (el.parentElement as HTMLElement).getBoundingClientRect(); return { right: r.right }; }));
    for (const name of ['Price', 'Yield']) {
      const th = (await summary.locator('thead th', { hasText: new RegExp(`^${name}`) }).first().boundingBox()) as Box;
      expect(th, name).not.toBeNull();
      expect(th.x + th.width, name).toBeLessThanOrEqual(Math.min(box.right, 1024) + 1);
    }
    await context.close();
  });
});
