import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BondAnalysisPage } from './pages/bond-analysis.page.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

const DNA1 = 'STACR 2026-DNA1';

async function tokenOf(): Promise<string> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'analyst', password: passwordOf('analyst'), grant_type: 'password' }),
  });
  return ((await tokenRes.json()) as { access_token: string }).access_token;
}

async function apiPost<T>(path: string, body: object): Promise<T> {
  const token = await tokenOf();
  const res = await fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

interface BondRun {
  Value: number | null; IsSuccessful: boolean;
  Simulation: { BondsCashflows: { Wal: number; BondCashflow: { Period: number; Balance: number; Principal: number }[] }[] };
}
interface Matrix { Cpr: number[]; Cdr: number[]; Metric: (number | null)[][] | null }

/** The settlement date the screen shows (MM/DD/YYYY) as the request's YYYYMMDD. */
async function settlementOf(page: Page): Promise<number> {
  return Number((await page.locator('[data-testid=settlement]').textContent())?.replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3$1$2'));
}

describe('bond analysis', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('yield of STACR 2026-DNA1 M-1 equals the API; a matrix cell reruns to the same number; export reads back', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: DNA1, bondName: 'M-1', price: '99.5' });
    // The query has price: the Yield tab is active.
    expect(await bond.tab('yield').getAttribute('class')).toContain('active');
    await bond.fill('cpr', '10');
    await bond.fill('cdr', '0.5');
    await bond.fill('severity', '25');
    await bond.fill('delinquency', '0');
    await bond.fill('libor', '4');
    await bond.calculate();
    const settlement = Number((await page.locator('[data-testid=settlement]').textContent())?.replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3$1$2'));
    const body = { DealName: DNA1, BondName: 'M-1', SettlementDate: settlement, PrepaymentModel: 'UserDefined', Price: 99.5, Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04] };
    const api = await apiPost<BondRun & { DiscountMargin: { Margin: number; Value: number } }>('/simulate/yield', body);
    expect(await bond.resultText()).toBe(((api.Value ?? NaN) * 100).toFixed(5));
    expect(await page.locator('[data-testid=result-wal]').textContent()).toBe(api.Simulation.BondsCashflows[0]?.Wal.toFixed(2));
    // Floater conventions (issue 18 #18): M-1 is SOFR + 1.00 %; bought below par its DM is above the margin.
    expect(api.DiscountMargin.Margin).toBe(0.01);
    expect(api.DiscountMargin.Value).toBeGreaterThan(0.01);
    expect(await page.locator('[data-testid=result-dm]').textContent()).toBe(`${(api.DiscountMargin.Value * 10_000).toFixed(1)} bp`);
    expect(await page.locator('[data-testid=result-margin]').textContent()).toBe('100.0 bp');

    await bond.runMatrix();
    // The DM tab: the API matrix's DM grid in basis points.
    const dmMatrix = await apiPost<Matrix & { DiscountMargin: (number | null)[][] }>('/simulate/yield/matrix', { ...body, Cpr: [0, 0], Cdr: [0, 0] });
    await page.click('[data-testid=matrix-tab-dm]');
    for (const [cpr, cdr] of [[20, 1], [0, 0], [35, 5]] as const) {
      const dm = dmMatrix.DiscountMargin[dmMatrix.Cdr.indexOf(cdr)]?.[dmMatrix.Cpr.indexOf(cpr)];
      expect(await bond.cell(cpr, cdr).textContent()).toBe(typeof dm === 'number' ? (dm * 10_000).toFixed(1) : '-----');
    }
    await page.click('[data-testid=matrix-tab-metric]');
    // The surface view (ECharts heat map) draws the same matrix.
    await page.click('[data-testid=matrix-tab-surface]');
    await page.locator('[data-testid=matrix-surface] canvas').first().waitFor();
    await page.click('[data-testid=matrix-tab-metric]');
    const cellText = await bond.cell(20, 1).textContent();
    await bond.cell(20, 1).click();
    await expect.poll(() => bond.cell(20, 1).getAttribute('class')).toContain('table-primary');
    await expect.poll(async () => (Number(await bond.resultText())).toFixed(2)).toBe(cellText);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-cashflow]')]);
    expect(download.suggestedFilename()).toBe('STACR_2026-DNA1_M-1_CPR_20_CDR_1.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv.slice(0, 3)).toEqual(['User,analyst', `Deal,${DNA1}`, 'Bond,M-1']);
    expect(csv.slice(6, 8)).toEqual(['Scenario Name,CPR 20 CDR 1', 'Scenario Vendor,']);
    expect(csv[9]?.startsWith('Period,Payment Date,Balance,Principal')).toBe(true);
    const cellRun = await apiPost<BondRun>('/simulate/yield', { ...body, Cpr: [0, 0.2], Cdr: [0, 0.01] });
    expect(Number(csv[10]?.split(',')[2])).toBeCloseTo(cellRun.Simulation.BondsCashflows[0]?.BondCashflow[0]?.Balance ?? NaN, 2);
    await context.close();
  });

  it('shows the spec 001 §5.1 tab messages', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: DNA1, bondName: 'M-1' });
    expect(await bond.tab('price').getAttribute('class')).toContain('active');
    // Bond History loads on demand.
    await page.click('[data-testid=load-bond-history]');
    await page.locator('[data-testid=bond-history-table] .ag-header-cell-text').first().waitFor();
    expect(await page.locator('[data-testid=bond-history-table] .ag-header-cell-text').allTextContents()).toEqual(
      ['Date', 'Starting Balance', 'Principal', 'WriteDown', 'Current Balance', 'Factor', 'Interest', 'Coupon']);
    await bond.fill('yield', '');
    await bond.fill('spread', '1');
    await bond.fill('benchmark', '');
    await page.click('[data-testid=calculate]');
    expect(await bond.errorText()).toBe('Either Yield or both Spread and Benchmark Rate are required.');
    await bond.tab('yield').click();
    await bond.fill('price', '');
    await page.click('[data-testid=calculate]');
    expect(await bond.errorText()).toBe('Price is required.');
    await bond.tab('spread').click();
    await bond.fill('price', '100');
    await page.click('[data-testid=run-matrix]');
    expect(await bond.errorText()).toBe(' Price and Benchmark Rate are required.');
    await bond.tab('yield').click();
    await bond.fill('cpr', 'NoSuchVector');
    await page.click('[data-testid=calculate]');
    await expect.poll(() => bond.errorText()).toBe('NoSuchVector vector was not found.');
    await context.close();
  });

  it('FHLMC 5005 SC (agency): yield equals the API; a matrix cell equals the API matrix and reruns to the same number; export reads back', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: 'FHLMC 5005', bondName: 'SC', price: '100' });
    // Agency rules: no CDR, severity or delinquency; not an ABS deal, so no convention select.
    expect(await page.locator('[data-testid=input-cdr]').count()).toBe(0);
    expect(await page.locator('[data-testid=input-severity]').count()).toBe(0);
    expect(await page.locator('[data-testid=prepay-convention]').count()).toBe(0);
    await bond.fill('cpr', '8');
    await bond.fill('libor', '0');
    await bond.calculate();
    const settlement = await settlementOf(page);
    const body = {
      DealName: 'FHLMC 5005', BondName: 'SC', SettlementDate: settlement, PrepaymentModel: 'UserDefined', Price: 100,
      Cpr: [0, 0.08], Cdr: [0, 0], LossSeverity: [0, 0], Delinquency: [0, 0], Libor: [0, 0],
    };
    const api = await apiPost<BondRun>('/simulate/yield', body);
    expect(api.IsSuccessful).toBe(true);
    expect(await bond.resultText()).toBe(((api.Value ?? NaN) * 100).toFixed(5));
    expect(await page.locator('[data-testid=result-wal]').textContent()).toBe(api.Simulation.BondsCashflows[0]?.Wal.toFixed(2));
    // The cashflow table under the result shows the API's rows (dollars to the cent).
    const rows = api.Simulation.BondsCashflows[0]?.BondCashflow ?? [];
    for (const i of [0, 1, 2]) {
      const text = await page.locator(`[data-testid=bond-cashflow-table] [row-index="${i}"] [col-id="c2"]`).textContent();
      expect(Math.abs(Number(text?.replaceAll(',', '')) - (rows[i]?.Balance ?? NaN))).toBeLessThanOrEqual(0.005 + 1e-6);
    }

    await bond.runMatrix();
    // The grid is the API's matrix: yields in percent, 2 decimals; agency CDR rows all run at CDR 0.
    const matrix = await apiPost<Matrix>('/simulate/yield/matrix', { ...body, Cpr: [0, 0], Cdr: [0, 0] });
    const column = matrix.Cpr.indexOf(20);
    const row = matrix.Cdr.indexOf(1);
    const cellText = await bond.cell(20, 1).textContent();
    expect(cellText).toBe(((matrix.Metric?.[row]?.[column] ?? NaN) * 100).toFixed(2));
    expect(await bond.cell(20, 0).textContent()).toBe(cellText);
    await bond.cell(20, 1).click();
    await expect.poll(() => bond.cell(20, 1).getAttribute('class')).toContain('table-primary');
    await expect.poll(async () => (Number(await bond.resultText())).toFixed(2)).toBe(cellText);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-cashflow]')]);
    expect(download.suggestedFilename()).toBe('FHLMC_5005_SC_CPR_20_CDR_1.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv.slice(0, 3)).toEqual(['User,analyst', 'Deal,FHLMC 5005', 'Bond,SC']);
    expect(csv.slice(6, 8)).toEqual(['Scenario Name,CPR 20 CDR 1', 'Scenario Vendor,']);
    expect(csv[9]?.startsWith('Period,Payment Date,Balance,Principal,Interest')).toBe(true);
    // The cell's rerun through the API: CPR 20 %; the agency CDR stays 0.
    const cellRun = await apiPost<BondRun>('/simulate/yield', { ...body, Cpr: [0, 0.2] });
    for (const [i, r] of (cellRun.Simulation.BondsCashflows[0]?.BondCashflow ?? []).slice(0, 3).entries()) {
      const cells = csv[10 + i]?.split(',') ?? [];
      expect([Number(cells[0]), Number(cells[2]), Number(cells[3])]).toEqual([r.Period, r.Balance, r.Principal]);
    }
    await context.close();
  });

  it('FORDO 2024-A B (ABS) at 1.5 ABS: the yield equals the API run with PrepaymentConvention ABS', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: 'FORDO 2024-A', bondName: 'B', price: '99' });
    await page.selectOption('[data-testid=prepay-convention]', 'ABS');
    expect(await page.locator('label:has([data-testid=input-cpr])').textContent()).toBe('ABS %');
    await bond.fill('cpr', '1.5');
    await bond.fill('cdr', '0.5');
    await bond.fill('severity', '40');
    await bond.fill('delinquency', '0');
    await bond.fill('libor', '0');
    await bond.calculate();
    const body = {
      DealName: 'FORDO 2024-A', BondName: 'B', SettlementDate: await settlementOf(page), PrepaymentModel: 'UserDefined', Price: 99, PrepaymentConvention: 'ABS',
      Cpr: [0, 0.015], Cdr: [0, 0.005], LossSeverity: [0, 0.4], Delinquency: [0, 0], Libor: [0, 0],
    };
    const api = await apiPost<BondRun>('/simulate/yield', body);
    expect(await bond.resultText()).toBe(((api.Value ?? NaN) * 100).toFixed(5));
    expect(await page.locator('[data-testid=result-wal]').textContent()).toBe(api.Simulation.BondsCashflows[0]?.Wal.toFixed(2));
    // The same number read as annual CPR is a different (slower) run: the convention reached the engine.
    const asCpr = await apiPost<BondRun>('/simulate/yield', { ...body, PrepaymentConvention: 'CPR' });
    expect(asCpr.Simulation.BondsCashflows[0]?.Wal).toBeGreaterThan(api.Simulation.BondsCashflows[0]?.Wal ?? Infinity);
    await context.close();
  });

  it('Cleanup Call reaches the run (STACR 2020-DNA3 B-2 is paid off at the clean-up date); the Bond Historical report runs with the deal', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: 'STACR 2020-DNA3', bondName: 'B-2', price: '100', cpr: '10', cdr: '0.5', loss_severity: '20', delinquency: '0', libor: '4' });
    const uncalled = await bond.calculateSending('/api/simulate/yield');
    expect(uncalled).toMatchObject({ BondName: 'B-2', CleanupCall: false });
    const windowWithout = await page.locator('[data-testid=result-window]').textContent();
    await page.check('[data-testid=cleanup-call]');
    const called = await bond.calculateSending('/api/simulate/yield');
    expect(called).toMatchObject({ BondName: 'B-2', CleanupCall: true });
    const [apiWithout, apiWith] = await Promise.all([apiPost<BondRun & { Simulation: { BondsCashflows: { PrincipalWindow: string }[] } }>('/simulate/yield', uncalled), apiPost<BondRun & { Simulation: { BondsCashflows: { PrincipalWindow: string }[] } }>('/simulate/yield', called)]);
    const [without, withCall] = [apiWithout.Simulation.BondsCashflows[0], apiWith.Simulation.BondsCashflows[0]];
    // The clean-up redemption pays the class off years earlier: a shorter life and an earlier last period.
    expect(withCall?.Wal).toBeLessThan((without?.Wal ?? 0) - 1);
    expect(withCall?.BondCashflow.length).toBeLessThan(without?.BondCashflow.length ?? 0);
    expect(windowWithout).toBe(without?.PrincipalWindow);
    expect(await page.locator('[data-testid=result-window]').textContent()).toBe(withCall?.PrincipalWindow);
    expect(await page.locator('[data-testid=result-wal]').textContent()).toBe(withCall?.Wal.toFixed(2));
    const matrixBody = await bond.runMatrixSending();
    expect(matrixBody).toMatchObject({ CleanupCall: true });

    const section = page.getByTestId('historical-report-bond');
    await section.waitFor();
    expect(await section.getByTestId('historical-report-select').locator('option:checked').textContent()).toBe('Bond Historical');
    await section.getByTestId('historical-report-run').click();
    const results = section.getByTestId('historical-report-results');
    await results.waitFor();
    expect(await results.locator('thead th').allTextContents()).toEqual(['Bond', 'Month', 'Starting Balance', 'Principal', 'Write Down', 'Current Balance', 'Factor', 'Interest', 'Coupon']);
    expect(await results.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: /^B-2$/ }) }).count()).toBeGreaterThan(12);
    await context.close();
  });

  it('an unknown deal opens the catalog modal', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/bond_analysis?dealName=NOPE%202020-1');
    await page.locator('.modal').first().waitFor();
    expect(await page.locator('[data-testid=choose-deal]').count()).toBe(1);
    await context.close();
  });

  it('a saved scenario from the picker runs in place of the inputs and equals the API run by id', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    // Store a scenario from a run through the API (the run's CPR/CDR/severity/delinquency path).
    const name = `E2E bond ${Date.now()}`;
    await apiPost(`/simulate/save_scenario/${encodeURIComponent(name)}`, { DealName: DNA1, PrepaymentModel: 'UserDefined', Cpr: [0, 0.15], Cdr: [0, 0.01], LossSeverity: [0, 0.3], Delinquency: [0, 0], Libor: [0, 0.04] });
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: DNA1, bondName: 'M-1', price: '100', libor: '4' });
    await page.click('[data-testid=pick-scenario]');
    await page.locator(`[data-testid="scenario-row"][data-name="${name}"]`).click();
    await page.locator(`[data-testid="detail-name"][value="${name}"]`).waitFor();
    await page.click('[data-testid=picker-choose]');
    expect(await page.locator('[data-testid=scenario-name]').textContent()).toBe(name);
    expect(await page.locator('[data-testid=input-cpr]').isDisabled()).toBe(true);
    await bond.calculate();
    const list = await fetch(`${baseUrl()}/api/scenarios?dealName=${encodeURIComponent(DNA1)}`, { headers: { authorization: `Bearer ${await tokenOf()}` } });
    const id = ((await list.json()) as { Id: number; ScenarioName: string }[]).find((x) => x.ScenarioName === name)?.Id;
    const settlement = Number((await page.locator('[data-testid=settlement]').textContent())?.replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3$1$2'));
    const api = await apiPost<BondRun>('/simulate/yield', { DealName: DNA1, BondName: 'M-1', SettlementDate: settlement, PrepaymentModel: 'UserDefined', Price: 100, SelectedScenarioId: id, Libor: [0, 0.04] });
    expect(await bond.resultText()).toBe(((api.Value ?? NaN) * 100).toFixed(5));
    // A matrix does not take a saved scenario.
    await page.click('[data-testid=run-matrix]');
    await expect.poll(() => bond.errorText()).toBe('Not supported scenario type.');
    await context.close();
  });
});
