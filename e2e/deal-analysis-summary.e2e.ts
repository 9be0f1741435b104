import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

/**
 * Issue 18 #12–#17 on deal analysis: the tranche summary (the API's numbers), breakeven CDRs,
 * yields at a typed price and the comparison with a pinned run, at 1400×900 and 1024×768.
 */
const shots = mkdtempSync(join(tmpdir(), 'deal-summary-e2e-'));
const DNA1 = 'STACR 2026-DNA1';

async function post<T>(path: string, body: object): Promise<T> {
  const token = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'analyst', password: passwordOf('analyst'), grant_type: 'password' }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const dollars = (x: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);
const text = async (page: Page, testId: string) => (await page.locator(`[data-testid="${testId}"]`).first().textContent())?.trim() ?? '';

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
    it(`shows every class with the API's numbers, solves breakevens and compares runs at ${size.width}×${size.height}`, async () => {
      const { context, page } = await newPage(browser);
      await page.setViewportSize(size);
      await signIn(page, 'analyst');
      await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
      await page.locator('[data-testid=deal-title]').waitFor();
      const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
      await runWith(page, '1');
      await page.locator('[data-testid=tranche-summary]').waitFor();
      const body = { DealName: DNA1, SettlementDate: settlement, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04] };
      const api = await post<{ BondsCashflows: { BondName: string; Wal: number; PrincipalWindow: string; BondCashflow: { ActualWriteDown: number }[] }[] }>('/simulate', body);

      // One row per offered class (MACR classes stay hidden), in seniority order, with the API's numbers.
      const classes = await page.locator('[data-testid=tranche-summary] tbody th').allTextContents();
      expect(classes).toContain('M-1');
      expect(classes).toContain('B-3H');
      expect(classes).not.toContain('M-2R');
      const b1 = api.BondsCashflows.find((b) => b.BondName === 'B-1H')!;
      expect(await text(page, 'summary-wal-B-1H')).toBe(b1.PrincipalWindow ? b1.Wal.toFixed(2) : '-----');
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

  it('prints where the screenshots are', () => {
    console.log(`deal summary screenshots: ${shots}`);
    expect(shots).toContain('deal-summary-e2e-');
  });
});
