/**
 * Issue 23 "Done when": a pass through every screen with bad input (empty, letters, huge, negative,
 * wrong units, dates out of range) finds no silent acceptance. Each case types the bad value as a
 * user would in Chromium, checks the refusal the screen shows, and checks through the API that
 * nothing was saved or run (requests to the run or save route are counted where the screen refuses
 * before sending). Deal, bond, ACIS/CIRT analysis and the editors' layout have their own files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs } from './support/api.ts';
import { launchBrowser, newPage, signIn, type DemoUser } from './support/browser.ts';
import { DealCreatePage } from './pages/deal-create.page.ts';
import { ScenarioListPage } from './pages/scenario-list.page.ts';
import { VectorListPage } from './pages/vector-list.page.ts';

const RUN = Date.now().toString(36).slice(-5);
const dir = mkdtempSync(path.join(tmpdir(), 'bad-input-sweep-'));

const api = requestAs;

/**
 * Waits for a danger alert holding `text`, then closes every alert, so the next bad value's
 * refusal is its own alert and not one left over from the case before. The close is dispatched:
 * an open modal (the cashflow uploads) covers the alerts' buttons from a pointer.
 */
async function refused(page: Page, text: string): Promise<void> {
  await page.getByTestId('alert-danger').filter({ hasText: text }).first().waitFor();
  const alerts = page.locator('[role=alert]');
  for (let i = 0; i < 20 && await alerts.count() > 0; i++) await alerts.first().locator('.btn-close').dispatchEvent('click').catch(() => undefined);
  expect(await alerts.count()).toBe(0);
}
/** Counts the page's requests whose method and path match, from now on. */
function countRequests(page: Page, method: string, pathPart: string): () => number {
  let n = 0;
  page.on('request', (r) => { if (r.method() === method && new URL(r.url()).pathname.includes(pathPart)) n += 1; });
  return () => n;
}

describe('bad input on every screen is refused, never run or saved as garbage (issue 23)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); rmSync(dir, { recursive: true, force: true }); });

  async function signedIn(user: DemoUser): Promise<Page> {
    const { page } = await newPage(browser);
    await signIn(page, user);
    return page;
  }

  it('/vector_list: letters, 1e20 and a negative value in a cell are refused on save; nothing stored', async () => {
    const page = await signedIn('analyst');
    try {
      const screen = new VectorListPage(page);
      await screen.open();
      const name = `Sweep ${RUN}`;
      await screen.add(name);
      for (const [value, message] of [['abc', 'Empty or incorrect vector.'], ['1e20', `Vector ${name}: values must be between 0 and 100.`], ['-5', `Vector ${name}: values must be between 0 and 100.`]] as const) {
        await screen.cell(name, 1).fill(value);
        await screen.save();
        await refused(page, message);
      }
      const stored = await api<{ Name: string }[]>('analyst', 'GET', '/vectors');
      expect(stored.json.map((v) => v.Name)).not.toContain(name);
    } finally { await page.context().close(); }
  });

  it('/scenario_list: letters, 1e20, a negative and an empty cell are refused on save; the stored scenario keeps its values', async () => {
    const name = `Sweep scenario ${RUN}`;
    const saved = await api<{ Ids: number[] }>('analyst', 'POST', '/scenarios/bulk', {
      SaveMode: 'override', Scenarios: [{ ScenarioName: name, DealName: null, Vendor: null, Cpr: [6, 6], Cdr: [1, 1], LossSeverity: [30, 30], Delinquency: [0, 0] }],
    });
    expect(saved.status).toBe(200);
    const page = await signedIn('analyst');
    try {
      const screen = new ScenarioListPage(page);
      await screen.open();
      await screen.select(name);
      for (const value of ['abc', '1e20', '-5', '']) {
        await screen.detailButton('edit').click();
        await screen.setCell('Cpr', 1, value);
        await screen.detailButton('save').click();
        await refused(page, 'CPR vector');
        await screen.detailButton('discard').click();
      }
      const list = await api<{ Id: number; ScenarioName: string }[]>('analyst', 'GET', '/scenarios/list');
      const id = list.json.find((s) => s.ScenarioName === name)?.Id;
      const stored = await api<{ Cpr: number[] }>('analyst', 'GET', `/scenarios/${id}`);
      expect(stored.json.Cpr).toEqual([6, 6]);
    } finally { await page.context().close(); }
  });

  it('/scenario_list XLSX import: a letters cell is refused with its cell; 1e20 and a negative load but the save refuses them; nothing stored', async () => {
    const name = `Sweep import ${RUN}`;
    /** Layout of the import (rows 1-4 vendor, deal, name, type; data from row 5), one scenario in B-E. */
    const write = async (file: string, cpr: readonly unknown[]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Scenarios');
      sheet.addRow(['', '', '', '', '']);
      sheet.addRow(['', '', '', '', '']);
      sheet.addRow(['', name, name, name, name]);
      sheet.addRow(['', 'cpr', 'cdr', 'sev', 'del']);
      cpr.forEach((v) => sheet.addRow(['', v, 1, 30, 0]));
      const full = path.join(dir, file);
      await book.xlsx.writeFile(full);
      return full;
    };
    const cases = [['letters.xlsx', [6, 'abc'], `Cell B6 (${name} cpr) is not a number: 'abc'`], ['huge.xlsx', [6, 1e20], 'CPR vector contains incorrect values.'], ['negative.xlsx', [6, -5], 'CPR vector contains incorrect values.']] as const;
    for (const [file, cpr, message] of cases) {
      const page = await signedIn('analyst');
      try {
        const screen = new ScenarioListPage(page);
        await screen.open();
        await page.getByTestId('file-xlsx').setInputFiles(await write(file, cpr));
        if (file !== 'letters.xlsx') {
          // It loads (the file is well formed); the toolbar Save refuses it.
          await page.getByTestId('local-mode').waitFor();
          await screen.tool('save').click();
          const modal = page.getByTestId('save-options-modal');
          await modal.or(page.getByTestId('alert-danger')).first().waitFor();
          if (await modal.isVisible()) {
            await page.getByTestId('save-mode-skip').check();
            await page.getByTestId('save-options-save').click();
          }
        }
        await refused(page, message);
      } finally { await page.context().close(); }
    }
    const list = await api<{ ScenarioName: string }[]>('analyst', 'GET', '/scenarios/list');
    expect(list.json.map((x) => x.ScenarioName)).not.toContain(name);
  });

  it('/admin Add user: an address that is no e-mail is refused by the server and shown; no user created', async () => {
    const page = await signedIn('admin');
    try {
      await page.goto('/admin');
      const form = page.getByTestId('add-user');
      const username = `sweep.${RUN}`;
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('E-mail').fill('not-an-address');
      await form.getByLabel('Password', { exact: true }).fill('sweep-pass-12345');
      await form.getByLabel('Confirm password').fill('sweep-pass-12345');
      await form.getByRole('button', { name: 'Add user' }).click();
      await refused(page, 'Email does not seem valid');
      const users = await api<{ Username: string }[]>('admin', 'GET', '/users');
      expect(users.json.map((u) => u.Username)).not.toContain(username);
    } finally { await page.context().close(); }
  });

  it('/portfolio: letters and 1e20 in a line, letters and 500 in Interest Rate (%), an empty and a 12/31/9999 settlement date are refused before the run and the save', async () => {
    const page = await signedIn('analyst');
    try {
      await page.goto('/portfolio');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=portfolio-select] option').length > 1);
      const name = `Sweep reins ${RUN}`;
      await page.click('[data-testid=manage]');
      await page.fill('[data-testid=new-portfolio-name]', name);
      await page.selectOption('[data-testid=new-portfolio-type]', 'Reinsurance');
      await page.click('[data-testid=create-portfolio]');
      await page.locator('[data-testid=manage-portfolios]').waitFor({ state: 'detached' });
      await page.click('[data-testid=add-entry]');
      await page.selectOption('[data-testid=entry-1-deal]', 'CIRT 2023-9');
      await page.locator('[data-testid=entry-1-bond] option[value="M"]').waitFor({ state: 'attached' });
      await page.selectOption('[data-testid=entry-1-bond]', 'M');
      for (const [field, value] of Object.entries({ OwnedFaceAmt: '1,000,000', Margin: '20', Cpr: '8', Cdr: '0.3', LossSeverity: '25' })) await page.fill(`[data-testid=entry-1-${field}]`, value);
      const runs = countRequests(page, 'POST', '/api/simulate/portfolio');
      const saves = countRequests(page, 'POST', '/api/portfolios');

      await page.fill('[data-testid=entry-1-OwnedFaceAmt]', 'abc');
      await page.click('[data-testid=save]');
      await refused(page, 'Line 1: Initial Limit ($) must be a number');
      await page.fill('[data-testid=entry-1-OwnedFaceAmt]', '1e20');
      await page.click('[data-testid=save]');
      await refused(page, 'Line 1: Initial Limit ($) must be from 0 to 1,000,000,000,000');
      await page.fill('[data-testid=entry-1-OwnedFaceAmt]', '1,000,000');
      await page.fill('[data-testid=entry-1-Cpr]', '-5');
      await page.click('[data-testid=save]');
      await refused(page, 'Line 1: CPR (%) must be from 0 to 100');
      await page.fill('[data-testid=entry-1-Cpr]', '8');

      // The run's own inputs: letters ran at 0 and an emptied date went out as 0.
      await page.fill('[data-testid=portfolio-rate]', 'abc');
      await page.click('[data-testid=analyze]');
      await refused(page, 'Interest Rate (%) must be a number');
      await page.fill('[data-testid=portfolio-rate]', '500');
      await page.click('[data-testid=analyze]');
      await refused(page, 'Interest Rate (%) must be from 0 to 100');
      await page.fill('[data-testid=portfolio-rate]', '1');
      await page.fill('[data-testid=settlement-date]', '');
      await page.click('[data-testid=analyze]');
      await refused(page, 'Missing required: Settlement Date');
      await page.fill('[data-testid=settlement-date]', '9999-12-31');
      await page.click('[data-testid=analyze]');
      await refused(page, 'Settlement Date must be from 01/01/1900 to 12/31/2100');

      expect(runs()).toBe(0);
      expect(saves()).toBe(0);
      expect((await api('analyst', 'GET', `/portfolios/${encodeURIComponent(name)}`)).status).toBe(404);
    } finally { await page.context().close(); }
  });

  it('/vendor_grid: letters, 500, -1 and empty Interest Rate (%), an empty and a 12/31/9999 settlement date are refused; no grid run is sent', async () => {
    const page = await signedIn('analyst');
    try {
      await page.goto('/vendor_grid');
      await page.getByTestId('vendor-grid-page').waitFor();
      await expect.poll(() => page.locator('[data-testid=grid-portfolio] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain('Demo reinsurance');
      await page.selectOption('[data-testid=grid-portfolio]', 'Demo reinsurance');
      const run = page.getByTestId('run-scenarios');
      await expect.poll(() => run.isEnabled()).toBe(true);
      const runs = countRequests(page, 'POST', '/api/simulate/portfolio/grid');
      await page.fill('[data-testid=grid-settlement]', '2026-11-27');
      for (const [value, message] of [['abc', 'Interest Rate (%) must be a number'], ['500', 'Interest Rate (%) must be from 0 to 100'], ['-1', 'Interest Rate (%) must be from 0 to 100'], ['', 'Missing required: Interest Rate']] as const) {
        await page.fill('[data-testid=grid-interest]', value);
        await run.click();
        await refused(page, message);
      }
      await page.fill('[data-testid=grid-interest]', '1');
      await page.fill('[data-testid=grid-settlement]', '');
      await run.click();
      await refused(page, 'Missing required: Settlement Date');
      await page.fill('[data-testid=grid-settlement]', '9999-12-31');
      await run.click();
      await refused(page, 'Settlement Date must be from 01/01/1900 to 12/31/2100');
      expect(runs()).toBe(0);
      expect(await page.locator('.vendor-grid-cell').allTextContents().then((t) => t.filter((x) => x !== '').length)).toBe(0);
    } finally { await page.context().close(); }
  });

  it('/cashflows: an upload with Balance 1e20, a negative loss or a delinquency in percent names the cell with unit and range; nothing saved', async () => {
    const header = ['Period', 'Balance', 'Gross Interest', 'Net Interest', 'Scheduled Principal', 'Prepaid Principal', 'Defaults', 'Losses', 'Recoveries', 'Delinquency', 'Libor'];
    const write = async (file: string, rows: unknown[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Cashflow');
      for (const r of [header, ...rows]) sheet.addRow(r);
      const full = path.join(dir, file);
      await book.xlsx.writeFile(full);
      return full;
    };
    const deal = 'STACR 2026-DNA1';
    const month = [1, 1e6, 4000, 3500, 1000, 10000, 500, 200, 300, 0.01, 0.04];
    const cases = [
      [await write(`${deal}.202602.Huge.xlsx`, [[0, 1e20], month]), `${deal}.202602.Huge.xlsx, row 2, column Balance ($) must be from 0 to 1,000,000,000,000.`],
      [await write(`${deal}.202602.Negative.xlsx`, [[0, 1e6], month.map((v, i) => (i === 7 ? -200 : v))]), `${deal}.202602.Negative.xlsx, row 3, column Losses ($) must be from 0 to 1,000,000,000,000.`],
      [await write(`${deal}.202602.Percent.xlsx`, [[0, 1e6], month.map((v, i) => (i === 9 ? 5 : v))]), `${deal}.202602.Percent.xlsx, row 3, column Delinquency: 5 is not a fraction (write 1 % as 0.01).`],
      [await write(`${deal}.202602.Letters.xlsx`, [[0, 1e6], month.map((v, i) => (i === 2 ? 'abc' : v))]), `${deal}.202602.Letters.xlsx, row 3, column Gross Interest: "abc" is not a number.`],
      [await write(`${deal}.202613.Month.xlsx`, [[0, 1e6], month]), `${deal}.202613.Month.xlsx: "202613" is not a collateral month (YYYYMM).`],
    ] as const;
    const page = await signedIn('analyst');
    try {
      await page.goto('/cashflows');
      await page.getByTestId('cashflows-page').or(page.getByTestId('cashflows-empty')).first().waitFor();
      await page.getByTestId('cashflows-manage').click();
      const saves = countRequests(page, 'POST', '/api/usercollcashflow');
      for (const [file, message] of cases) {
        await page.getByTestId('cashflows-file').setInputFiles(file);
        await refused(page, message);
      }
      for (const scenario of ['Huge', 'Negative', 'Percent', 'Letters']) expect(await page.getByText(`${deal} / 202602 / ${scenario}`).count()).toBe(0);
      expect(saves()).toBe(0);
      const stored = await api<{ ScenarioName: string }[]>('analyst', 'GET', '/usercollcashflow');
      expect(stored.json.map((c) => c.ScenarioName)).toEqual(expect.not.arrayContaining(['Huge', 'Negative', 'Percent', 'Letters', 'Month']));
    } finally { await page.context().close(); }
  });

  it('/reports: an empty or 12/31/9999 date parameter is refused before the run', async () => {
    const page = await signedIn('analyst');
    try {
      await page.goto('/reports');
      const option = await page.getByTestId('report-select').locator('option', { hasText: 'Deal factors and losses by month' }).getAttribute('value');
      await page.getByTestId('report-select').selectOption(option!);
      await page.getByTestId('report-param-from').waitFor();
      const runs = countRequests(page, 'PUT', '/run');
      await page.getByTestId('report-param-from').fill('9999-12-31');
      await page.getByTestId('report-run').click();
      await refused(page, 'Parameter From must be a date from 01/01/1900 to 12/31/2100');
      await page.getByTestId('report-param-from').fill('');
      await page.getByTestId('report-run').click();
      await refused(page, 'Parameter From is empty');
      expect(runs()).toBe(0);
    } finally { await page.context().close(); }
  });

  it('/deal_create (CIRT): letters, a negative, a huge pool, a percent in the wrong unit and a 12/31/9999 maturity are refused under their fields; nothing created', async () => {
    const page = await signedIn('admin');
    try {
      const editor = new DealCreatePage(page);
      await editor.open({ dealType: 'CIRT' });
      const creates = countRequests(page, 'POST', '/api/deals/custom/');
      await editor.fill('Name', `CIRT 2026-SW${RUN}`);
      await editor.fill('Wac', 'abc');
      await editor.fill('Wam', '-5');
      await editor.fill('ReferencePoolBalance', '1e20');
      await editor.fill('RetentionPct', '150');
      await editor.fill('MaturityDate', '9999-12-31');
      await editor.click('Create');
      await editor.alert('danger', 'Invalid data, Deal cannot be created.');
      expect(await editor.error('Wac')).toBe('Must be a number.');
      expect(await editor.error('Wam')).toBe('0 < Wam <= 360');
      expect(await editor.error('ReferencePoolBalance')).toBe('0 < Balance < 1e12');
      expect(await editor.error('RetentionPct')).toBe('0 <= Retention < 100');
      expect(await editor.error('MaturityDate')).toBe('Must be from 01/01/1900 to 12/31/2100.');
      expect(creates()).toBe(0);
      const list = await api<{ Name: string }[]>('admin', 'GET', '/deals/custom/');
      expect(list.json.map((d) => d.Name)).not.toContain(`CIRT 2026-SW${RUN}`);
    } finally { await page.context().close(); }
  });
});
