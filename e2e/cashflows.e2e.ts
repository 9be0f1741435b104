import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

const DEAL = 'STACR 2026-DNA1';
const HEADER = ['Period', 'Balance', 'Gross Interest', 'Net Interest', 'Scheduled Principal', 'Prepaid Principal', 'Defaults', 'Losses', 'Recoveries', 'Delinquency', 'Libor'];
type Lists = Record<'Balance' | 'Interest' | 'PassThru' | 'ScheduledPrincipal' | 'PrepaidPrincipal' | 'Defaults' | 'Losses' | 'Recoveries' | 'Delinquency' | 'Libor', number[]>;

async function apiCall(path: string, body?: object): Promise<unknown> {
  const token = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'analyst', password: passwordOf('analyst'), grant_type: 'password' }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** A pool starting at `start` that prepays `prepay` and defaults 0.3 % of its balance a month (40 % severity). */
function pool(start: number, months: number, prepay: number): Lists {
  const l: Lists = { Balance: [start], Interest: [0], PassThru: [0], ScheduledPrincipal: [0], PrepaidPrincipal: [0], Defaults: [0], Losses: [0], Recoveries: [0], Delinquency: [0], Libor: [0] };
  for (let k = 1; k <= months; k++) {
    const b = l.Balance[k - 1]!;
    const defaults = 0.003 * b;
    const scheduled = 0.001 * b;
    const prepaid = prepay * b;
    l.Interest.push(0.06 * b / 12); l.PassThru.push(0.0575 * b / 12); l.ScheduledPrincipal.push(scheduled); l.PrepaidPrincipal.push(prepaid);
    l.Defaults.push(defaults); l.Losses.push(0.4 * defaults); l.Recoveries.push(0.6 * defaults); l.Delinquency.push(0.02); l.Libor.push(0);
    l.Balance.push(b - defaults - scheduled - prepaid);
  }
  return l;
}

async function writeCashflow(dir: string, name: string, l: Lists): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Cashflow');
  sheet.addRow(HEADER);
  l.Balance.forEach((b, k) => sheet.addRow(k === 0 ? [0, b] : [k, b, l.Interest[k], l.PassThru[k], l.ScheduledPrincipal[k], l.PrepaidPrincipal[k], l.Defaults[k], l.Losses[k], l.Recoveries[k], l.Delinquency[k], l.Libor[k]]));
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));
  return path;
}

describe('user collateral cashflows (/cashflows)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('uploads two files at once, refuses a duplicate and a malformed file, saves, and runs a deal on one', async () => {
    // The files start at the deal's pool balance at the screen's settlement date, so the run replays them unscaled.
    const details = (await apiCall(`/deals/${encodeURIComponent(DEAL)}`)) as { SettlementDate: number };
    const probe = (await apiCall('/simulate', { DealName: DEAL, SettlementDate: details.SettlementDate, UserCollateralCashflow: { CollateralCashflow: pool(1e9, 24, 0.01) } })) as
      { CollateralCashflow: { Balance: number; ScheduledPrincipal: number; PrepaidPrincipal: number; Defaults: number }[] };
    // The pool at settlement: everything the probe paid down plus what is left.
    const probeRows = probe.CollateralCashflow;
    const start = probeRows.reduce((s, r) => s + r.ScheduledPrincipal + r.PrepaidPrincipal + r.Defaults, 0) + probeRows.at(-1)!.Balance;
    const base = pool(start, 36, 0.01);
    const dir = mkdtempSync(join(tmpdir(), 'cashflows-e2e-'));
    const month = String(Math.floor(details.SettlementDate / 100));
    const baseFile = await writeCashflow(dir, `${DEAL}.${month}.E2E Base.xlsx`, base);
    const stressFile = await writeCashflow(dir, `${DEAL}.${month}.E2E Stress.Acme.xlsx`, pool(start, 24, 0.002));
    const badFile = await writeCashflow(dir, 'cashflow.xlsx', base);

    const { page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.goto('/cashflows');
    await page.getByTestId('cashflows-empty').waitFor();
    await page.getByTestId('cashflows-manage').click();
    await page.getByTestId('cashflows-file').setInputFiles([baseFile, stressFile]);
    const baseLabel = `${DEAL} / ${month} / E2E Base`;
    await page.getByTestId('cashflows-manage-list').getByText(`${DEAL} / ${month} / E2E Stress / Acme`).waitFor();
    await page.getByTestId('cashflows-manage-list').getByText(baseLabel).waitFor();
    // The same label again, and a file not named deal.month.scenario[.vendor]: each says what is wrong.
    await page.getByTestId('cashflows-file').setInputFiles([baseFile, badFile]);
    const danger = page.getByTestId('alert-danger');
    await danger.filter({ hasText: `The "${baseLabel}" cashflow already exists.` }).first().waitFor();
    await danger.filter({ hasText: 'cashflow.xlsx: the file name must be deal.month.scenario[.vendor].xlsx' }).first().waitFor();
    await page.getByTestId('cashflows-manage-close').click();

    await page.getByTestId('cashflows-unsaved').waitFor();
    await page.getByTestId('cashflows-select').selectOption(baseLabel);
    const rows = page.getByTestId('cashflow-row');
    await expect.poll(() => rows.count()).toBe(37);
    // Period 0 is blank except Balance.
    expect(await rows.nth(0).locator('[data-col=Interest]').textContent()).toBe('');
    const money = (x: number) => x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await rows.nth(2).locator('[data-col=Balance]').textContent()).toBe(money(base.Balance[2]!));
    expect(await rows.nth(2).locator('[data-col=Delinquency]').textContent()).toBe('2.00%');

    for (const [w, h] of [[1400, 900], [1024, 768]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: join(tmpdir(), `cashflows-${w}x${h}.png`) });
    }
    await page.getByTestId('cashflows-save').click();
    await page.getByTestId('alert-success').filter({ hasText: 'Saved casfhlows in the database.' }).first().waitFor();
    await page.getByTestId('cashflows-unsaved').waitFor({ state: 'detached' });
    const saved = (await apiCall('/usercollcashflow')) as { ScenarioName: string }[];
    expect(saved.map((c) => c.ScenarioName).sort()).toEqual(['E2E Base', 'E2E Stress']);

    // Deal analysis on the saved Base cashflow: the collateral table shows its balances.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DEAL)}`);
    await page.locator('[data-testid=deal-title]').waitFor();
    await page.getByTestId('user-cashflow-select').selectOption(baseLabel);
    expect(await page.locator('#input-cpr').isDisabled()).toBe(true);
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/simulate') && r.method() === 'POST'),
      page.click('[data-testid=run-scenario]'),
    ]);
    expect((sent.postDataJSON() as { UserCollateralCashflow: { ScenarioName: string } }).UserCollateralCashflow.ScenarioName).toBe('E2E Base');
    await page.locator('[data-testid=results-panel]').waitFor();
    await page.screenshot({ path: join(tmpdir(), 'cashflows-deal-run-1400x900.png') });
    for (let i = 0; i < 3; i++) {
      const text = await page.locator(`[data-testid=collateral-table] [row-index="${i}"] [col-id="c2"]`).textContent();
      expect(Math.abs(Number(text?.replaceAll(',', '')) - base.Balance[i + 1]!), `row ${i}: ${text}`).toBeLessThanOrEqual(0.01);
    }
 
    // A bonds portfolio line on the same cashflow: picked in the entry's scenario select, it replaces
    // the speeds, and the screen shows what the API answers for the same entries.
    const portfolio = `E2E cashflow ${Date.now()}`;
    await apiCall('/portfolios/', { Name: portfolio, PortfolioType: 'Bonds', PortfolioEntries: [{
      OrdinalNumber: 1, DealName: DEAL, BondName: 'M-1', OwnedFaceAmt: 1_000_000, Margin: 100, AnnualPremium: 0,
      Cpr: [10], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0],
    }] });
    await page.goto(`/portfolio?name=${encodeURIComponent(portfolio)}`);
    await page.locator('[data-testid=entry-1-scenario]').waitFor();
    await page.click('[data-testid=edit]');
    await page.locator(`[data-testid=entry-1-scenario] option[value="c:${baseLabel}"]`).waitFor({ state: 'attached' });
    await page.selectOption('[data-testid=entry-1-scenario]', `c:${baseLabel}`);
    expect(await page.isDisabled('[data-testid=entry-1-Cpr]')).toBe(true);
    const [analyzed] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/simulate/portfolio')),
      page.click('[data-testid=analyze]'),
    ]);
    const body = analyzed.postDataJSON() as { Entries: Record<string, unknown>[] };
    expect(body.Entries[0]).toMatchObject({ UserCashflowLabel: baseLabel });
    expect(body.Entries[0]).not.toHaveProperty('Cpr');
    await page.locator('[data-testid=portfolio-results]').waitFor();
    const direct = (await apiCall('/simulate/portfolio', body)) as { TotalPortfolio: { PortfolioEntries: { Yield: { IsSuccessful: boolean; Value: number } }[] } };
    const line = direct.TotalPortfolio.PortfolioEntries[0]!;
    expect(line.Yield.IsSuccessful).toBe(true);
    expect(await page.textContent('[data-testid=entry-1-yield]')).toBe(`${(line.Yield.Value * 100).toFixed(2)}%`);
  });
});
