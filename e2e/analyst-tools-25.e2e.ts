import { mkdtempSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BondAnalysisPage } from './pages/bond-analysis.page.ts';
import { dollars, postAs, textOf } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

/**
 * Issue 25 #5–#7 in Chromium at 1400×900 and 1024×768: breakeven modes on the deal and bond
 * screens, SDA/PSA presets, loss timing and recovery lag inputs, and the trigger timeline strip
 * and workbook sheet — each number equal to the API's.
 */
const shots = mkdtempSync(join(tmpdir(), 'analyst-tools-25-'));
console.log(`screenshots: ${shots}`);
const DNA1 = 'STACR 2026-DNA1';

const post = postAs;

const text = textOf;

interface Timeline { Tests: string[]; Pass: (boolean | null)[][] }
interface Simulation { BondsCashflows: { BondName: string; BondCashflow: { ActualWriteDown: number }[] }[]; TriggerTimeline: Timeline }
interface Breakevens { Breakevens: { BondName: string; FirstLossCdr: number | null; FirstLossSeverity?: number | null; FullWriteDownSeverity?: number | null; FirstLossCumulativeLoss?: number | null; FullWriteDownCumulativeLoss?: number | null; FullWriteDownCdr: number | null }[] }

async function runDeal(page: Page, inputs: { cpr: string; cdr: string; severity: string; delinquency: string }): Promise<void> {
  await page.fill('#input-cpr', inputs.cpr);
  await page.fill('#input-cdr', inputs.cdr);
  await page.fill('#input-lossSeverity', inputs.severity);
  await page.fill('#input-delinquency', inputs.delinquency);
  await page.fill('#input-libor', '4');
  await page.click('[data-testid=run-scenario]');
}

describe('issue 25 #5-#7: breakeven modes, loss timing, trigger timeline', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  for (const size of [{ width: 1400, height: 900 }, { width: 1024, height: 768 }]) {
    it(`deal screen at ${size.width}×${size.height}: presets and a trigger strip equal to the API, severity breakevens, loss timing, workbook Triggers sheet`, { timeout: 500_000 }, async () => {
      const { context, page } = await newPage(browser, { acceptDownloads: true });
      await page.setViewportSize(size);
      await signIn(page, 'analyst');
      await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
      await page.locator('[data-testid=deal-title]').waitFor();
      const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
      const body = { DealName: DNA1, SettlementDate: settlement, Cpr: '150 PSA', Cdr: '100 SDA', LossSeverity: [0, 0.3], Delinquency: [0, 0.04], Libor: [0, 0.04] };

      // Presets in the CPR and CDR inputs, with 4 % delinquency: the delinquency test fails.
      await runDeal(page, { cpr: '150 PSA', cdr: '100 SDA', severity: '30', delinquency: '4' });
      await page.locator('[data-testid=trigger-strip]').waitFor({ timeout: 120_000 });
      const api = await post<Simulation>('/simulate', body);
      const rows = await page.locator('[data-testid=trigger-strip] [data-testid^=trigger-row-]').count();
      expect(rows).toBe(api.TriggerTimeline.Tests.length);
      for (const [t, test] of api.TriggerTimeline.Tests.entries()) {
        const fails = api.TriggerTimeline.Pass[t]!.filter((p) => p === false).length;
        expect(await text(page, `trigger-fails-${test}`)).toBe(`(${fails} fail)`);
        expect(await page.locator(`[data-testid^=trigger-cell-${test}-][data-state=fail]`).count()).toBe(fails);
      }
      const dlq = api.TriggerTimeline.Tests.indexOf('Delinquency');
      const firstFail = api.TriggerTimeline.Pass[dlq]!.indexOf(false) + 1;
      expect(firstFail).toBeGreaterThan(0);
      const cell = page.locator(`[data-testid=trigger-cell-Delinquency-${firstFail}]`);
      expect(await cell.getAttribute('title')).toMatch(new RegExp(`^Period ${firstFail} \\(.*\\) · Delinquency: \\$[\\d,.]+ vs threshold \\$[\\d,.]+ \\(passes at most\\) — FAIL$`));
      await cell.hover();
      // The summary's losses are the preset run's.
      const loss = (run: Simulation, name: string) => run.BondsCashflows.find((b) => b.BondName === name)!.BondCashflow.reduce((s, r) => s + r.ActualWriteDown, 0);
      expect(await text(page, 'summary-loss-B-2H')).toBe(dollars(loss(api, 'B-2H')));
      await page.locator('[data-testid=trigger-strip]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `deal-triggers-${size.width}.png`) });

      // Breakevens in mode Severity (at the run's CDR), equal to the API's.
      await page.selectOption('[data-testid=breakeven-mode]', 'Severity');
      await page.click('[data-testid=compute-breakeven]');
      await expect.poll(() => text(page, 'breakeven-first-M-2B'), { timeout: 120_000 }).not.toBe('');
      const sev = await post<Breakevens>('/simulate/breakeven', { ...body, BondNames: ['M-2B'], Mode: 'Severity' });
      const m2b = sev.Breakevens[0]!;
      expect(await text(page, 'breakeven-first-M-2B')).toBe(m2b.FirstLossSeverity === null ? '-----' : m2b.FirstLossSeverity!.toFixed(2));
      expect(await text(page, 'breakeven-full-M-2B')).toBe(m2b.FullWriteDownSeverity === null ? '-----' : m2b.FullWriteDownSeverity!.toFixed(2));
      expect(await text(page, 'breakeven-footnote')).toContain('severities in percent');
      await page.locator('[data-testid=tranche-summary]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `deal-breakeven-severity-${size.width}.png`) });

      // The workbook has the Triggers sheet, a row per period.
      if (size.width === 1400) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-workbook]')]);
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile((await download.path())!);
        const sheet = book.getWorksheet('Triggers');
        expect(sheet).toBeDefined();
        const values = sheet!.getSheetValues().filter(Boolean) as unknown[][];
        expect(values.some((r) => r.includes('Delinquency'))).toBe(true);
        expect(values.flat().filter((v) => v === 'FAIL').length).toBe(api.TriggerTimeline.Pass.flat().filter((p) => p === false).length);
      }

      // Loss timing: 2 % cumulative loss over 20/30/25/15/10 replaces the CDR; the summary's losses are the API's run.
      await page.fill('[data-testid=loss-timing-cumulativeLoss]', '2');
      await page.fill('[data-testid=loss-timing-timing]', '20 30 25 15');
      await runDeal(page, { cpr: '10', cdr: '1', severity: '25', delinquency: '0' });
      await expect.poll(() => text(page, 'run-error')).toBe('Loss Timing (% by year) shares must sum to 100 (they sum to 90).');
      await page.fill('[data-testid=loss-timing-timing]', '20 30 25 15 10');
      expect(await text(page, 'loss-timing-note')).toBe('CDR comes from the loss timing.');
      await page.click('[data-testid=run-scenario]');
      const timed = await post<Simulation>('/simulate', { ...body, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], CumulativeLoss: 2, LossTiming: '20 30 25 15 10' });
      await expect.poll(() => text(page, 'summary-loss-B-3H'), { timeout: 120_000 }).toBe(dollars(loss(timed, 'B-3H')));
      expect(await text(page, 'summary-loss-B-2H')).toBe(dollars(loss(timed, 'B-2H')));
      // A recovery lag on STACR (losses at the credit event) is refused with the reason.
      await page.fill('[data-testid=loss-timing-recoveryLag]', '6');
      await page.click('[data-testid=run-scenario]');
      await expect.poll(() => text(page, 'run-error'), { timeout: 60_000 }).toContain('Recovery Lag (months) does not apply to STACR 2026-DNA1');
      await page.locator('[data-testid=loss-timing]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `deal-loss-timing-${size.width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await context.close();
    });

    it(`bond screen at ${size.width}×${size.height}: cumulative-loss breakeven of M-1 equal to the API, loss timing inputs`, { timeout: 300_000 }, async () => {
      const { context, page } = await newPage(browser);
      await page.setViewportSize(size);
      await signIn(page, 'analyst');
      const bond = new BondAnalysisPage(page);
      await bond.open({ dealName: DNA1, bondName: 'M-1' });
      await bond.fill('cpr', '10');
      await bond.fill('cdr', '100 SDA');
      await bond.fill('severity', '25');
      await bond.fill('delinquency', '0');
      await bond.fill('libor', '4');
      await page.selectOption('[data-testid=bond-breakeven-mode]', 'CumulativeLoss');
      await page.click('[data-testid=bond-compute-breakeven]');
      await page.locator('[data-testid=bond-breakeven-first]').waitFor({ timeout: 120_000 });
      const settlement = Number((await page.locator('[data-testid=settlement]').textContent())?.replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3$1$2'));
      const be = await post<Breakevens>('/simulate/breakeven', {
        DealName: DNA1, SettlementDate: settlement, PrepaymentModel: 'UserDefined', CollateralGroup: null, CleanupCall: false, RunLoanLevel: false,
        Cpr: [0, 0.1], Cdr: '100 SDA', LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04], BondNames: ['M-1'], Mode: 'CumulativeLoss',
      });
      const m1 = be.Breakevens[0]!;
      expect(await text(page, 'bond-breakeven-first')).toBe(`${m1.FirstLossCumulativeLoss!.toFixed(2)} (${m1.FirstLossCdr!.toFixed(2)} CDR)`);
      expect(await text(page, 'bond-breakeven-full')).toBe(m1.FullWriteDownCumulativeLoss === null ? '-----' : `${m1.FullWriteDownCumulativeLoss!.toFixed(2)} (${m1.FullWriteDownCdr!.toFixed(2)} CDR)`);
      await page.fill('[data-testid=bond-loss-timing-cumulativeLoss]', '2');
      await page.fill('[data-testid=bond-loss-timing-timing]', '20 30 25 15 10');
      expect(await text(page, 'bond-loss-timing-note')).toBe('CDR comes from the loss timing.');
      await page.locator('[data-testid=bond-breakeven]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `bond-breakeven-${size.width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await context.close();
    });
  }
});
