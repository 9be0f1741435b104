import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReinsuranceAnalysisPage } from './pages/acis-analysis.page.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';
import { expectWorkbookConvention } from './support/export-convention.ts';

const DEAL = 'ACIS 2020-DNA3';

async function api<T>(method: string, path: string, body?: object): Promise<{ status: number; json: T }> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'analyst', password: passwordOf('analyst'), grant_type: 'password' }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

const pct = (v: number | null) => (v === null ? '' : `${(v * 100).toFixed(2)}%`);

describe('ACIS analysis', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('runs a scenario equal to the API, a matrix, exports the cashflow and creates a portfolio', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    const acis = new ReinsuranceAnalysisPage(page, 'acis');
    // No bondName: the page takes the first bond with a current balance.
    await acis.open({ dealName: DEAL });
    const sent = await acis.run('run-scenario', '/api/simulate/acis');
    expect(sent.body).toMatchObject({ DealName: DEAL, OwnedFaceAmt: 1_000_000, Margin: 0.2 });
    const direct = await api<{ Yield: { Value: number | null }; LineMetrics: { RateOnLine: number } }>('POST', '/simulate/acis', sent.body);
    expect(direct.status, JSON.stringify([direct.json, sent.body])).toBe(200);
    expect(await acis.metric()).toBe(pct(direct.json.Yield.Value));
    await acis.tab('rol');
    expect(await acis.metric()).toBe(pct(direct.json.LineMetrics.RateOnLine));

    await acis.run('run-matrix', '/api/simulate/acis/matrix');
    expect(await page.locator('[data-testid=matrix-grid] td').count()).toBeGreaterThan(4);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-cashflow]')]);
    expect(download.suggestedFilename()).toMatch(/^ACIS_2020-DNA3_.+\.xlsx$/);
    // One export convention (issue 18 #10): payment dates (ISO in the API) and the header block's
    // dates are mm/dd/yyyy date cells; rates in percent to 4 places, dollars to the cent.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(4).getCell(2).value).toBeInstanceOf(Date);
    expect(sheet.getRow(10).getCell(2).value).toBe('Payment Date');
    expect(sheet.getRow(12).getCell(2).value).toBeInstanceOf(Date);
    expect(sheet.getRow(12).getCell(2).numFmt).toBe('mm/dd/yyyy');
    const seen = expectWorkbookConvention(book);
    expect(seen.dates).toBeGreaterThan(10);
    expect(seen.numbers).toBeGreaterThan(100);

    const name = `e2e ACIS ${Date.now()}`;
    await page.check('#create-portfolio-check');
    expect(await page.locator('label[for=create-portfolio-check]').textContent()).toBe('Create portfolio from ACIS 2020-DNA3');
    await page.fill('[data-testid=portfolio-name]', name);
    await page.click('[data-testid=create-portfolio-button]');
    await page.waitForURL((u) => u.pathname === '/portfolio' && u.searchParams.get('name') === name);
    const stored = await api<{ PortfolioType: string; PortfolioEntries: { BondName: string; Margin: number }[] }>('GET', `/portfolios/${encodeURIComponent(name)}`);
    expect(stored.status).toBe(200);
    expect(stored.json.PortfolioType).toBe('Reinsurance');
    expect(stored.json.PortfolioEntries.length).toBeGreaterThan(0);
    expect(stored.json.PortfolioEntries.every((e) => e.Margin === 20)).toBe(true);
    await context.close();
  });

  it('Run All Bonds runs each bond with its own amount and margin; the settlement date clears results; trigger info', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const acis = new ReinsuranceAnalysisPage(page, 'acis');
    await acis.open({ dealName: DEAL });
    await acis.run('run-scenario', '/api/simulate/acis');
    await acis.settle('2022-01-15');
    // A new settlement date clears the results (spec 001 §4) and the structure shows that month's layers.
    // The response has arrived but React may not have rendered it yet: poll the screen.
    await expect.poll(() => page.locator('[data-testid=metric-value]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('[data-testid=acis-bond-M-2B] [data-testid=current-balance]').textContent(), { timeout: 10_000 }).toBe('66,412,499.73');

    await page.click('[data-testid=run-all]');
    expect(await page.locator('[data-testid=run-error]').textContent()).toBe('Provide contract amount and collateral for at least one bond.');
    await page.fill('[aria-label="M-2B owned face amount"]', '2,000,000');
    await page.fill('[aria-label="M-2B margin"]', '25');
    await page.fill('[aria-label="B-1A owned face amount"]', '500,000');
    await page.fill('[aria-label="B-1A margin"]', '50');
    const bodies = await acis.runAll('run-all', '/api/simulate/acis', 2);
    expect(bodies.map((b) => [b.BondName, b.OwnedFaceAmt, b.Margin, b.SettlementDate])).toEqual([['M-2B', 2_000_000, 0.25, 20220115], ['B-1A', 500_000, 0.5, 20220115]]);
    for (const [bond, premiumPct, marginPct] of [['M-2B', 3.5, 25], ['B-1A', 5, 50]] as const) {
      const direct = await api<{ Yield: { Value: number }; InsurerPaidLosses: number }>('POST', '/simulate/acis', bodies.find((b) => b.BondName === bond) ?? {});
      expect(direct.json.InsurerPaidLosses).toBe(0);
      // Loss-free, no interest: collateral is released with the limit, so the monthly IRR is the
      // premium over the collateral: 3.5 % / 25 % = 14 %, 5 % / 50 % = 10 %.
      expect(direct.json.Yield.Value).toBeCloseTo(premiumPct / marginPct, 8);
      await page.click(`[data-testid=bond-tab-${bond}]`);
      expect(await acis.metric()).toBe(pct(premiumPct / marginPct));
    }
    await page.check('[data-testid=show-trigger-info]');
    expect(await page.locator('[data-testid=trigger-table] .ag-row').count()).toBeGreaterThan(3);
    await context.close();
  });

  it('a saved scenario from the picker disables the inputs and runs like the API by id', async () => {
    const name = `E2E ACIS ${Date.now()}`;
    const saved = await api<{ Ids: number[] }>('POST', '/scenarios/bulk', {
      SaveMode: 'override', Scenarios: [{ ScenarioName: name, DealName: DEAL, Vendor: null, Cpr: [15], Cdr: [2], LossSeverity: [35], Delinquency: [0] }],
    });
    expect(saved.status).toBe(200);
    // The e2e server is shared: remove the scenario afterwards so the scenario list starts empty.
    try { await runWithSavedScenario(name, saved.json.Ids[0]!); } finally { await api('DELETE', '/scenarios/bulk', saved.json.Ids); }
  });

  it('Early Call starts at the first month with a payment after settlement; a month before it is explained, not an empty table', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const acis = new ReinsuranceAnalysisPage(page, 'acis');
    // Settled at the latest factor date (10/25/2026), long after the optional cancellation date 06/25/2025.
    await acis.open({ dealName: DEAL, bondName: 'B-1B' });
    await page.check('[data-testid=cancellation]');
    expect(await page.inputValue('[data-testid=cancellation-month]')).toBe('2026-11');
    expect(await page.getAttribute('[data-testid=cancellation-month]', 'min')).toBe('2026-11');
    const sent = await acis.run('run-scenario', '/api/simulate/acis');
    expect(sent.body).toMatchObject({ BondName: 'B-1B', SettlementDate: 20261025, Cancellation: true, CancellationDate: 20261101 });
    const direct = await api<{ Yield: { Value: number | null }; AcisCashflow: { Period: number; PaymentDate: string }[]; MiscVariables: { CoverEndDate: string } }>('POST', '/simulate/acis', sent.body);
    // Covered to the end of 11/2026: the 11/25/2026 payment, then the call releases the limit left.
    expect(direct.json.MiscVariables.CoverEndDate).toBe('2026-11-30');
    expect(direct.json.AcisCashflow.map((r) => r.PaymentDate)).toEqual(['2026-10-25', '2026-11-25']);
    expect(await acis.metric()).toBe(pct(direct.json.Yield.Value));

    await page.fill('[data-testid=cancellation-month]', '2025-06');
    await acis.run('run-scenario', '/api/simulate/acis');
    expect(await page.locator('[data-testid=empty-run-note]').textContent()).toBe(
      'No periods to project: the Early Call in 06/2025 ends the cover before the first payment date after the settlement date 10/25/2026. Choose 11/2026 or later.');
    expect(await page.locator('[data-testid=insurance-cashflow]').count()).toBe(0);
    expect(await page.locator('[data-testid=metric-value]').count()).toBe(0);
    await context.close();
  });

  async function runWithSavedScenario(name: string, id: number): Promise<void> {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const acis = new ReinsuranceAnalysisPage(page, 'acis');
    await acis.open({ dealName: DEAL, bondName: 'B-2' });
    await acis.chooseScenario(name);
    expect(await page.locator('#input-cpr').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid=scenario-name]').textContent()).toBe(name);
    const sent = await acis.run('run-scenario', '/api/simulate/acis');
    expect(sent.body).toMatchObject({ BondName: 'B-2', SelectedScenarioId: id });
    expect(sent.body.Cpr).toBeUndefined();
    const direct = await api<{ Yield: { Value: number | null } }>('POST', '/simulate/acis', sent.body);
    expect(await acis.metric()).toBe(pct(direct.json.Yield.Value) || '-----');
    // The scenario's CDR (2 %) is the run's, not the disabled input's 0.5 %.
    expect(await acis.cashflowCell(1, 'c13', true)).toBe('2.0000');
    await context.close();
  }
});
