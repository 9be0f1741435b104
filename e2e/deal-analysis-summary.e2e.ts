import { mkdtempSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollars, postAs, textOf } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';
import { expectWorkbookConvention } from './support/export-convention.ts';

/**
 * Issue 18 #12–#17 on deal analysis: the tranche summary (the API's numbers), breakeven CDRs,
 * yields at a typed price and the comparison with a pinned run, at 1400×900 and 1024×768.
 */
const shots = mkdtempSync(join(tmpdir(), 'deal-summary-e2e-'));
const DNA1 = 'STACR 2026-DNA1';

const post = postAs;

const text = textOf;

async function runWith(page: Page, cdr: string): Promise<void> {
  await page.fill('#input-cpr', '10');
  await page.fill('#input-cdr', cdr);
  await page.fill('#input-lossSeverity', '25');
  await page.fill('#input-delinquency', '0');
  await page.fill('#input-libor', '4');
  await page.click('[data-testid=run-scenario]');
}

describe('deal analysis: tranche summary, breakeven and run comparison', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  for (const size of [{ width: 1400, height: 900 }, { width: 1024, height: 768 }]) {
    it(`shows every class with the API's numbers, solves breakevens and compares runs at ${size.width}×${size.height}`, { timeout: 400_000 }, async () => {
      const { context, page } = await newPage(browser);
      await page.setViewportSize(size);
      await signIn(page, 'analyst');
      await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
      await page.locator('[data-testid=deal-title]').waitFor();
      const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
      await runWith(page, '1');
      // Runs share two cores with other work: generous waits for the server.
      await page.locator('[data-testid=tranche-summary]').waitFor({ timeout: 120_000 });
      const body = { DealName: DNA1, SettlementDate: settlement, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04] };
      const api = await post<{ BondsCashflows: { BondName: string; Wal: number; PrincipalWindow: string; BondCashflow: { Principal: number; ActualWriteDown: number }[] }[] }>('/simulate', body);

      // One row per offered class (MACR classes stay hidden), in seniority order, with the API's numbers.
      const classes = await page.locator('[data-testid=tranche-summary] tbody th').allTextContents();
      expect(classes).toContain('M-1');
      expect(classes).toContain('B-3H');
      expect(classes).not.toContain('M-2R');
      const b1 = api.BondsCashflows.find((b) => b.BondName === 'B-1H')!;
      // A class paid no principal has no WAL on the summary (issue 23 #6), though the API's WAL weighs its write-downs.
      const paid = b1.BondCashflow.some((r) => r.Principal > 0);
      expect(await text(page, 'summary-wal-B-1H')).toBe(b1.PrincipalWindow && paid ? b1.Wal.toFixed(2) : '-----');
      expect(await text(page, 'summary-loss-B-1H')).toBe(dollars(b1.BondCashflow.reduce((s, r) => s + r.ActualWriteDown, 0)));

      // A row picks the class whose periods show below; the select goes back to the collateral.
      await page.click('[data-testid=summary-row-M-1]');
      await page.locator('[data-testid=bond-table]').waitFor();
      expect(await page.locator('[data-testid=result-tab-M-1]').getAttribute('class')).toContain('active');
      await page.selectOption('[data-testid=detail-select]', 'Collateral');
      await page.locator('[data-testid=collateral-table]').waitFor();

      // Yield at a typed price: the server's bond run at that price.
      await page.fill('[data-testid=summary-price-M-1]', '99.5');
      await page.click('[data-testid=compute-yields]');
      const expectedYield = (await post<{ Value: number }>('/simulate/yield', { ...body, BondName: 'M-1', Price: 99.5 })).Value;
      await expect.poll(() => text(page, 'summary-yield-M-1'), { timeout: 60_000 }).toBe(`${(expectedYield * 100).toFixed(4)}%`);

      // Breakeven CDRs on request, equal to the API's.
      await page.click('[data-testid=compute-breakeven]');
      await page.locator('[data-testid=breakeven-first-M-1]').waitFor({ timeout: 110_000 });
      const be = await post<{ Breakevens: { BondName: string; FirstLossCdr: number | null; FullWriteDownCdr: number | null }[] }>(
        '/simulate/breakeven', { ...body, BondNames: ['M-1'] });
      expect(await text(page, 'breakeven-first-M-1')).toBe(be.Breakevens[0]!.FirstLossCdr!.toFixed(2));
      expect(await text(page, 'breakeven-full-M-1')).toBe(be.Breakevens[0]!.FullWriteDownCdr!.toFixed(2));
      // Charts: ECharts draws each one (loaded with the first chart).
      for (const chart of ['chart-collateral', 'chart-losses', 'chart-classes']) await page.locator(`[data-testid=${chart}] canvas`).first().waitFor();
      await page.screenshot({ path: join(shots, `summary-${size.width}.png`), fullPage: true });

      // Pin this run, run at a higher CDR: each class shows its change beside the new value.
      await page.click('[data-testid=pin-run]');
      await runWith(page, '2');
      await page.locator('[data-testid=pinned-label]').waitFor();
      expect(await text(page, 'pinned-label')).toContain('CDR 1,');
      await page.locator('[data-testid=delta-M-1-loss]').waitFor();
      const api2 = await post<typeof api>('/simulate', { ...body, Cdr: [0, 0.02] });
      const loss = (run: typeof api, name: string) => run.BondsCashflows.find((b) => b.BondName === name)!.BondCashflow.reduce((s, r) => s + r.ActualWriteDown, 0);
      expect(await text(page, 'delta-M-1-loss')).toBe(`+${dollars(loss(api2, 'M-1') - loss(api, 'M-1'))}`);
      // The breakevens of the earlier run are gone with it.
      expect(await page.locator('[data-testid=breakeven-first-M-1]').count()).toBe(0);
      await page.screenshot({ path: join(shots, `compare-${size.width}.png`), fullPage: true });
      // At 1024 px the table scrolls inside its panel instead of widening the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await context.close();
    });
  }

  it('exports one workbook that reads back, and runs a vendor ramp typed in CPR', { timeout: 400_000 }, async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
    await page.locator('[data-testid=deal-title]').waitFor();
    // The ramp's expanded vector on hover, and the run's per-period CPR following it.
    await page.fill('#input-cdr', '1');
    await page.fill('#input-lossSeverity', '25');
    await page.fill('#input-libor', '4');
    await page.fill('#input-cpr', '5 12R 10');
    expect(await page.getAttribute('#input-cpr', 'title')).toContain('13 periods (the last extends to maturity): 5, 5.4167');
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=tranche-summary]').waitFor({ timeout: 120_000 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-workbook]')]);
    expect(download.suggestedFilename()).toBe('STACR_2026-DNA1_workbook.xlsx');
    const book = new ExcelJS.Workbook();
    const bytes = readFileSync(await download.path());
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const names = book.worksheets.map((w) => w.name);
    // The run's per-period input vectors sit beside the summary (issue 25 #9).
    expect(names.slice(0, 4)).toEqual(['Inputs', 'Summary', 'Vectors', 'Collateral']);
    expect(names).toContain('M-1');
    expect(names).toContain('B-3H');
    const inputs = book.getWorksheet('Inputs')!;
    expect(inputs.getRow(1).values).toEqual([undefined, 'User', 'analyst']);
    const inputLines = new Map<string, unknown>();
    inputs.eachRow((row) => { inputLines.set(String(row.getCell(1).value), row.getCell(2).value); });
    expect(inputLines.get('CPR (%)')).toBe('5 12R 10');
    expect(inputLines.get('CDR (%)')).toBe(1);
    // The summary's numbers are numbers, equal to the screen's.
    const summary = book.getWorksheet('Summary')!;
    let m1Loss: unknown = null;
    summary.eachRow((row) => { if (row.getCell(1).value === 'M-1') m1Loss = row.getCell(10).value; });
    expect(typeof m1Loss).toBe('number');
    expect(dollars(m1Loss as number)).toBe(await text(page, 'summary-loss-M-1'));
    const sheet = book.getWorksheet('Collateral')!;
    const collateral = sheet.getRow(11);
    expect(collateral.getCell(1).value).toBe(1);
    // The run followed the ramp: CPR 5 % in period 1, 7.5 % in period 7, 10 % from period 13.
    const cprColumn = (sheet.getRow(10).values as unknown[]).indexOf('CPR');
    expect(cprColumn).toBeGreaterThan(0);
    const cprOf = (period: number) => Number(sheet.getRow(10 + period).getCell(cprColumn).value);
    expect(cprOf(1)).toBeCloseTo(5, 6);
    expect(cprOf(7)).toBeCloseTo(7.5, 6);
    expect(cprOf(13)).toBeCloseTo(10, 6);
    expect(cprOf(20)).toBeCloseTo(10, 6);
    expect(collateral.getCell(2).value).toBeInstanceOf(Date);
    expect(collateral.getCell(3).numFmt).toBe('#,##0.00');
    // One export convention (issue 18 #10): every date a mm/dd/yyyy date cell (the header block's
    // settlement and run dates too), no number with more places than its column's format allows.
    for (const label of ['Settlement Date', 'Run Date']) expect(inputLines.get(label), label).toBeInstanceOf(Date);
    expect(sheet.getRow(4).getCell(2).numFmt).toBe('mm/dd/yyyy');
    const seen = expectWorkbookConvention(book);
    expect(seen.dates).toBeGreaterThan(200);
    expect(seen.numbers).toBeGreaterThan(1000);
    await page.screenshot({ path: join(shots, 'ramp-1400.png') });

    // Bond analysis: the bond's balance and flows as charts after a run.
    await page.goto(`/bond_analysis?dealName=${encodeURIComponent(DNA1)}&bondName=M-1`);
    await page.locator('[data-testid=pricing-panel]').waitFor();
    await page.click('[data-testid=pricing-tab-yield]');
    await page.fill('[data-testid=input-price]', '100');
    await page.click('[data-testid=calculate]');
    for (const chart of ['chart-bond-balance', 'chart-bond-flows']) await page.locator(`[data-testid=${chart}] canvas`).first().waitFor({ timeout: 60_000 });
    for (const size of [{ width: 1400, height: 900 }, { width: 1024, height: 768 }]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(shots, `bond-${size.width}.png`), fullPage: true });
    }
    await context.close();
  });

  it('prints where the screenshots are', () => {
    console.log(`deal summary screenshots: ${shots}`);
    expect(shots).toContain('deal-summary-e2e-');
  });
});
