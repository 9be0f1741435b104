import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

const REPORT = `E2E two params ${Date.now()}`;
const QUERY = 'select n as line, n * @step as amount, @day::date as day, n / 100.0 as share\nfrom generate_series(1, 5) n\nwhere @step > 0\norder by n desc';

const alert = (page: Page, kind: string, text: string) => page.getByTestId(`alert-${kind}`).filter({ hasText: text }).first();

describe('reports', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('an admin creates a report with two parameters and tests it; a consumer runs it and exports it to Excel', async () => {
    const { page } = await newPage(browser);
    page.on('dialog', (d) => void d.accept());
    await signIn(page, 'admin');
    await page.goto('/admin_reports');
    await page.getByTestId('report-row').filter({ hasText: 'Deal Historical' }).waitFor();

    // Sorting: Name descending puts the Deal/Bond Historical order upside down.
    const names = async () => page.getByTestId('report-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
    const ascending = await names();
    await page.getByTestId('report-sort-Name').click();
    expect(await names()).toEqual([...ascending].reverse());

    await page.getByTestId('report-add').click();
    // A new report freezes the list: Add and Copy are gone, filters are disabled.
    expect(await page.getByTestId('report-add').count()).toBe(0);
    expect(await page.getByTestId('report-filter-name').isDisabled()).toBe(true);

    await page.getByTestId('report-save').click();
    await page.getByTestId('report-issues').getByText('Error in "Report", field "Name": Field is required').waitFor();
    expect(await page.getByTestId('report-name').evaluate((el) => el.classList.contains('is-invalid'))).toBe(true);

    await page.getByTestId('report-name').fill(REPORT);
    await page.getByTestId('report-query').fill(QUERY);
    await page.getByTestId('report-test').click();
    // Both extracted parameters need a type and a test value first; their rows are highlighted.
    await page.getByTestId('report-issues').getByText('Error in "Parameter", field "Type": Field is required').first().waitFor();
    expect(await page.locator('[data-testid=report-parameter-row].table-danger').count()).toBe(2);

    await page.getByTestId('param-type-step').selectOption('int');
    await page.getByTestId('param-value-step').fill('10');
    await page.getByTestId('param-name-day').fill('As of day');
    await page.getByTestId('param-type-day').selectOption('date');
    await page.getByTestId('param-value-day').fill('2024-03-31');
    await page.getByTestId('report-test').click();
    await alert(page, 'info', 'Report is executed successfully').waitFor();
    const preview = page.getByTestId('report-preview');
    await preview.waitFor();
    expect(await preview.locator('thead th').allTextContents()).toEqual(['Line', 'Amount', 'Day', 'Share']);
    expect(await preview.locator('tbody tr').count()).toBe(5);

    await page.getByTestId('report-tab-columns').click();
    await page.getByTestId('column-type-amount').selectOption('Number2');
    await page.getByTestId('column-total-amount').check();
    await page.getByTestId('column-type-day').selectOption('DateShort');
    await page.getByTestId('column-type-share').selectOption('Percent4');
    await page.getByTestId('column-name-share').fill('Share of pool');
    await page.getByTestId('report-save').click();
    await alert(page, 'success', `Report "${REPORT}" saved.`).waitFor();
    await page.getByTestId('report-add').waitFor(); // unfrozen after the save

    // Copy makes an unsaved ' - COPY'; Revert discards it.
    await page.getByTestId('report-copy').click();
    expect(await page.getByTestId('report-name').inputValue()).toBe(`${REPORT} - COPY`);
    await page.getByTestId('report-revert').click();
    await page.getByTestId('report-editor-empty').waitFor();

    // The consumer (analyst: Reports_Consumer) runs it.
    const consumer = await newPage(browser, { acceptDownloads: true });
    const c = consumer.page;
    await signIn(c, 'analyst');
    await c.goto('/reports');
    const option = await c.getByTestId('report-select').locator('option', { hasText: REPORT }).getAttribute('value');
    await c.getByTestId('report-select').selectOption(option!);
    await c.getByTestId('report-param-step').waitFor();
    expect(await c.getByTestId('report-export').isDisabled()).toBe(true);
    await c.getByTestId('report-run').click();
    await alert(c, 'danger', 'Parameter Step is empty').waitFor();
    await c.getByTestId('report-param-step').fill('2.5');
    await c.getByTestId('report-param-day').fill('2024-03-31');
    await c.getByTestId('report-run').click();
    await alert(c, 'danger', 'Report is not executed').waitFor();
    await c.getByTestId('report-param-step').fill('250000');
    await c.getByTestId('report-run').click();
    await alert(c, 'info', 'Report is executed successfully').waitFor();
    const table = c.getByTestId('report-results');
    expect(await table.locator('thead th').allTextContents()).toEqual(['Line', 'Amount', 'Day', 'Share of pool']);
    expect(await table.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['5', '1,250,000.00', '03/31/2024', '5.0000%']);
    expect(await c.getByTestId('report-results-totals').locator('td').allTextContents()).toEqual(['Total', '3,750,000.00', '', '']);

    const [download] = await Promise.all([c.waitForEvent('download'), c.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^E2E_two_params_\d+_\d{4}-\d{2}-\d{2}_\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Line', 'Amount', 'Day', 'Share of pool']);
    expect(sheet.getCell('A2').value).toBe(5);
    expect(sheet.getCell('B2').value).toBe(1_250_000);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(2024, 2, 31)));
    // Screen dates stay MM/DD/YYYY; the export writes every date in its one convention (issue 18 #10).
    expect(sheet.getCell('C2').numFmt).toBe('mm/dd/yyyy');
    expect(sheet.getCell('D2').value).toBe(0.05);
    expect(sheet.getCell('D2').numFmt).toBe('0.0000%');
    expect(sheet.getCell('A7').value).toBe('Total');
    expect(sheet.getCell('B7').value).toBe(3_750_000);

    // A zero-row run says so.
    await c.getByTestId('report-param-step').fill('0');
    await c.getByTestId('report-run').click();
    await alert(c, 'warning', 'Report is executed successfully, BUT NO RECORDS were RETURNED.').waitFor();
    await consumer.context.close();

    // Clean up: the admin deletes the report.
    await page.getByTestId('report-row').filter({ hasText: REPORT }).click();
    await page.getByTestId('report-delete').click();
    await alert(page, 'success', `Report "${REPORT}" deleted.`).waitFor();
    // The list refetches after the alert: wait for the row to go rather than read it once.
    await expect.poll(() => page.getByTestId('report-row').filter({ hasText: REPORT }).count(), { timeout: 10_000 }).toBe(0);
  });

  it('Test Query of a query the server refuses shows why and saves nothing', async () => {
    const { page } = await newPage(browser);
    page.on('dialog', (d) => void d.accept());
    await signIn(page, 'admin');
    await page.goto('/admin_reports');
    await page.getByTestId('report-row').filter({ hasText: 'Deal Historical' }).waitFor();
    const before = await page.getByTestId('report-row').count();
    const name = `E2E refused ${Date.now()}`;
    await page.getByTestId('report-add').click();
    await page.getByTestId('report-name').fill(name);
    await page.getByTestId('report-query').fill("select pg_read_file('/etc/passwd') as secret");
    await page.getByTestId('report-test').click();
    await alert(page, 'danger', 'A report cannot call pg_read_file: it reads server files.').waitFor();
    expect(await page.getByTestId('report-row').filter({ hasText: name }).count()).toBe(0);
    expect(await page.getByTestId('report-row').count()).toBe(before);
  });

  it('a user runs \'Deal Historical\' from deal analysis with the screen\'s deal', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/deal_analysis?dealName=STACR%202016-DNA1');
    const section = page.getByTestId('historical-report-deal');
    await section.waitFor();
    expect(await section.getByTestId('historical-report-select').locator('option:checked').textContent()).toBe('Deal Historical');
    await section.getByTestId('historical-report-run').click();
    const results = section.getByTestId('historical-report-results');
    await results.waitFor();
    expect(await results.locator('thead th').first().textContent()).toBe('Month');
    expect(await results.locator('tbody tr').count()).toBeGreaterThan(3);
    expect(await results.locator('tbody tr').first().locator('td').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});
