import { mkdtempSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollars, postAs, textOf } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

/**
 * Issue 25 #1, #8, #9 in Chromium at 1400×900 and 1024×768: a pasted forward index curve (the
 * API's numbers for the same curve), DM in the tranche summary, two pinned runs compared side by
 * side, and the workbook read back with ExcelJS (summary figures as shown, Vectors, class names in
 * the sheet headers, the Compare sheet). The bond screen imports a curve from an XLSX file.
 */
const shots = mkdtempSync(join(tmpdir(), 'index-curve-e2e-'));
const DNA1 = 'STACR 2026-DNA1';
/** 3.00 % rising 2 bp a month for 24 months (then 3.46 % on). */
const CURVE_PCT = Array.from({ length: 24 }, (_, k) => Number((3 + 0.02 * k).toFixed(2)));
const CURVE = CURVE_PCT.map((x) => Number((x / 100).toPrecision(12)));

const post = postAs;

const text = textOf;
const rowOf = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

async function loadDownload(path: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  const bytes = readFileSync(path);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return book;
}

/** Runs the deal screen's scenario and returns the POST /simulate body it sent. */
async function run(page: Page): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/simulate') && r.method() === 'POST', { timeout: 60_000 }),
    page.click('[data-testid=run-scenario]'),
  ]);
  await page.locator('[data-testid=tranche-summary]').waitFor({ timeout: 120_000 });
  return request.postDataJSON() as Record<string, unknown>;
}

describe('index curves, compared runs and the workbook (issue 25 #1, #8, #9)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  for (const size of [{ width: 1400, height: 900 }, { width: 1024, height: 768 }]) {
    it(`runs a pasted curve as the API does, shows DM, compares two pinned runs and exports them (${size.width}×${size.height})`, { timeout: 400_000 }, async () => {
      const { context, page } = await newPage(browser, { acceptDownloads: true });
      await page.setViewportSize(size);
      await signIn(page, 'analyst');
      await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
      await page.locator('[data-testid=deal-title]').waitFor();
      const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
      for (const [id, v] of [['cpr', '10'], ['cdr', '1'], ['lossSeverity', '25'], ['delinquency', '0'], ['libor', '4']]) await page.fill(`#input-${id}`, v as string);

      // A forward curve pasted as a 'Period, Rate' table: the run sends it as fractions, no flat index in its place.
      await page.selectOption('[data-testid=index-curve-mode]', 'curve');
      await page.fill('[data-testid=index-curve-text]', ['Period,Rate', ...CURVE_PCT.map((x, k) => `${k + 1},${x}`)].join('\n'));
      expect(await text(page, 'index-curve-count')).toContain('24 months');
      const sent = await run(page);
      expect(sent.IndexCurve).toEqual(CURVE);
      const body = { DealName: DNA1, SettlementDate: settlement, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04], IndexCurve: CURVE };
      type Sim = { BondsCashflows: { BondName: string; BondCashflow: { Interest: number; Rate: number }[] }[] };
      const api = await post<Sim>('/simulate', body);
      const interest = (s: Sim, name: string) => s.BondsCashflows.find((b) => b.BondName === name)!.BondCashflow.reduce((t, r) => t + r.Interest, 0);
      const m1Interest = await page.locator('[data-testid=summary-row-M-1] td').nth(7).textContent();
      expect(m1Interest?.trim()).toBe(dollars(interest(api, 'M-1')));

      // DM at a typed price over the curve: the API's yield run at that price, to 0.01 bp; units in the headers.
      await page.fill('[data-testid=summary-price-M-1]', '99.5');
      await page.click('[data-testid=compute-yields]');
      const y = await post<{ Value: number; DiscountMargin: { Value: number } }>('/simulate/yield', { ...body, BondName: 'M-1', Price: 99.5 });
      await expect.poll(() => text(page, 'summary-dm-M-1'), { timeout: 60_000 }).toBe((y.DiscountMargin.Value * 1e4).toFixed(2));
      expect(await text(page, 'summary-yield-M-1')).toBe(`${(y.Value * 100).toFixed(4)}%`);
      const headers = await page.locator('[data-testid=tranche-summary] thead th').allTextContents();
      expect(headers).toContain('Yield (%)');
      expect(headers).toContain('DM (bp)');

      // Pin it; run the flat index (no curve sent: today's run) and pin that too: two columns side by side.
      await page.click('[data-testid=pin-run]');
      await page.selectOption('[data-testid=index-curve-mode]', 'flat');
      const flatSent = await run(page);
      expect(flatSent).not.toHaveProperty('IndexCurve');
      const flatApi = await post<Sim>('/simulate', { ...body, IndexCurve: undefined });
      // The curve starts below the flat 4 %: less interest for the floater than on the flat index.
      expect(interest(api, 'M-1')).toBeLessThan(interest(flatApi, 'M-1'));
      await page.click('[data-testid=pin-run]');
      await page.locator('[data-testid=compare-runs]').waitFor();
      expect(await text(page, 'pin-run')).toBe('Pin run (2/6)');
      expect(await text(page, 'compare-head-1')).toContain('index curve 3.00–3.46%, 24 months');
      expect(await text(page, 'compare-head-2')).toContain('index 4%');
      const interestRow = page.locator('[data-testid="compare-row-M-1-Interest ($)"] td');
      expect((await interestRow.nth(1).textContent())?.trim()).toBe(dollars(interest(api, 'M-1')));
      expect((await interestRow.nth(2).textContent())?.trim()).toBe(dollars(interest(flatApi, 'M-1')));
      expect((await page.locator('[data-testid="compare-row-M-1-DM (bp)"] td').nth(1).textContent())?.trim()).toBe(String(Number((y.DiscountMargin.Value * 1e4).toFixed(2))));
      await page.locator('[data-testid=compare-runs]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `compare-${size.width}.png`), fullPage: true });
      await page.locator('[data-testid=tranche-summary]').screenshot({ path: join(shots, `summary-panel-${size.width}.png`) });
      await page.locator('[data-testid=compare-runs]').screenshot({ path: join(shots, `compare-panel-${size.width}.png`) });
      // The page does not widen: the tables scroll inside their panels.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      // The workbook: Summary as shown (DM, yield, price), Vectors with the run's index, class names, Compare.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-workbook]')]);
      const book = await loadDownload(await download.path());
      const names = book.worksheets.map((w) => w.name);
      expect(names.slice(0, 4)).toEqual(['Inputs', 'Summary', 'Vectors', 'Collateral']);
      expect(names.at(-1)).toBe('Compare');
      expect(rowOf(book.getWorksheet('M-1')!, 3)).toEqual(['Bond', 'M-1']);
      const compare = book.getWorksheet('Compare')!;
      expect(rowOf(compare, 10).slice(0, 3)).toEqual(['Class', 'Figure', expect.stringContaining('Run 1: CPR 10, CDR 1')]);
      let dmCells: unknown[] = [];
      compare.eachRow((r) => { if (r.getCell(1).value === 'M-1' && r.getCell(2).value === 'DM (bp)') dmCells = rowOf(compare, r.number); });
      expect(dmCells).toEqual(['M-1', 'DM (bp)', Number((y.DiscountMargin.Value * 1e4).toFixed(2))]);
      // The flat run is on screen now: its Vectors index is 4 % every period.
      const vectors = book.getWorksheet('Vectors')!;
      expect(rowOf(vectors, 10)).toEqual(['Period', 'Payment Date', 'CPR (%)', 'CDR (%)', 'Loss Severity (%)', 'Delinquency (%)', 'Index (%)']);
      expect(vectors.getRow(11).getCell(7).value).toBe(4);
      expect(vectors.getRow(11).getCell(3).value).toBe(10);

      // Remove the flat pin: one column left.
      await page.click('[data-testid=unpin-2]');
      expect(await page.locator('[data-testid=compare-head-2]').count()).toBe(0);
      expect(await text(page, 'pin-run')).toBe('Pin run (1/6)');

      // Back on the curve: the workbook's summary carries the DM and yield as shown, Vectors the curve.
      await page.selectOption('[data-testid=index-curve-mode]', 'curve');
      await run(page);
      await page.fill('[data-testid=summary-price-M-1]', '99.5');
      await page.click('[data-testid=compute-yields]');
      await expect.poll(() => text(page, 'summary-dm-M-1'), { timeout: 60_000 }).toBe((y.DiscountMargin.Value * 1e4).toFixed(2));
      const [download2] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-workbook]')]);
      const book2 = await loadDownload(await download2.path());
      const summary = book2.getWorksheet('Summary')!;
      const head = rowOf(summary, 10);
      let m1: unknown[] = [];
      summary.eachRow((r) => { if (r.getCell(1).value === 'M-1') m1 = rowOf(summary, r.number); });
      expect(m1[head.indexOf('Price (% of face)')]).toBe(99.5);
      expect(m1[head.indexOf('Yield (%)')]).toBe(Number((y.Value * 100).toFixed(4)));
      expect((m1[head.indexOf('DM (bp)')] as number).toFixed(2)).toBe((y.DiscountMargin.Value * 1e4).toFixed(2));
      const v2 = book2.getWorksheet('Vectors')!;
      expect(v2.getRow(11).getCell(7).value).toBe(3);
      expect(v2.getRow(34).getCell(7).value).toBe(3.46);
      // Past the curve's 24 months its last rate carries on.
      expect(v2.getRow(60).getCell(7).value).toBe(3.46);
      const inputs = new Map<string, unknown>();
      book2.getWorksheet('Inputs')!.eachRow((r) => { inputs.set(String(r.getCell(1).value), r.getCell(2).value); });
      expect(inputs.get('Index Curve')).toBe('index curve 3.00–3.46%, 24 months');
      await page.screenshot({ path: join(shots, `summary-${size.width}.png`), fullPage: true });
      await context.close();
    });

    it(`imports a forward curve from XLSX on the bond screen and yields what the API answers (${size.width}×${size.height})`, { timeout: 200_000 }, async () => {
      const file = join(shots, `curve-${size.width}.xlsx`);
      const curveBook = new ExcelJS.Workbook();
      const sheet = curveBook.addWorksheet('Forward SOFR');
      sheet.addRow(['Month', 'SOFR (%)']);
      CURVE_PCT.forEach((x, k) => sheet.addRow([k + 1, x]));
      await curveBook.xlsx.writeFile(file);

      const { context, page } = await newPage(browser, { acceptDownloads: true });
      await page.setViewportSize(size);
      await signIn(page, 'analyst');
      await page.goto(`/bond_analysis?dealName=${encodeURIComponent(DNA1)}&bondName=M-1`);
      await page.locator('[data-testid=pricing-panel]').waitFor();
      await page.click('[data-testid=pricing-tab-yield]');
      for (const [id, v] of [['cpr', '10'], ['cdr', '1'], ['severity', '25'], ['delinquency', '0'], ['libor', '4']]) {
        const input = page.locator(`[data-testid=input-${id}]`);
        if (await input.count()) await input.fill(v as string);
      }
      await page.fill('[data-testid=input-price]', '100');
      await page.selectOption('[data-testid=index-curve-mode]', 'curve');
      await page.setInputFiles('[data-testid=index-curve-file]', file);
      await expect.poll(() => text(page, 'index-curve-count')).toContain('24 months');
      // A 25 bp parallel shift on top of the file's curve.
      await page.fill('[data-testid=index-curve-shift]', '25');
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().includes('/api/simulate/yield') && r.method() === 'POST', { timeout: 60_000 }),
        page.click('[data-testid=calculate]'),
      ]);
      const sent = request.postDataJSON() as Record<string, unknown>;
      const shifted = CURVE_PCT.map((x) => Number(((x + 0.25) / 100).toPrecision(12)));
      expect(sent.IndexCurve).toEqual(shifted);
      const api = await post<{ Value: number; DiscountMargin: { Value: number } }>('/simulate/yield', { ...sent });
      await expect.poll(() => text(page, 'result-value'), { timeout: 60_000 }).toBe((api.Value * 100).toFixed(5));
      // The bond workbook: the result as shown (yield %, DM bp), the shifted curve per period, the class in the headers.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-bond-workbook]')]);
      expect(download.suggestedFilename()).toBe('STACR_2026-DNA1_M-1_workbook.xlsx');
      const book = await loadDownload(await download.path());
      expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Vectors', 'M-1']);
      const lines = new Map<string, unknown>();
      book.getWorksheet('Summary')!.eachRow((r) => { lines.set(String(r.getCell(1).value), r.getCell(2).value); });
      expect(lines.get('Bond')).toBe('M-1');
      expect(lines.get('Yield (%)')).toBe(Number((api.Value * 100).toFixed(4)));
      expect(lines.get('DM (bp)')).toBe(Number((api.DiscountMargin.Value * 1e4).toFixed(2)));
      expect(await text(page, 'result-dm')).toBe(`${(Math.round(api.DiscountMargin.Value * 100_000) / 10).toFixed(1)} bp`);
      const vectors = book.getWorksheet('Vectors')!;
      expect(vectors.getRow(11).getCell(7).value).toBe(3.25);
      expect(vectors.getRow(40).getCell(7).value).toBe(3.71);
      expect(rowOf(book.getWorksheet('M-1')!, 3)).toEqual(['Bond', 'M-1']);
      await page.screenshot({ path: join(shots, `bond-${size.width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await context.close();
    });
  }

  it('prints where the screenshots are', () => {
    console.log(`index curve screenshots: ${shots}`);
    expect(shots).toContain('index-curve-e2e-');
  });
});
