import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';
import { expectCsvConvention } from './support/export-convention.ts';

async function apiToken(user: 'analyst'): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: passwordOf(user), grant_type: 'password' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

interface SimRow { [field: string]: number }
interface Simulation {
  CollateralCashflow: SimRow[];
  BondsCashflows: { BondName: string; BondCashflow: SimRow[] }[];
  MiscVariables: { Triggers: SimRow[] };
}

/** POST /api/simulate as the analyst. */
async function simulate(body: object): Promise<Simulation> {
  const res = await fetch(`${baseUrl()}/api/simulate`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken('analyst')}` }, body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Simulation;
}

/** Grid column ids (c{index} of result-columns.ts) and the response field each shows. */
const COLLATERAL_CELLS: [string, string][] = [['c2', 'Balance'], ['c3', 'Interest'], ['c5', 'ScheduledPrincipal'], ['c6', 'PrepaidPrincipal'], ['c8', 'Losses']];
/** Agency results show no loss columns (issue 18 #9): the cells before them. */
const AGENCY_COLLATERAL_CELLS = COLLATERAL_CELLS.filter(([, field]) => field !== 'Losses');
const BOND_CELLS: [string, string][] = [['c2', 'Balance'], ['c3', 'Principal'], ['c4', 'Interest'], ['c7', 'ActualWriteDown']];

/**
 * The first rows of a result grid show the API's dollars: the text, read back as a number, is the
 * API value to the cent (the screen rounds half-up to 2 decimals, so at most half a cent off).
 */
async function expectTable(page: Page, testId: string, rows: SimRow[], cells: [string, string][], count = 3): Promise<void> {
  expect(rows.length).toBeGreaterThanOrEqual(count);
  for (let i = 0; i < count; i++) {
    for (const [col, field] of cells) {
      const text = await page.locator(`[data-testid=${testId}] [row-index="${i}"] [col-id="${col}"]`).textContent();
      const shown = Number(text?.replaceAll(',', ''));
      expect(Math.abs(shown - (rows[i]?.[field] ?? NaN)), `${testId} row ${i} ${field}: ${text}`).toBeLessThanOrEqual(0.005 + 1e-6);
    }
  }
}

async function resultTabs(page: Page): Promise<string[]> {
  return page.locator('[data-testid=results-panel] .nav-tabs button').allTextContents();
}

describe('deal analysis', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('runs STACR 2026-DNA1: the table shows the API numbers, and the export reads back', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    await page.goto('/deal_analysis?dealName=STACR%202026-DNA1');
    await page.locator('[data-testid=deal-title]').waitFor();
    expect(await page.locator('[data-testid=deal-title]').textContent()).toBe('STACR 2026-DNA1 — Deal Analysis');
    const settlement = (await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', '');

    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor();
    const firstBalance = await page.locator('[data-testid=collateral-table] [row-index="0"] [col-id="c2"]').textContent();

    // The same run through the API.
    const res = await fetch(`${baseUrl()}/api/simulate`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken('analyst')}` },
      body: JSON.stringify({
        DealName: 'STACR 2026-DNA1', SettlementDate: Number(settlement), PrepaymentModel: 'UserDefined',
        Cpr: [0, 0.1], Cdr: [0, 0.0005], LossSeverity: [0, 0.2], Delinquency: [0, 0], Libor: [0, 0],
      }),
    });
    const api = (await res.json()) as { CollateralCashflow: { Balance: number }[] };
    const expected = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(api.CollateralCashflow[0]?.Balance ?? NaN);
    expect(firstBalance).toBe(expected);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-cashflow]')]);
    expect(download.suggestedFilename()).toBe('STACR_2026-DNA1.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('User,analyst');
    expect(csv[1]).toBe('Deal,STACR 2026-DNA1');
    expect(csv[9]?.startsWith('Period,Payment Date,Balance')).toBe(true);
    expect(Number(csv[10]?.split(',')[2])).toBeCloseTo(api.CollateralCashflow[0]?.Balance ?? NaN, 2);
    // One export convention (issue 18 #10): ISO dates (payment dates and the header block's), dollars
    // to the cent, rates in percent to 4 places, no float noise.
    expect(csv[10]?.split(',')[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(csv[3]).toMatch(/^Settlement Date,\d{4}-\d{2}-\d{2}$/);
    const seen = expectCsvConvention(csv, (h) => (/^period$/i.test(h) ? 0 : /rate|cpr|cdr|severity|delinquency/i.test(h) ? 4 : 2));
    expect(seen.dates).toBeGreaterThan(100);
    expect(seen.numbers).toBeGreaterThan(1000);
    await context.close();
  });

  it('shows the spec message for bad inputs and an unknown vector name', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    // A shared link carries the inputs in the query.
    await page.goto('/deal_analysis?dealName=STACR%202026-DNA1&cpr=7&cdr=0.25&loss_severity=35&settle_dt=2026-11-30');
    await page.locator('[data-testid=deal-title]').waitFor();
    expect([await page.inputValue('#input-cpr'), await page.inputValue('#input-cdr'), await page.inputValue('#input-lossSeverity')]).toEqual(['7', '0.25', '35']);
    expect(await page.locator('[data-testid=settlement-date]').inputValue()).toBe('2026-11-30');
    await page.fill('#input-cpr', '5,,7');
    await page.fill('#input-lossSeverity', '');
    await page.click('[data-testid=run-scenario]');
    expect(await page.locator('[data-testid=run-error]').textContent()).toBe('Missing valid: CPR, Loss Severity');
    await page.fill('#input-cpr', 'NoSuchVector');
    await page.fill('#input-lossSeverity', '20');
    await page.click('[data-testid=run-scenario]');
    await expect.poll(() => page.locator('[data-testid=run-error]').textContent()).toBe('NoSuchVector vector was not found.');
    await context.close();
  });

  it('FHLMC 5005 (agency): group tabs, a run equal to the API, and collateral group 2 with only class Z', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    await page.goto('/deal_analysis?dealName=FHLMC%205005');
    await page.locator('[data-testid=deal-title]').waitFor();
    // Agency rules: no CDR, severity or delinquency inputs.
    expect(await page.locator('#input-cdr').count()).toBe(0);
    expect(await page.locator('#input-lossSeverity').count()).toBe(0);
    expect(await page.locator('#input-delinquency').count()).toBe(0);

    // Capital structure tabs per group: group 1 pays PA, PB, SC (and the MACR IO), group 2 the accrual class Z.
    const capitalBonds = () => page.locator('[data-testid=capital-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bond')));
    expect(await capitalBonds()).toEqual(['PA', 'PB', 'SC', 'Z']);
    await page.click('[data-testid=capital-group-2]');
    expect(await capitalBonds()).toEqual(['Z']);
    await page.click('[data-testid=capital-group-1]');
    expect(await capitalBonds()).toEqual(['PA', 'PB', 'SC']);
    await page.click('[data-testid=show-macr]');
    expect(await capitalBonds()).toEqual(['PA', 'PB', 'SC', 'IO']);
    await page.click('[data-testid=capital-group-all]');
    expect(await capitalBonds()).toEqual(['PA', 'PB', 'SC', 'Z', 'IO']);

    expect(await page.locator('[data-testid=collateral-group] option').allTextContents()).toEqual(['All', 'Group 1', 'Group 2']);
    await page.fill('#input-cpr', '8');
    await page.fill('#input-libor', '0');
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor();
    const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
    // The same run through the API: agency CDR, severity and delinquency are 0.
    const request = {
      DealName: 'FHLMC 5005', SettlementDate: settlement, PrepaymentModel: 'UserDefined', CollateralGroup: null,
      Cpr: [0, 0.08], Cdr: [0, 0], LossSeverity: [0, 0], Delinquency: [0, 0], Libor: [0, 0],
    };
    const all = await simulate(request);
    expect(await resultTabs(page)).toEqual(['Collateral', ...all.BondsCashflows.map((b) => b.BondName)]);
    expect(all.BondsCashflows.map((b) => b.BondName)).toEqual(['PA', 'PB', 'SC', 'Z', 'IO']);
    await expectTable(page, 'collateral-table', all.CollateralCashflow, AGENCY_COLLATERAL_CELLS);

    // Group 2: a different run, so the shown results go until it runs.
    await page.selectOption('[data-testid=collateral-group]', '2');
    expect(await page.locator('[data-testid=results-panel]').count()).toBe(0);
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor();
    const g2 = await simulate({ ...request, CollateralGroup: 2 });
    expect(await resultTabs(page)).toEqual(['Collateral', 'Z']);
    await expectTable(page, 'collateral-table', g2.CollateralCashflow, AGENCY_COLLATERAL_CELLS);
    // Group 2 is one of the three rep lines: its collateral is below the whole deal's.
    expect(g2.CollateralCashflow[0]?.Balance ?? Infinity).toBeLessThan(all.CollateralCashflow[0]?.Balance ?? 0);
    await page.click('[data-testid=result-tab-Z]');
    const z = g2.BondsCashflows[0]?.BondCashflow ?? [];
    // Agency bonds take no write-downs: their table has no write-down column.
    await expectTable(page, 'bond-table', z, BOND_CELLS.filter(([, field]) => field !== 'ActualWriteDown'));

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-cashflow]')]);
    expect(download.suggestedFilename()).toBe('FHLMC_5005_Z.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv.slice(0, 3)).toEqual(['User,analyst', 'Deal,FHLMC 5005', 'Bond,Z']);
    expect(csv[9]?.startsWith('Period,Payment Date,Balance,Principal,Interest')).toBe(true);
    for (const [i, row] of z.slice(0, 3).entries()) {
      const cells = csv[10 + i]?.split(',') ?? [];
      expect([Number(cells[0]), Number(cells[2]), Number(cells[3])]).toEqual([row.Period, row.Balance, row.Principal]);
    }
    await context.close();
  });

  it('FORDO 2024-A (ABS) at 1.5 ABS: the relabelled input, a run equal to the API and the trigger OC column', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.goto('/deal_analysis?dealName=FORDO%202024-A');
    await page.locator('[data-testid=deal-title]').waitFor();
    // One collateral group: no group select.
    expect(await page.locator('[data-testid=collateral-group]').count()).toBe(0);
    await page.selectOption('[data-testid=prepay-convention]', 'ABS');
    expect(await page.locator('label[for=input-cpr]').textContent()).toBe('ABS %');
    await page.fill('#input-cpr', '1.5, 2');
    await page.click('[data-testid=run-scenario]');
    expect(await page.locator('[data-testid=run-error]').textContent()).toBe('Missing valid: ABS');
    await page.fill('#input-cpr', '1.5');
    await page.fill('#input-cdr', '0.5');
    await page.fill('#input-lossSeverity', '40');
    await page.fill('#input-delinquency', '0');
    await page.fill('#input-libor', '0');
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor();
    const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
    const api = await simulate({
      DealName: 'FORDO 2024-A', SettlementDate: settlement, PrepaymentModel: 'UserDefined', CollateralGroup: null, PrepaymentConvention: 'ABS',
      Cpr: [0, 0.015], Cdr: [0, 0.005], LossSeverity: [0, 0.4], Delinquency: [0, 0], Libor: [0, 0],
    });
    await expectTable(page, 'collateral-table', api.CollateralCashflow, COLLATERAL_CELLS);
    // A 1.5 ABS speed on a seasoned pool is far faster than the CPR of the same number.
    expect(api.CollateralCashflow[0]?.CprRate ?? 0).toBeGreaterThan(0.15);
    await page.click('[data-testid=result-tab-D]');
    await expectTable(page, 'bond-table', api.BondsCashflows.find((b) => b.BondName === 'D')?.BondCashflow ?? [], BOND_CELLS);

    // Show Trigger Info: the OC column (last) appears because the run has overcollateralization.
    const oc = api.MiscVariables.Triggers.map((t) => t.Overcollateralization);
    expect(oc.some((x) => x !== 0)).toBe(true);
    await page.click('[data-testid=show-trigger-info]');
    await page.locator('[data-testid=trigger-table] .ag-header-cell-text').first().waitFor();
    await page.locator('[data-testid=trigger-table] .ag-body-horizontal-scroll-viewport').evaluate((el) => { el.scrollLeft = el.scrollWidth; });
    await expect.poll(() => page.locator('[data-testid=trigger-table] .ag-header-cell[col-id=c17] .ag-header-cell-text').textContent()).toBe('Overcollateralization');
    await expectTable(page, 'trigger-table', api.MiscVariables.Triggers, [['c17', 'Overcollateralization']]);
    await context.close();
  });

  it('SYN NQM 2025-1 (RMBS): the table shows the API numbers', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.goto('/deal_analysis?dealName=SYN%20NQM%202025-1&cpr=12&cdr=1&loss_severity=30&delinquency=2&libor=4');
    await page.locator('[data-testid=deal-title]').waitFor();
    // Not ABS: no convention select, the input stays CPR.
    expect(await page.locator('[data-testid=prepay-convention]').count()).toBe(0);
    expect(await page.locator('label[for=input-cpr]').textContent()).toBe('CPR (%)');
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor();
    const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
    const api = await simulate({
      DealName: 'SYN NQM 2025-1', SettlementDate: settlement, PrepaymentModel: 'UserDefined', CollateralGroup: null,
      Cpr: [0, 0.12], Cdr: [0, 0.01], LossSeverity: [0, 0.3], Delinquency: [0, 0.02], Libor: [0, 0.04],
    });
    await expectTable(page, 'collateral-table', api.CollateralCashflow, COLLATERAL_CELLS);
    await page.click('[data-testid=result-tab-M-1]');
    await expectTable(page, 'bond-table', api.BondsCashflows.find((b) => b.BondName === 'M-1')?.BondCashflow ?? [], BOND_CELLS);
    await context.close();
  });

  it('a saved scenario from the picker disables the inputs and runs like the API by id', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const token = await apiToken('analyst');
    const name = `E2E deal ${Date.now()}`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    await fetch(`${baseUrl()}/api/simulate/save_scenario/${encodeURIComponent(name)}`, {
      method: 'POST', headers, body: JSON.stringify({ DealName: 'STACR 2026-DNA1', Cpr: [0, 0.2], Cdr: [0, 0.02], LossSeverity: [0, 0.3], Delinquency: [0, 0], Libor: [0, 0] }),
    });
    await page.goto('/deal_analysis?dealName=STACR%202026-DNA1');
    await page.locator('[data-testid=deal-title]').waitFor();
    await page.click('[data-testid=pick-scenario]');
    await page.locator(`[data-testid="scenario-row"][data-name="${name}"]`).click();
    await page.locator(`[data-testid="detail-name"][value="${name}"]`).waitFor();
    await page.click('[data-testid=picker-choose]');
    expect(await page.locator('#input-cpr').isDisabled()).toBe(true);
    await page.fill('#input-libor', '0');
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor();
    const firstBalance = await page.locator('[data-testid=collateral-table] [row-index="0"] [col-id="c2"]').textContent();
    const settlement = Number((await page.locator('[data-testid=settlement-date]').inputValue()).replaceAll('-', ''));
    const list = (await (await fetch(`${baseUrl()}/api/scenarios`, { headers })).json()) as { Id: number; ScenarioName: string }[];
    const id = list.find((x) => x.ScenarioName === name)?.Id;
    const res = await fetch(`${baseUrl()}/api/simulate`, {
      method: 'POST', headers, body: JSON.stringify({ DealName: 'STACR 2026-DNA1', SettlementDate: settlement, PrepaymentModel: 'UserDefined', SelectedScenarioId: id, Libor: [0, 0] }),
    });
    const api = (await res.json()) as { CollateralCashflow: { Balance: number }[] };
    expect(firstBalance).toBe(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(api.CollateralCashflow[0]?.Balance ?? NaN));
    await context.close();
  });
});
