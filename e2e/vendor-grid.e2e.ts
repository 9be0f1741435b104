import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs } from './support/api.ts';
import { launchBrowser, newPage, signIn, type DemoUser } from './support/browser.ts';
import { expectCsvConvention, expectWorkbookConvention } from './support/export-convention.ts';

const RUN = Date.now().toString(36);
const PORTFOLIO = `VG Reinsurance ${RUN}`;
const DEAL_ONLY = `VG ACIS only ${RUN}`;
const VENDOR = 'Harbor Analytics';
const SETTLEMENT = '2021-06-15';

/** The API's answer to a demo user's request; a refused request fails the test with its message. */
async function api<T>(user: DemoUser, method: string, url: string, body?: unknown): Promise<T> {
  const { status, json } = await requestAs<T>(user, method, url, body);
  if (status < 200 || status >= 300) throw new Error(`${method} ${url}: ${status} ${JSON.stringify(json)}`);
  return json;
}

const grid = (page: Page) => page.getByTestId('vendor-grid');
/** The grid cell of an entry row (0-based) and a scenario column (by its header text). */
async function cell(page: Page, row: number, scenario: string) {
  const header = grid(page).locator('.ag-header-cell', { hasText: scenario }).first();
  const colId = await header.getAttribute('col-id');
  return grid(page).locator(`[row-index="${row}"] [col-id="${colId}"]`);
}
/** Texts of an entry row's (0-based) cells under some scenario columns. */
const rowTexts = async (page: Page, row: number, scenarios: readonly string[]) => Promise.all(scenarios.map(async (s) => (await (await cell(page, row, s)).textContent()) ?? ''));
/** The drawn entry rows' scenario cells that have a value. */
const filledCells = async (page: Page) => (await grid(page).locator('.vendor-grid-cell').allTextContents()).filter((t) => t !== '').length;
/** Scrolls the grid's rows (whichever of its elements scrolls vertically) to the top or the bottom. */
const scrollGrid = (page: Page, to: 'top' | 'bottom') => grid(page).evaluate((root, end) => {
  for (const el of root.querySelectorAll<HTMLElement>('*')) if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'hidden') el.scrollTop = end === 'top' ? 0 : el.scrollHeight;
}, to);
const dangerAlerts = (page: Page) => page.getByTestId('alert-danger').count();

/** A collateral pool starting at `start` that prepays 1 % and defaults 0.3 % of its balance a month (40 % severity). */
function pool(start: number, months: number) {
  const l = { Balance: [start], Interest: [0], PassThru: [0], ScheduledPrincipal: [0], PrepaidPrincipal: [0], Defaults: [0], Losses: [0], Recoveries: [0], Delinquency: [0], Libor: [0] };
  for (let k = 1; k <= months; k++) {
    const b = l.Balance[k - 1] as number;
    const [defaults, scheduled, prepaid] = [0.003 * b, 0.001 * b, 0.01 * b];
    l.Interest.push(0.06 * b / 12); l.PassThru.push(0.0575 * b / 12); l.ScheduledPrincipal.push(scheduled); l.PrepaidPrincipal.push(prepaid);
    l.Defaults.push(defaults); l.Losses.push(0.4 * defaults); l.Recoveries.push(0.6 * defaults); l.Delinquency.push(0.02); l.Libor.push(0);
    l.Balance.push(b - defaults - scheduled - prepaid);
  }
  return l;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(tmpdir(), `vendor-grid-${name}.png`), fullPage: true });

/** The admin's grid on the test portfolio and vendor, with "Export Cashflows to Database" on. */
async function openGridForDatabase(page: Page) {
  await signIn(page, 'admin');
  await openGrid(page);
  await page.selectOption('[data-testid=grid-portfolio]', PORTFOLIO);
  // The admin sees whose portfolio it is.
  expect(await page.locator('[data-testid=grid-portfolio] option:checked').textContent()).toBe(`${PORTFOLIO} (analyst)`);
  await page.selectOption('[data-testid=grid-vendor]', VENDOR);
  await page.fill('[data-testid=grid-settlement]', SETTLEMENT);
  await page.getByTestId('grid-export-db').check();
}

async function openGrid(page: Page) {
  await page.goto('/vendor_grid');
  await page.getByTestId('vendor-grid-page').waitFor();
  // Option values are the portfolios' keys; an admin's labels also name another owner (issue 23 #9).
  await expect.poll(() => page.locator('[data-testid=grid-portfolio] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain(PORTFOLIO);
}

describe('vendor grid', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A reinsurance portfolio of an ACIS and a CIRT line, and a scenario only the ACIS deal has (the CIRT cell is 'Missing scenario').
    await api('analyst', 'POST', '/portfolios/', {
      Name: PORTFOLIO, PortfolioType: 'Reinsurance',
      PortfolioEntries: [
        { OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 20 },
        { OrdinalNumber: 2, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000, Margin: 20 },
      ],
    });
    await api('analyst', 'POST', '/scenarios/bulk', {
      SaveMode: 'skip', Scenarios: [{ ScenarioName: DEAL_ONLY, DealName: 'ACIS 2020-DNA3', Vendor: VENDOR, Shared: false, Cpr: [8], Cdr: [2], LossSeverity: [30], Delinquency: [1] }],
    });
  });
  afterAll(async () => { await browser?.close(); });

  it('runs the demo vendor scenarios with totals, header totals, a cell drill-down, hidden scenarios kept after reload and the CSV export', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    await openGrid(page);
    // The navbar links the screen.
    expect(await page.locator('nav a', { hasText: 'Vendor Grid' }).count()).toBeGreaterThan(0);
    await page.selectOption('[data-testid=grid-portfolio]', PORTFOLIO);
    await page.selectOption('[data-testid=grid-vendor]', VENDOR);
    // The portfolio's deals still have notional to insure in June 2021 (the API tests' date).
    await page.fill('[data-testid=grid-settlement]', SETTLEMENT);
    // Reinsurance: no Libor input; the metric radio has the reinsurance labels, Rate On Line first and chosen.
    expect(await page.getByTestId('grid-libor').count()).toBe(0);
    expect(await page.locator('[role=radiogroup] label').allTextContents()).toEqual(['Rate On Line', 'Loss On Line', 'Margin On Line', 'Ref Pool Loss Pct', 'ROI']);
    expect(await page.getByTestId('metric-RateOnLine').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('grid-counts').textContent()).toBe('2 entries × 6 scenarios');
    expect(await page.getByTestId('export-metrics').isDisabled()).toBe(true);
    // The analyst is no admin: no database export.
    expect(await page.getByTestId('grid-export-db').count()).toBe(0);

    // Hide two scenarios; Cancel drops a change, OK keeps it, and a reload keeps it (cookie).
    await page.getByTestId('hide-scenarios-button').click();
    await page.getByTestId('hide-unselect-all').click();
    await page.getByTestId('hide-cancel').click();
    expect(await page.getByTestId('grid-counts').textContent()).toBe('2 entries × 6 scenarios');
    await page.getByTestId('hide-scenarios-button').click();
    await page.locator('[data-testid=hide-list] label', { hasText: 'Fast Prepay' }).locator('input').uncheck();
    await page.locator('[data-testid=hide-list] label', { hasText: 'Slow Prepay' }).locator('input').uncheck();
    await page.getByTestId('hide-ok').click();
    expect(await page.getByTestId('grid-counts').textContent()).toBe('2 entries × 4 scenarios (2 hidden)');
    await page.reload();
    await page.getByTestId('vendor-grid-page').waitFor();
    // The portfolio, vendor and settlement date come back from their cookies too.
    await expect.poll(() => page.getByTestId('grid-counts').textContent()).toBe('2 entries × 4 scenarios (2 hidden)');
    expect(await page.getByTestId('grid-settlement').inputValue()).toBe(SETTLEMENT);
    expect(await page.locator('[data-testid=vendor-grid] .ag-header-cell-text').allTextContents()).not.toContain('Fast Prepay');

    // Run: cells fill in; the CIRT line has no deal-only scenario.
    await page.getByTestId('run-scenarios').click();
    await expect.poll(async () => (await cell(page, 1, DEAL_ONLY)).textContent(), { timeout: 60_000 }).toBe('Missing scenario');
    await expect.poll(async () => (await cell(page, 0, 'Baseline')).textContent(), { timeout: 60_000 }).toMatch(/^\d+\.\d\d%$/);
    await page.getByTestId('grid-progress').waitFor({ state: 'detached', timeout: 60_000 });
    // The cell is what the API computes for that line and scenario.
    const settlement = Number((await page.getByTestId('grid-settlement').inputValue()).replace(/-/g, ''));
    const portfolios = await api<Record<string, { Id: number; Name: string }>>('analyst', 'GET', '/portfolios/');
    const id = Object.values(portfolios).find((p) => p.Name === PORTFOLIO)?.Id;
    const stream = await api<string>('analyst', 'POST', '/simulate/portfolio/grid', { PortfolioId: id, SettlementDate: settlement, Vendor: VENDOR, ScenarioNames: ['Baseline'], ScenarioVendors: [VENDOR] });
    const pieces = stream.trim().split('\n').map((l) => JSON.parse(l) as { type: string; value?: { OrdinalNumber: number; RateOnLine: number; CollateralLossesPct: number } });
    const baseline = pieces.find((p) => p.type === 'piece' && p.value?.OrdinalNumber === 1)?.value;
    expect(await (await cell(page, 0, 'Baseline')).textContent()).toBe(`${((baseline?.RateOnLine ?? NaN) * 100).toFixed(2)}%`);
    // Totals footer and vendor header above the scenario names.
    const footer = grid(page).locator('.ag-row', { hasText: 'Totals' });
    expect(await footer.textContent()).toMatch(/\d+\.\d\d%/);
    expect(await grid(page).locator('.ag-header-group-cell', { hasText: VENDOR }).count()).toBeGreaterThan(0);
    // Another metric redraws the cells.
    await page.getByTestId('metric-CollateralLossesPct').check();
    await expect.poll(async () => (await cell(page, 0, 'Baseline')).textContent(), { timeout: 10_000 }).toBe(`${(baseline?.CollateralLossesPct ?? NaN).toFixed(2)}%`);
    await page.getByTestId('metric-RateOnLine').check();
    // Clicking a scenario header does not sort the grid: it runs that scenario's totals (below).
    await shot(page, 'run-1400');

    // Header click: the scenario's portfolio totals, tabs ACIS, CIRT, Totals; each exports its cash flow.
    await grid(page).locator('.ag-header-cell', { hasText: 'Severe Recession' }).first().click();
    await page.getByTestId('grid-totals-view').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid=grid-totals-view] [role=tab]').allTextContents()).toEqual(['ACIS', 'CIRT', 'Totals']);
    expect(await page.getByTestId('grid-view-title').textContent()).toBe(`Totals — ${VENDOR} / Severe Recession`);
    await page.getByTestId('grid-tab-totals').click();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-cashflow').click()]);
    expect(xlsx.suggestedFilename()).toMatch(/_Severe_Recession_Totals\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await xlsx.path());
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(10).values).toEqual([undefined, 'Period', 'PaymentDate', 'Balance', 'Cash', 'Losses']);
    expect(sheet?.rowCount ?? 0).toBeGreaterThan(20);
    // One export convention (issue 18 #10): payment dates and the header block's dates are mm/dd/yyyy date cells, amounts to the cent.
    expect(sheet?.getRow(4).getCell(2).value).toBeInstanceOf(Date);
    expect(sheet?.getRow(11).getCell(2).value).toBeInstanceOf(Date);
    expect(expectWorkbookConvention(book).dates).toBeGreaterThan(20);

    // Cell click: that entry under that scenario.
    await (await cell(page, 0, 'Mild Recession')).click();
    await page.getByTestId('grid-entry-view').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('grid-view-title').textContent()).toBe(`Line 1, ACIS 2020-DNA3 M-2A — ${VENDOR} / Mild Recession`);
    expect(await page.locator('[data-testid=grid-part-acis-entries] tbody tr').first().textContent()).toContain('ACIS 2020-DNA3');
    // A 'Missing scenario' cell opens nothing.
    await (await cell(page, 1, DEAL_ONLY)).click();
    expect(await page.getByTestId('grid-view-title').textContent()).toContain('Mild Recession');
    await shot(page, 'drilldown-1400');

    // Export Metrics with tranche-level cash flows: the metrics workbook and the server's CSV.
    await page.getByTestId('grid-export-tranches').check();
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.getByTestId('export-metrics').click();
    await expect.poll(() => downloads.length, { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('alert-success').last().textContent()).toBe('Portfolio calculation successfully exported.');
    const csvDownload = downloads.find((d) => d.suggestedFilename().endsWith('.csv'));
    expect(csvDownload?.suggestedFilename()).toMatch(/^VG Reinsurance \w+_\d{4}-\d{2}-\d{2}_\d{6}\.csv$/);
    const csv = readFileSync(await csvDownload!.path(), 'utf8').trim().split('\r\n');
    const places: Record<string, number> = { Line: 0, OwnedFaceAmt: 2, CollateralLossesPct: 4, Wal: 2, WritedownPct: 4 };
    expect(expectCsvConvention(csv, (h) => places[h] ?? 6).numbers).toBeGreaterThan(10);
    expect(csv[0]).toBe('Line,DealName,BondName,OwnedFaceAmt,ScenarioName,Vendor,Yield,RateOnLine,LossOnLine,ReturnOnLine,CollateralLossesPct,Wal,WritedownPct,Spread,Status');
    expect(csv).toHaveLength(1 + 2 * 4);
    expect(csv.some((l) => l.startsWith(`2,CIRT 2023-9,M,2000000,${DEAL_ONLY},${VENDOR},`) && l.endsWith(',Missing scenario'))).toBe(true);
    const metrics = new ExcelJS.Workbook();
    await metrics.xlsx.readFile(await downloads.find((d) => d.suggestedFilename().endsWith('.xlsx'))!.path());
    expect(metrics.worksheets.map((w) => w.name)).toEqual(['Rate On Line', 'Loss On Line', 'Margin On Line', 'Ref Pool Loss Pct', 'ROI']);
    // Metrics are numbers with the grid's formats (not text), rounded.
    const rolCells = (metrics.getWorksheet('Rate On Line')!.getRow(4).values as unknown[]).slice(4);
    expect(rolCells.some((v) => typeof v === 'number')).toBe(true);
    expect(rolCells.every((v) => typeof v === 'number' || v === 'Missing scenario' || v === '-----')).toBe(true);
    expect(metrics.getWorksheet('Rate On Line')!.getRow(4).getCell(4 + rolCells.findIndex((v) => typeof v === 'number')).numFmt).toBe('0.00%');
    expect(expectWorkbookConvention(metrics).numbers).toBeGreaterThan(10);

    // A smaller window still shows the controls and the grid.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'run-1024');
    await context.close();
  }, 300_000);

  it('a saved collateral cashflow is a column: the ACIS entry runs on the uploaded rows, the CIRT entry reads Missing scenario', async () => {
    const before = await api<object[]>('analyst', 'GET', '/usercollcashflow');
    const name = `E2E stress ${RUN}`;
    const label = `ACIS 2020-DNA3 / 202106 / ${name}`;
    await api('analyst', 'POST', '/usercollcashflow/', [...before, { DealName: 'ACIS 2020-DNA3', CollateralMonth: '202106', ScenarioName: name, Vendor: '', CollateralCashflow: pool(1e9, 120) }]);
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, 'analyst');
      await openGrid(page);
      await page.selectOption('[data-testid=grid-portfolio]', PORTFOLIO);
      await page.selectOption('[data-testid=grid-vendor]', 'Default');
      await page.fill('[data-testid=grid-settlement]', SETTLEMENT);
      await grid(page).locator('.ag-header-cell', { hasText: name }).waitFor();
      expect(await grid(page).locator('.ag-header-group-cell', { hasText: 'User cashflow' }).count()).toBe(1);
      // Under Global (common scenarios only) the deal's cashflow is not offered.
      await page.getByTestId('grid-global').check();
      await expect.poll(() => grid(page).locator('.ag-header-cell', { hasText: name }).count()).toBe(0);
      await page.getByTestId('grid-global').uncheck();
      await grid(page).locator('.ag-header-cell', { hasText: name }).waitFor();

      await page.getByTestId('run-scenarios').click();
      await page.getByTestId('grid-progress').waitFor({ state: 'detached', timeout: 60_000 });
      // Two entries run in a blink: the progress bar may be gone before it was seen, so wait for the cells.
      await expect.poll(async () => (await cell(page, 1, name)).textContent(), { timeout: 30_000 }).toBe('Missing scenario');
      // The ACIS cell is the portfolio screen's run of that entry with the cashflow chosen.
      const run = await api<{ AcisPortfolio: { PortfolioEntries: { LineMetrics: { RateOnLine: number }; CollateralLossesPct: number }[] } }>('analyst', 'POST', '/simulate/portfolio', {
        SettlementDate: Number(SETTLEMENT.replace(/-/g, '')), PortfolioType: 'Reinsurance',
        Entries: [{ OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0, Cpr: 0, Cdr: 0, LossSeverity: 0, Delinquency: 0, UserCashflowLabel: label }],
      });
      const line = run.AcisPortfolio.PortfolioEntries[0];
      await expect.poll(async () => (await cell(page, 0, name)).textContent(), { timeout: 30_000 }).toBe(`${((line?.LineMetrics.RateOnLine ?? NaN) * 100).toFixed(2)}%`);
      await page.getByTestId('metric-CollateralLossesPct').check();
      // The grid redraws its cells for the new metric after the click returns.
      await expect.poll(async () => (await cell(page, 0, name)).textContent(), { timeout: 10_000 }).toBe(`${(line?.CollateralLossesPct ?? NaN).toFixed(2)}%`);
      expect(await dangerAlerts(page)).toBe(0);
      // Its cell opens that entry's cash flow on the cashflow.
      await (await cell(page, 0, name)).click();
      await page.getByTestId('grid-entry-view').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('grid-view-title').textContent()).toBe(`Line 1, ACIS 2020-DNA3 M-2A — ACIS 2020-DNA3 / 202106 / ${name}`);
      await shot(page, 'cashflow-column-1400');
    } finally {
      await context.close();
      await api('analyst', 'POST', '/usercollcashflow/', before);
    }
  }, 300_000);

  it('Cancel stops a big run: progress ends, the cells already filled stay, no error, and the next run completes', async () => {
    const BIG = `VG big ${RUN}`;
    const ENTRIES = 200;
    await api('analyst', 'POST', '/portfolios/', {
      Name: BIG, PortfolioType: 'Reinsurance',
      PortfolioEntries: Array.from({ length: ENTRIES }, (_, i) => (i % 2 === 0
        ? { OrdinalNumber: i + 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000 + i, Margin: 20 }
        : { OrdinalNumber: i + 1, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000 + i, Margin: 20 })),
    });
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, 'analyst');
      await page.goto('/vendor_grid');
      await expect.poll(() => page.locator('[data-testid=grid-portfolio] option').allTextContents()).toContain(BIG);
      await page.selectOption('[data-testid=grid-portfolio]', BIG);
      await page.selectOption('[data-testid=grid-vendor]', VENDOR);
      await page.fill('[data-testid=grid-settlement]', SETTLEMENT);
      await expect.poll(() => page.getByTestId('grid-counts').textContent()).toBe(`${ENTRIES} entries × 6 scenarios`);

      await page.getByTestId('run-scenarios').click();
      const bar = page.locator('[data-testid=grid-progress] .progress-bar');
      // Cancel as soon as the first cells are in.
      await expect.poll(async () => Number(/^(\d+) \//.exec((await bar.textContent()) ?? '')?.[1] ?? 0), { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
      const [done, total] = ((await bar.textContent()) ?? '').split(' / ').map(Number);
      await page.getByTestId('grid-cancel').click();
      expect(done).toBeLessThan(total ?? 0);
      await page.getByTestId('grid-progress').waitFor({ state: 'detached' });
      const filled = await filledCells(page);
      expect(filled).toBeGreaterThan(0);
      // Nothing arrives after the cancel: the drawn cells at the bottom and the top stay as they were, most of them blank.
      const first = ['Baseline', 'Fast Prepay', 'Mild Recession'];
      await scrollGrid(page, 'bottom');
      await grid(page).locator(`[row-index="${ENTRIES - 1}"]`).first().waitFor();
      const bottom = async () => [...await rowTexts(page, ENTRIES - 1, first), ...await rowTexts(page, ENTRIES - 2, first), ...await rowTexts(page, ENTRIES - 3, first)];
      const atCancel = await bottom();
      await page.waitForTimeout(2_000);
      expect(await bottom()).toEqual(atCancel);
      expect(atCancel.filter((t) => t === '').length).toBeGreaterThan(0);
      await scrollGrid(page, 'top');
      await expect.poll(() => filledCells(page)).toBe(filled);
      expect(await dangerAlerts(page)).toBe(0);
      expect(await page.getByTestId('grid-progress').count()).toBe(0);
      console.log(`grid cancel: ${done ?? '?'} of ${total ?? '?'} cells in when Cancel was clicked; ${filled} drawn cells kept`);
      await shot(page, 'cancelled-1400');

      // A new run starts from blank cells and completes: the cancelled one no longer holds the run service.
      const started = Date.now();
      await page.getByTestId('run-scenarios').click();
      await page.getByTestId('grid-progress').waitFor();
      await page.getByTestId('grid-progress').waitFor({ state: 'detached', timeout: 180_000 });
      const seconds = (Date.now() - started) / 1000;
      console.log(`grid rerun after cancel: ${ENTRIES} × 6 in ${seconds.toFixed(1)} s (browser, end to end)`);
      await scrollGrid(page, 'bottom');
      await grid(page).locator(`[row-index="${ENTRIES - 1}"]`).first().waitFor();
      await expect.poll(async () => (await rowTexts(page, ENTRIES - 1, first)).filter((t) => /^\d+\.\d\d%$/.test(t)).length).toBe(3);
      expect((await rowTexts(page, ENTRIES - 2, first)).every((t) => /^\d+\.\d\d%$/.test(t))).toBe(true);
      expect(await dangerAlerts(page)).toBe(0);
      expect(await page.getByTestId('export-metrics').isDisabled()).toBe(false);
    } finally {
      await context.close();
    }
  }, 400_000);

  it('offers the database export to admins only, showing Calculating... while it saves', async () => {
    const { context, page } = await newPage(browser);
    await openGridForDatabase(page);
    // The analyst's own deal-only scenario is not the admin's: the five shared demo ones.
    await expect.poll(() => page.getByTestId('grid-counts').textContent()).toBe('2 entries × 5 scenarios');
    await page.getByTestId('run-scenarios').click();
    await page.getByTestId('grid-progress').waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(async () => (await cell(page, 0, 'Baseline')).textContent()).not.toBe('');
    // Hold the save answer so the 'Calculating...' state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/simulate/portfolio/save', async (route) => { await held; await route.continue(); });
    await page.getByTestId('export-metrics').click();
    await page.getByTestId('grid-calculating').waitFor();
    expect(await page.getByTestId('grid-calculating').textContent()).toBe('Calculating...');
    release();
    await expect.poll(() => page.getByTestId('alert-success').last().textContent(), { timeout: 60_000 }).toBe('Portfolio calculation successfully saved.');
    await page.getByTestId('grid-calculating').waitFor({ state: 'detached' });
    await context.close();
  }, 300_000);
  it('asks to save an unsaved database calculation on leaving: refusing leaves, a failing save stays, a working save saves and leaves', async () => {
    const { context, page } = await newPage(browser);
    try {
      await openGridForDatabase(page);
      const saves: number[] = [];
      page.on('response', (r) => { if (r.url().endsWith('/api/simulate/portfolio/save')) saves.push(r.status()); });
      const asked: string[] = [];
      const answer = (accept: boolean) => page.once('dialog', (d) => { asked.push(d.message()); void (accept ? d.accept() : d.dismiss()); });
      const runGrid = async () => {
        await expect.poll(() => page.getByTestId('grid-counts').textContent()).toBe('2 entries × 5 scenarios');
        await page.getByTestId('run-scenarios').click();
        await page.getByTestId('grid-progress').waitFor({ state: 'detached', timeout: 60_000 });
        await expect.poll(async () => (await cell(page, 0, 'Baseline')).textContent()).toMatch(/^\d+\.\d\d%$/);
      };

      // Nothing run yet: leaving asks nothing.
      page.once('dialog', (d) => { asked.push(`unexpected: ${d.message()}`); void d.dismiss(); });
      await page.click('nav a[href="/deal_catalog"]');
      await page.waitForURL('**/deal_catalog');
      expect(asked).toEqual([]);
      page.removeAllListeners('dialog');

      // A run meant for the database and not saved: refusing the prompt leaves without saving.
      await page.getByTestId('nav-group-Portfolios').locator('button').click(); // the navbar's Portfolios menu (issue 23 #8)
      await page.click('nav a[href="/vendor_grid"]');
      await page.getByTestId('vendor-grid-page').waitFor();
      expect(await page.getByTestId('grid-export-db').isChecked()).toBe(true);
      await runGrid();
      answer(false);
      await page.click('nav a[href="/deal_catalog"]');
      await page.waitForURL('**/deal_catalog');
      expect(asked).toEqual(['You have unsaved changes! Do you want to save them?']);
      expect(saves).toEqual([]);

      // Agreeing when the save fails keeps the user on the grid with the results.
      await page.getByTestId('nav-group-Portfolios').locator('button').click(); // the navbar's Portfolios menu (issue 23 #8)
      await page.click('nav a[href="/vendor_grid"]');
      await page.getByTestId('vendor-grid-page').waitFor();
      await runGrid();
      await page.route('**/api/simulate/portfolio/save', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ Message: 'The database is read-only.' }) }));
      answer(true);
      await page.click('nav a[href="/deal_catalog"]');
      await expect.poll(() => page.getByTestId('alert-danger').last().textContent()).toBe('Failed to save portfolio calculation. The database is read-only.');
      expect(new URL(page.url()).pathname).toBe('/vendor_grid');
      expect(await (await cell(page, 0, 'Baseline')).textContent()).toMatch(/^\d+\.\d\d%$/);
      expect(asked).toHaveLength(2);
      await shot(page, 'leave-save-failed-1400');

      // Agreeing when the save works: saved, then away.
      await page.unroute('**/api/simulate/portfolio/save');
      answer(true);
      await page.click('nav a[href="/deal_catalog"]');
      await page.waitForURL('**/deal_catalog', { timeout: 60_000 });
      expect(asked).toHaveLength(3);
      expect(saves).toEqual([400, 200]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
