import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, DEAL_CATALOG_CSV_KINDS, exportCell } from '@opencrt/contracts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';
import { CATALOG_GROUP_ORDER, DealCatalogPage } from './pages/deal-catalog.page.ts';
import { makeCatalogRows } from '../apps/web/src/components/deal-catalog/catalog-fixtures.ts';

interface CatalogRow { DealName: string; DealType: string; [key: string]: unknown }

/** The API's catalog for the signed-in page (same token the app uses). */
async function apiCatalog(page: Page): Promise<CatalogRow[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'crt_token')?.value ?? '';
  const res = await page.request.get('/api/deals', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as CatalogRow[];
}

async function apiGet(page: Page, path: string): Promise<unknown> {
  const token = (await page.context().cookies()).find((c) => c.name === 'crt_token')?.value ?? '';
  return (await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
}

describe('deal catalog', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('shows every group in order with its deals, styled by the catalog rules', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const catalog = new DealCatalogPage(page);
    await catalog.grid.waitFor();
    await page.locator('[data-testid="catalog-deal-link"]').first().waitFor();
    const rows = await apiCatalog(page);
    expect(await catalog.groupNames()).toEqual([...CATALOG_GROUP_ORDER]);
    expect(await catalog.shownCount()).toBe(rows.length);

    // Collapse every group, then open one at a time and compare its deals with the API's.
    for (const g of CATALOG_GROUP_ORDER) await catalog.group(g).click();
    await expect.poll(() => catalog.visibleDealNames()).toEqual([]);
    for (const g of CATALOG_GROUP_ORDER) {
      await catalog.group(g).click();
      const expected = rows.filter((r) => r.DealType === g).map((r) => r.DealName).sort();
      await expect.poll(async () => [...(await catalog.visibleDealNames())].sort(), { message: g }).toEqual(expected);
      if (g === 'RMBS') expect((await catalog.visibleDealNames()).slice(-2)).toEqual(['SQMT TEST 2025-1', 'VERUS 2025-1p2']);
      await catalog.group(g).click();
      await expect.poll(() => catalog.visibleDealNames()).toEqual([]);
    }
    for (const g of CATALOG_GROUP_ORDER) await catalog.group(g).click();

    const rowOf = (name: string) => page.locator('.ag-row', { has: page.locator(`[data-testid="catalog-deal-link"]:text-is("${name}")`) });
    expect(await rowOf('ACIS 2015-2').getAttribute('class')).toContain('deal-catalog-row-inactive');
    expect(await rowOf('CIRT 2022-7').getAttribute('class')).toContain('deal-catalog-row-inactive');
    expect(await rowOf('CIRT 2023-9').getAttribute('class')).not.toContain('deal-catalog-row-inactive');
    expect(await rowOf('VERUS 2025-1p2').getAttribute('class')).toContain('deal-catalog-row-special');
    expect(await rowOf('SDART 2019-1').getAttribute('class')).toContain('deal-catalog-row-inactive');
    // links by family
    expect(await rowOf('ACIS 2020-DNA3').locator('a').getAttribute('href')).toBe('/acis_analysis?dealName=ACIS+2020-DNA3');
    expect(await rowOf('CIRT 2023-9').locator('a').getAttribute('href')).toBe('/cirt_analysis?dealName=CIRT+2023-9');
    expect(await rowOf('STACR 2026-DNA1').locator('a').getAttribute('href')).toBe('/deal_analysis?dealName=STACR+2026-DNA1');
    // formats: MM/DD/YYYY dates, dollars with 2 decimals, factor month MM/YYYY
    const cells = await rowOf('STACR 2026-DNA1').locator('.ag-cell').allTextContents();
    expect(cells.slice(2, 5)).toEqual(['02/17/2026', '02/25/2046', '22,781,151,551.84']);
    expect(cells[7]).toBe('10/2026');
    await context.close();
  });

  it('filters and clears', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const catalog = new DealCatalogPage(page);
    await page.locator('[data-testid="catalog-deal-link"]').first().waitFor();
    const rows = await apiCatalog(page);
    await catalog.filterBy('dna');
    const expected = rows.filter((r) => r.DealName.toLowerCase().includes('dna')).map((r) => r.DealName).sort();
    await expect.poll(() => catalog.shownCount()).toBe(expected.length);
    await expect.poll(async () => (await catalog.visibleDealNames()).sort()).toEqual(expected);
    await expect.poll(() => catalog.groupNames()).toEqual(['ACIS', 'STACR']);
    await catalog.clear.click();
    expect(await catalog.filter.inputValue()).toBe('');
    await expect.poll(() => catalog.shownCount()).toBe(rows.length);
    await expect.poll(() => catalog.groupNames()).toEqual([...CATALOG_GROUP_ORDER]);
    await context.close();
  });

  it('searches by CUSIP: empty, miss and hit', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const catalog = new DealCatalogPage(page);
    await page.locator('[data-testid="catalog-deal-link"]').first().waitFor();
    await catalog.searchCusip('');
    await expect.poll(() => catalog.alerts.allTextContents()).toContain('Please provide CUSIP');
    await catalog.searchCusip('000000000');
    await expect.poll(() => catalog.alerts.allTextContents()).toContain('No deal found for CUSIP 000000000');
    const detail = (await apiGet(page, `/deals/${encodeURIComponent('CAS 2021-R03')}`)) as { Bonds: { BondName: string; Cusip: string | null }[] };
    const bond = detail.Bonds.find((b) => b.BondName === '1M-2');
    expect(bond?.Cusip).toBeTruthy();
    await catalog.searchCusip(bond?.Cusip ?? '');
    await page.waitForURL((url) => url.pathname === '/deal_analysis');
    expect(new URL(page.url()).searchParams.get('dealName')).toBe('CAS 2021-R03');
    expect(new URL(page.url()).searchParams.get('bondName')).toBe('1M-2');
    await context.close();
  });

  it('admin export downloads deals_catalog.csv whose rows match the API', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'admin');
    const catalog = new DealCatalogPage(page);
    await page.locator('[data-testid="catalog-deal-link"]').first().waitFor();
    const download = await catalog.exportCsv();
    expect(download.suggestedFilename()).toBe('deals_catalog.csv');
    const path = await download.path();
    const lines = readFileSync(path, 'utf8').trim().split(/\r?\n/);
    const header = (lines[0] ?? '').split(',');
    const rows = await apiCatalog(page);
    expect(lines.length - 1).toBe(rows.length);
    lines.slice(1).forEach((line, i) => {
      const cells = line.split(',');
      const api = rows[i];
      if (!api) throw new Error('missing API row');
      // The export convention (issue 18 #10): API YYYYMMDD dates as YYYY-MM-DD, numbers rounded to their column's kind.
      header.forEach((col, j) => {
        const kind = DEAL_CATALOG_CSV_KINDS[col as keyof typeof DEAL_CATALOG_CSV_KINDS];
        expect(cells[j], `${api.DealName} ${col}`).toBe(csvField(exportCell(api[col], kind), kind));
        if (kind === 'date' && cells[j]) expect(cells[j], `${api.DealName} ${col}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      });
    });
    await context.close();
  });

  it('a plain user sees no Export button', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.locator('[data-testid="catalog-deal-link"]').first().waitFor();
    expect(await new DealCatalogPage(page).exportButton.count()).toBe(0);
    await context.close();
  });

  it('stays responsive filtering a 1,000-deal catalog (prints the time per keystroke)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const big = makeCatalogRows(1000);
    await page.route('**/api/deals', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(big) }));
    const catalog = new DealCatalogPage(page);
    await page.goto('/deal_catalog');
    await page.locator('[data-testid="catalog-deal-link"]').first().waitFor();
    expect(await catalog.shownCount()).toBe(1000);
    const text = 'stacr 2021-dna1';
    // In-page latency of each keystroke: keydown to the second animation frame after it
    // (the frame that shows the filtered grid).
    await catalog.filter.evaluate((input) => {
      const w = window as unknown as { keyLatency: number[] };
      w.keyLatency = [];
      input.addEventListener('keydown', () => {
        const t0 = performance.now();
        requestAnimationFrame(() => requestAnimationFrame(() => w.keyLatency.push(performance.now() - t0)));
      });
    });
    await catalog.filter.click();
    await page.keyboard.type(text, { delay: 50 });
    const expected = big.filter((r) => r.DealName.toLowerCase().includes(text)).length;
    await expect.poll(() => catalog.shownCount()).toBe(expected);
    const latency = (await page.evaluate(() => (window as unknown as { keyLatency: number[] }).keyLatency)).sort((x, y) => x - y);
    expect(latency).toHaveLength(text.length);
    console.log(`e2e catalog filter on 1,000 deals: keydown to painted grid median ${latency[Math.floor(latency.length / 2)]?.toFixed(1)} ms, `
      + `max ${latency.at(-1)?.toFixed(1)} ms over ${latency.length} keystrokes`);
    await expect.poll(async () => (await catalog.visibleDealNames()).every((n) => n.toLowerCase().includes(text))).toBe(true);
    await context.close();
  });
});
