import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BondAnalysisPage } from './pages/bond-analysis.page.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

/** Issue 25 #2–#4 on the bond screen: price from DM, clean and dirty prices, the yield table. */
const DNA1 = 'STACR 2026-DNA1';

async function apiPost<T>(path: string, body: object): Promise<T> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'analyst', password: passwordOf('analyst'), grant_type: 'password' }),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const res = await fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

async function settlementOf(page: Page): Promise<number> {
  return Number((await page.locator('[data-testid=settlement]').textContent())?.replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3$1$2'));
}
const text = async (page: Page, id: string) => (await page.locator(`[data-testid=${id}]`).textContent())?.trim();

describe('pricing tools (issue 25)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('prices M-2 from a DM of 150 bp as the API does, with clean, accrued and dirty prices', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: DNA1, bondName: 'M-2', tab: 'price' });
    await page.click('[data-testid=price-from-dm]');
    await page.fill('[data-testid=input-dm]', '150');
    await bond.fill('cpr', '10');
    await bond.fill('cdr', '0.5');
    await bond.fill('severity', '25');
    await bond.fill('delinquency', '0');
    await bond.fill('libor', '4');
    const sent = await bond.calculateSending('/simulate/price');
    expect(sent.DiscountMargin).toBe(150);
    expect(sent).not.toHaveProperty('Yield');
    const body = { DealName: DNA1, BondName: 'M-2', SettlementDate: await settlementOf(page), PrepaymentModel: 'UserDefined', DiscountMargin: 150, Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04] };
    const api = await apiPost<{ Value: number; CleanPrice: number; DirtyPrice: number; AccruedInterest: number; DiscountMargin: { Value: number } }>('/simulate/price', body);
    expect(await bond.resultText()).toBe(api.Value.toFixed(5));
    expect(await text(page, 'result-clean-price')).toBe(api.CleanPrice.toFixed(5));
    expect(await text(page, 'result-dirty-price')).toBe(api.DirtyPrice.toFixed(5));
    expect(await text(page, 'result-accrued')).toBe(api.AccruedInterest.toFixed(5));
    // The round trip: the DM at the price is 150.0 bp.
    expect(await text(page, 'result-dm')).toBe('150.0 bp');
    // A bad DM is refused on the screen with the server's words.
    await page.fill('[data-testid=input-dm]', '20000');
    await page.click('[data-testid=calculate]');
    expect(await text(page, 'pricing-error')).toBe('Discount Margin must be between -1,000 and 10,000 bp.');
    await context.close();
  });

  for (const viewport of [{ width: 1400, height: 900 }, { width: 1024, height: 768 }]) {
    it(`builds a yield table of two scenarios × two prices equal to the API, and exports it (${viewport.width}×${viewport.height})`, async () => {
      const { context, page } = await newPage(browser, { acceptDownloads: true });
      await page.setViewportSize(viewport);
      await signIn(page, 'analyst');
      const bond = new BondAnalysisPage(page);
      await bond.open({ dealName: DNA1, bondName: 'M-2', tab: 'yield' });
      await bond.fill('libor', '4');
      await page.fill('[data-testid=yield-table-columns]', '98, 100');
      for (const [k, v] of [['cpr', '10'], ['cdr', '0.5'], ['lossSeverity', '25'], ['delinquency', '0']] as const) await page.fill(`[data-testid=yt-${k}-0]`, v);
      await page.click('[data-testid=yt-add-row]');
      await page.fill('[data-testid=yt-name-1]', 'Stress');
      for (const [k, v] of [['cpr', '5'], ['cdr', '3'], ['lossSeverity', '40'], ['delinquency', '2']] as const) await page.fill(`[data-testid=yt-${k}-1]`, v);
      await page.click('[data-testid=yt-run]');
      await page.locator('[data-testid=yt-result]').waitFor();
      const api = await apiPost<{ Cells: { Scenario: string; Price: number; Yield: number | null }[] }>('/simulate/yield-table', {
        DealName: DNA1, BondName: 'M-2', SettlementDate: await settlementOf(page), PrepaymentModel: 'UserDefined', Libor: [0, 0.04], Prices: [98, 100],
        Scenarios: [
          { Name: 'Base', Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0] },
          { Name: 'Stress', Cpr: [0, 0.05], Cdr: [0, 0.03], LossSeverity: [0, 0.4], Delinquency: [0, 0.02] },
        ],
      });
      expect(api.Cells).toHaveLength(4);
      for (const [i, cell] of api.Cells.entries()) {
        const shown = await text(page, `yt-cell-${Math.floor(i / 2)}-${i % 2}`);
        expect(shown).toBe(cell.Yield === null ? '-----' : `${(cell.Yield * 100).toFixed(3)}%`);
      }
      // The table fits the screen's width (it scrolls inside its panel, the page does not).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=yt-export]')]);
      expect(download.suggestedFilename()).toBe('STACR_2026-DNA1_M-2_yield_table.xlsx');
      const book = new ExcelJS.Workbook();
      const bytes = readFileSync(await download.path());
      await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      const cells = book.getWorksheet('Cells');
      expect(cells?.getRow(3).getCell(1).value).toBe('Base');
      expect(cells?.getRow(3).getCell(2).value).toBe(100);
      expect(cells?.getRow(4).getCell(1).value).toBe('Stress');
      await context.close();
    });
  }
});
