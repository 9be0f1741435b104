import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

/** The API as the analyst (bearer token), for the numbers the screen must match and for clean-up. */
async function api<T>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; json: T }> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'analyst', password: passwordOf('analyst'), grant_type: 'password' }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/api${urlPath}`, {
    method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

interface Line { OrdinalNumber: number; Yield: { IsSuccessful: boolean; Value: number | null; ErrorMessage: string | null }; LineMetrics: { RateOnLine: number | null } }
interface RunAnswer { AcisPortfolio: unknown; CirtPortfolio: unknown; BondPortfolio: unknown; TotalPortfolio: { PortfolioEntries: Line[] } }
const SILENT = ["Can't compute Yield.", 'Too many tries in Yield calculation.', 'Guess is too negative in Yield calculation.'];
const pct = (v: number | null) => (v === null ? '' : `${(v * 100).toFixed(2)}%`);
const yieldText = (l: Line) => (l.Yield.IsSuccessful ? pct(l.Yield.Value) : SILENT.includes(l.Yield.ErrorMessage ?? '') ? '-----' : (l.Yield.ErrorMessage ?? '-----'));

const stamp = () => String(Date.now()).slice(-7);
const alert = (page: Page, text: string) => page.locator('[role=alert]', { hasText: text }).first().waitFor();

/** Opens /portfolio and waits until the list has loaded (the select holds the demo portfolios). */
async function openScreen(page: Page, query = ''): Promise<void> {
  await page.goto(`/portfolio${query}`);
  await page.waitForFunction(() => (document.querySelectorAll('[data-testid=portfolio-select] option').length > 1));
}

async function create(page: Page, name: string, type: 'Reinsurance' | 'Bonds'): Promise<void> {
  await page.click('[data-testid=manage]');
  expect(await page.locator('[data-testid=create-portfolio]').isDisabled()).toBe(true);
  await page.fill('[data-testid=new-portfolio-name]', name);
  await page.selectOption('[data-testid=new-portfolio-type]', type);
  await page.click('[data-testid=create-portfolio]');
  await page.locator('[data-testid=manage-portfolios]').waitFor({ state: 'detached' });
  expect(await page.textContent('[data-testid=portfolio-type]')).toBe(type);
}

/** Adds a line and picks its deal; the bond list fills at once from GET /deals/{deal}. */
async function addLine(page: Page, n: number, deal: string, bond: string, values: Record<string, string>): Promise<void> {
  await page.click('[data-testid=add-entry]');
  const [request] = await Promise.all([
    page.waitForRequest((r: Request) => r.method() === 'GET' && decodeURIComponent(r.url()).includes(`/api/deals/${deal}`)),
    page.selectOption(`[data-testid=entry-${n}-deal]`, deal),
  ]);
  if (deal.startsWith('ACIS')) expect(request.url()).toContain('?type=acis');
  await page.locator(`[data-testid=entry-${n}-bond] option[value="${bond}"]`).waitFor({ state: 'attached' });
  await page.selectOption(`[data-testid=entry-${n}-bond]`, bond);
  for (const [field, value] of Object.entries(values)) await page.fill(`[data-testid=entry-${n}-${field}]`, value);
}

/** Clicks Analyze and returns the body it sent and the API's answer to the same body. */
async function analyze(page: Page): Promise<{ body: Record<string, unknown>; direct: RunAnswer }> {
  const [request] = await Promise.all([
    page.waitForRequest((r: Request) => r.method() === 'POST' && r.url().endsWith('/api/simulate/portfolio')),
    page.click('[data-testid=analyze]'),
  ]);
  const response = await request.response();
  expect(response?.status(), await response?.text()).toBe(200);
  await page.locator('[data-testid=portfolio-results]').waitFor();
  const body = request.postDataJSON() as Record<string, unknown>;
  const direct = await api<RunAnswer>('POST', '/simulate/portfolio', body);
  expect(direct.status).toBe(200);
  return { body, direct: direct.json };
}

describe('portfolio screen', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('builds a reinsurance portfolio by hand with a scenario line, analyzes it like the API, keeps the results, exports the XLSX and prompts on leave', async () => {
    const scenarioName = `E2E portfolio ${stamp()}`;
    const scenario = await api<{ Ids: number[] }>('POST', '/scenarios/bulk', {
      SaveMode: 'override', Scenarios: [{ ScenarioName: scenarioName, DealName: 'ACIS 2020-DNA3', Vendor: null, Cpr: [12], Cdr: [1], LossSeverity: [35], Delinquency: [0] }],
    });
    expect(scenario.status).toBe(200);
    const scenarioId = scenario.json.Ids[0] ?? 0;
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    try {
      await signIn(page, 'analyst');
      await openScreen(page);
      const name = `e2e reins ${stamp()}`;
      // A taken name (the demo portfolio) is refused with the spec's message.
      await page.click('[data-testid=manage]');
      await page.fill('[data-testid=new-portfolio-name]', 'Demo reinsurance');
      await page.click('[data-testid=create-portfolio]');
      await alert(page, 'Portfolio named Demo reinsurance already exists.');
      await page.click('[data-testid=manage-portfolios] .btn-close');
      await create(page, name, 'Reinsurance');
      expect(await page.isVisible('[data-testid=unsaved]')).toBe(true);
      expect(await page.isDisabled('[data-testid=analyze]')).toBe(true);

      await addLine(page, 1, 'ACIS 2020-DNA3', 'B-2', { OwnedFaceAmt: '2,000,000', Margin: '25', Cpr: '10', Cdr: '0.5', LossSeverity: '30' });
      // The deal's optional cancellation date is the hint of the cancellation field.
      expect(await page.getAttribute('[data-testid=entry-1-CancellationDate]', 'placeholder')).toMatch(/^\d{8}$/);
      await addLine(page, 2, 'CIRT 2023-9', 'M', { OwnedFaceAmt: '1,500,000', Margin: '20', Cpr: '8', Cdr: '0.3', LossSeverity: '25' });
      // A saved scenario on line 2 is not offered (it belongs to the ACIS deal); on line 1 it disables the speeds.
      expect(await page.locator(`[data-testid=entry-2-scenario] option[value="s:${scenarioId}"]`).count()).toBe(0);
      await page.selectOption('[data-testid=entry-1-scenario]', `s:${scenarioId}`);
      for (const f of ['Cpr', 'Cdr', 'LossSeverity', 'Delinquency']) expect(await page.isDisabled(`[data-testid=entry-1-${f}]`)).toBe(true);
      expect(await page.isDisabled('[data-testid=entry-2-Cpr]')).toBe(false);

      // Save refuses a line without deal and bond, with the spec's messages.
      await page.click('[data-testid=add-entry]');
      await page.click('[data-testid=save]');
      await alert(page, "Line 3: Deal Name mustn't be empty");
      await alert(page, "Line 3: Bond Name mustn't be empty");
      await page.click('[data-testid=entry-3-remove]');

      await page.fill('[data-testid=settlement-date]', '2026-11-15');
      await page.fill('[data-testid=portfolio-rate]', '1');
      const { body, direct } = await analyze(page);
      const entries = body.Entries as Record<string, unknown>[];
      expect(body.SettlementDate).toBe(20261115);
      expect(entries[0]).toMatchObject({ DealName: 'ACIS 2020-DNA3', BondName: 'B-2', OwnedFaceAmt: 2_000_000, Margin: 0.25, InterestRate: 0.01, SelectedScenarioId: scenarioId, SettlementDateMonthsBackAdjustment: 2 });
      expect(entries[0]).not.toHaveProperty('Cpr');
      expect(entries[1]).toMatchObject({ DealName: 'CIRT 2023-9', Cpr: 0.08, Cdr: 0.003, LossSeverity: 0.25 });
      for (const line of direct.TotalPortfolio.PortfolioEntries) {
        expect(await page.textContent(`[data-testid=entry-${line.OrdinalNumber}-yield]`)).toBe(yieldText(line));
        expect(await page.textContent(`[data-testid=entry-${line.OrdinalNumber}-rol]`)).toBe(pct(line.LineMetrics.RateOnLine));
      }
      expect(await page.locator('[data-testid=portfolio-results] .nav-link').allTextContents()).toEqual(expect.arrayContaining(['ACIS', 'CIRT']));
      await page.screenshot({ path: path.join(tmpdir(), 'portfolio-reinsurance-1400.png'), fullPage: true });
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.screenshot({ path: path.join(tmpdir(), 'portfolio-reinsurance-1024.png'), fullPage: true });
      await page.setViewportSize({ width: 1400, height: 900 });

      // Save: the message, the unsaved flag off, the results cleared, the entries stored (scenario kept).
      await page.click('[data-testid=save]');
      await alert(page, 'Saved portfolios in the database.');
      await page.locator('[data-testid=unsaved]').waitFor({ state: 'detached' });
      expect(await page.isVisible('[data-testid=portfolio-results]')).toBe(false);
      const stored = await api<{ PortfolioEntries: { DealName: string; BondName: string; OwnedFaceAmt: number; ScenarioId: number | null }[] }>('GET', `/portfolios/${encodeURIComponent(name)}`);
      expect(stored.json.PortfolioEntries.map((e) => [e.DealName, e.BondName, e.OwnedFaceAmt, e.ScenarioId])).toEqual([['ACIS 2020-DNA3', 'B-2', 2_000_000, scenarioId], ['CIRT 2023-9', 'M', 1_500_000, null]]);
      // Saved: read-only until Edit.
      expect(await page.isDisabled('[data-testid=entry-2-Cpr]')).toBe(true);

      // Results are kept when the user leaves and comes back (no ?name: the portfolio they had open).
      await analyze(page);
      const yield1 = await page.textContent('[data-testid=entry-1-yield]');
      await page.click('nav a[href="/deal_catalog"]');
      await page.waitForURL('**/deal_catalog');
      await page.getByTestId('nav-group-Portfolios').locator('button').click(); // the navbar's Portfolios menu (issue 23 #8)
      await page.click('nav a[href="/portfolio"]');
      await page.locator('[data-testid=portfolio-results]').waitFor();
      expect(await page.inputValue('[data-testid=portfolio-select]')).toBe(name);
      expect(await page.textContent('[data-testid=entry-1-yield]')).toBe(yield1);

      // Export: file name with the portfolio's name and type, sheet name ≤ 30, percents 0.00 %.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-xlsx]')]);
      expect(download.suggestedFilename()).toBe(`${name.replace(/ /g, '_')}_Reinsurance.xlsx`);
      const book = new ExcelJS.Workbook();
      const bytes = await readFile(await download.path());
      await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet?.name.length).toBeLessThanOrEqual(30);
      expect(sheet?.getRow(1).values).toEqual([undefined, 'Portfolio Name', 'Deal id', 'Bond id', 'Initial Limit ($)', 'Collateral Hold (%)', 'CPR (%)', 'CDR (%)', 'Sev (%)', 'Del (%)']);
      expect(sheet?.getRow(3).values).toEqual([undefined, name, 'CIRT 2023-9', 'M', 1_500_000, 0.2, 0.08, 0.003, 0.25, 0]);
      expect(sheet?.getCell('E2').numFmt).toBe('0.00%');
      expect(sheet?.getCell('F3').numFmt).toBe('0.00%');

      // Leave prompt: refusing lets the navigation go on.
      await page.click('[data-testid=edit]');
      expect(await page.isDisabled('[data-testid=portfolio-select]')).toBe(true);
      await page.fill('[data-testid=entry-2-OwnedFaceAmt]', '1,750,000');
      let asked = '';
      page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
      await page.click('nav a[href="/deal_catalog"]');
      await page.waitForURL('**/deal_catalog');
      expect(asked).toBe('You have unsaved changes! Do you want to save them?');
      expect((await api<{ PortfolioEntries: { OwnedFaceAmt: number }[] }>('GET', `/portfolios/${encodeURIComponent(name)}`)).json.PortfolioEntries[1]?.OwnedFaceAmt).toBe(1_500_000);
      // Agreeing with a save that fails (no deal on line 2) keeps the user on the screen.
      await openScreen(page, `?name=${encodeURIComponent(name)}`);
      await page.click('[data-testid=edit]');
      await page.selectOption('[data-testid=entry-2-deal]', '');
      page.once('dialog', (d) => void d.accept());
      await page.click('nav a[href="/deal_catalog"]');
      await alert(page, "Line 2: Deal Name mustn't be empty");
      expect(new URL(page.url()).pathname).toBe('/portfolio');
      // Agreeing with a save that works saves, then leaves.
      await page.click('[data-testid=cancel-edit]');
      await page.click('[data-testid=edit]');
      await page.fill('[data-testid=entry-2-OwnedFaceAmt]', '1,250,000');
      page.once('dialog', (d) => void d.accept());
      await page.click('nav a[href="/deal_catalog"]');
      await page.waitForURL('**/deal_catalog');
      expect((await api<{ PortfolioEntries: { OwnedFaceAmt: number }[] }>('GET', `/portfolios/${encodeURIComponent(name)}`)).json.PortfolioEntries[1]?.OwnedFaceAmt).toBe(1_250_000);
    } finally {
      await context.close();
      await api('DELETE', '/scenarios/bulk', [scenarioId]);
    }
  });

  it('builds a bonds portfolio: read-only until Edit, Update, Cancel, Save As, delete (refused while unsaved)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, 'analyst');
      await openScreen(page);
      const name = `e2e bonds ${stamp()}`;
      await create(page, name, 'Bonds');
      expect(await page.textContent('label[for=portfolio-rate]')).toBe('Index (%)');
      await addLine(page, 1, 'STACR 2020-DNA3', 'B-1B', { Margin: '99', Cpr: '10', Cdr: '0.5', LossSeverity: '30' });
      await addLine(page, 2, 'CAS 2020-R01', '1M-2', { OwnedFaceAmt: '2,000,000', Margin: '101.25', Cpr: '8', Cdr: '0.3', LossSeverity: '25' });
      expect(await page.inputValue('[data-testid=entry-1-OwnedFaceAmt]')).toBe('1,000,000.00');
      await page.click('[data-testid=save]');
      await alert(page, 'Saved portfolios in the database.');
      await page.locator('[data-testid=edit]').waitFor();
      expect(await page.isDisabled('[data-testid=entry-1-Margin]')).toBe(true);
      expect(await page.isDisabled('[data-testid=add-entry]')).toBe(true);

      await page.click('[data-testid=edit]');
      await page.fill('[data-testid=entry-1-Margin]', '97.5');
      await page.click('[data-testid=update]');
      await alert(page, 'Succesfully updated portfolio.');
      await page.locator('[data-testid=edit]').waitFor();
      expect(await page.inputValue('[data-testid=entry-1-Margin]')).toBe('97.5');
      await page.click('[data-testid=edit]');
      await page.fill('[data-testid=entry-1-Margin]', '50');
      await page.click('[data-testid=cancel-edit]');
      await page.locator('[data-testid=edit]').waitFor();
      expect(await page.inputValue('[data-testid=entry-1-Margin]')).toBe('97.5');

      await page.fill('[data-testid=settlement-date]', '2026-11-15');
      await page.fill('[data-testid=portfolio-rate]', '4.5');
      const { body, direct } = await analyze(page);
      expect((body.Entries as Record<string, unknown>[])[0]).toMatchObject({ Price: 97.5, Libor: 0.045, Cpr: 0.1 });
      for (const line of direct.TotalPortfolio.PortfolioEntries) expect(await page.textContent(`[data-testid=entry-${line.OrdinalNumber}-yield]`)).toBe(yieldText(line));
      expect(await page.locator('[data-testid=portfolio-results] .nav-link').allTextContents()).toEqual(expect.arrayContaining(['Bonds']));
      await page.screenshot({ path: path.join(tmpdir(), 'portfolio-bonds-1400.png'), fullPage: true });
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.screenshot({ path: path.join(tmpdir(), 'portfolio-bonds-1024.png'), fullPage: true });
      await page.setViewportSize({ width: 1400, height: 900 });

      const copy = `${name} copy`;
      await page.click('[data-testid=save-as]');
      await page.fill('[data-testid=save-as-name]', copy);
      await page.click('[data-testid=save-as-ok]');
      await alert(page, `Successfully save the ${copy} portfolio.`);
      await page.waitForFunction((n) => (document.querySelector('[data-testid=portfolio-select]') as HTMLSelectElement).value === n, copy);
      expect(await page.isVisible('[data-testid=portfolio-results]')).toBe(false);

      // Deleting is refused while a new portfolio is unsaved, then works.
      await create(page, `${name} draft`, 'Bonds');
      await page.click('[data-testid=manage]');
      await page.check(`[aria-label="Delete ${copy}"]`);
      await page.click('[data-testid=delete-portfolios]');
      await alert(page, 'You have unsaved portfolios. Please save them or reload portfolios.');
      await page.click('[data-testid=manage-portfolios] .btn-close');
      await page.click('[data-testid=reload]');
      await page.locator('[data-testid=unsaved]').waitFor({ state: 'detached' });
      await page.click('[data-testid=manage]');
      await page.check(`[aria-label="Delete ${copy}"]`);
      await page.click('[data-testid=delete-portfolios]');
      await alert(page, 'Successfully removed portfolios.');
      expect((await api('GET', `/portfolios/${encodeURIComponent(copy)}`)).status).toBe(404);
    } finally { await context.close(); }
  });

  it('imports portfolios from XLSX, refuses malformed files with the spec\'s messages, and opens the demo portfolios', async () => {
    const { context, page } = await newPage(browser);
    const dir = tmpdir();
    const write = async (file: string, rows: unknown[][]) => {
      const b = new ExcelJS.Workbook();
      const s = b.addWorksheet('Portfolio');
      for (const r of rows) s.addRow(r);
      await b.xlsx.writeFile(path.join(dir, file));
      return path.join(dir, file);
    };
    const headers = ['Portfolio Name', 'Deal id', 'Bond id', 'Initial Limit ($)', 'Collateral Hold (%)', 'CPR (%)', 'CDR (%)', 'Sev (%)', 'Del (%)'];
    const name = `e2e import ${stamp()}`;
    try {
      await signIn(page, 'analyst');
      await openScreen(page);
      const importFile = async (file: string) => {
        await page.click('[data-testid=manage]');
        await page.setInputFiles('[data-testid=import-xlsx]', file);
      };
      await importFile(await write('short.xlsx', [headers.slice(0, 8), [name, 'ACIS 2020-DNA3', 'B-2', 1, 0.2, 0, 0, 0]]));
      await alert(page, 'Incorrect file format');
      await alert(page, 'Please review the input XLSX file.');
      await page.click('[data-testid=manage-portfolios] .btn-close');
      await importFile(await write('bad-rows.xlsx', [headers, [name, 'ACIS 1999-NOPE', 'B-2', 1, 0.2, 0, 0, 0, 0], [name, 'STACR 2020-DNA3', 'B-1B', 1, 0.2, 0, 0, 0, 0], ['Demo bonds', 'ACIS 2020-DNA3', 'B-2', 1, 0.2, 0, 0, 0, 0]]));
      await alert(page, "Line 2: deal doesn't exist");
      await alert(page, 'Line 3: STACR 2020-DNA3 cannot go into a Reinsurance portfolio');
      await alert(page, 'Line 4: portfolio Demo bonds already exists');
      await page.click('[data-testid=manage-portfolios] .btn-close');

      // A good file: a blank bond is 'A'; percent cells ×100; the portfolio is new and unsaved.
      await importFile(await write('good.xlsx', [headers, [name, 'ACIS 2020-DNA3', 'B-2', 2_000_000, 0.25, 0.1, 0.005, 0.3, 0], [name, 'CIRT 2023-9', '', 1_000_000, 0.2, 0.08, 0.003, 0.25, 0.01]]));
      await page.locator('[data-testid=manage-portfolios]').waitFor({ state: 'detached' });
      expect(await page.inputValue('[data-testid=portfolio-select]')).toBe(name);
      expect(await page.isVisible('[data-testid=unsaved]')).toBe(true);
      expect(await page.inputValue('[data-testid=entry-1-Margin]')).toBe('25');
      expect(await page.inputValue('[data-testid=entry-1-Cpr]')).toBe('10');
      expect(await page.inputValue('[data-testid=entry-2-bond]')).toBe('A');
      expect(await page.inputValue('[data-testid=entry-2-Delinquency]')).toBe('1');
      await page.click('[data-testid=save]');
      await alert(page, 'Saved portfolios in the database.');
      expect((await api<{ PortfolioEntries: unknown[] }>('GET', `/portfolios/${encodeURIComponent(name)}`)).json.PortfolioEntries).toHaveLength(2);

      // The demo portfolios are there on a fresh server and run.
      await openScreen(page, '?name=Demo%20bonds');
      expect(await page.inputValue('[data-testid=portfolio-select]')).toBe('Demo bonds');
      expect(await page.locator('[data-testid=portfolio-entries] tbody tr').count()).toBe(3);
      await page.fill('[data-testid=settlement-date]', '2026-11-15');
      const { direct } = await analyze(page);
      expect(direct.TotalPortfolio.PortfolioEntries).toHaveLength(3);
    } finally { await context.close(); }
  });

  it('a portfolio created on the ACIS screen opens on /portfolio, preselected', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, 'analyst');
      await page.goto('/acis_analysis?dealName=ACIS%202020-DNA3');
      await page.locator('[data-testid=run-scenario]').waitFor();
      const name = `e2e from ACIS ${stamp()}`;
      await page.check('#create-portfolio-check');
      await page.fill('[data-testid=portfolio-name]', name);
      await page.click('[data-testid=create-portfolio-button]');
      await page.waitForURL((u) => u.pathname === '/portfolio' && u.searchParams.get('name') === name);
      await page.waitForFunction((n) => (document.querySelector('[data-testid=portfolio-select]') as HTMLSelectElement | null)?.value === n, name);
      expect(await page.textContent('[data-testid=portfolio-type]')).toBe('Reinsurance');
      expect(await page.locator('[data-testid=portfolio-entries] tbody tr').count()).toBeGreaterThan(0);
      expect(await page.inputValue('[data-testid=entry-1-deal]')).toBe('ACIS 2020-DNA3');
    } finally { await context.close(); }
  });
});
