import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';
import { expectWorkbookConvention } from './support/export-convention.ts';

const DNA1 = 'STACR 2026-DNA1';

describe('Stochastic tab on the deal screen (issue 35 #4)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('an analyst runs 20 LDM 3.0 paths on DNA1, reads the class table and fans, and exports the workbook', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
    await page.locator('[data-testid=deal-title]').waitFor();
    // Without a credit model the tab says what it needs and does not run.
    expect(await page.getByRole('button', { name: 'Run stochastic' }).isDisabled()).toBe(true);
    expect(await page.locator('[data-testid=stochastic-unavailable]').textContent()).toContain('Choose a credit model');

    await page.selectOption('[data-testid=credit-model]', 'LDM_3');
    await page.fill('[data-testid=model-hpi]', '3');
    await page.fill('[data-testid=model-twoYrTsy]', '3.6');
    await page.fill('[data-testid=model-tenYrTsy]', '4.2');
    await page.fill('[data-testid=model-unemployment]', '4.4');

    // Bad input is refused on the screen with the field and its range; nothing is sent.
    let sent = 0;
    page.on('request', (r) => { if (r.url().includes('/api/simulate/stochastic')) sent += 1; });
    await page.getByLabel('Paths').fill('ten');
    await page.getByRole('button', { name: 'Run stochastic' }).click();
    expect(await page.locator('[data-testid=stochastic-error]').textContent()).toBe('Paths must be a whole number from 1 to 10,000.');
    expect(sent).toBe(0);

    await page.getByLabel('Paths').fill('20');
    await page.getByLabel('Seed').fill('7');
    // Enter in an input starts the run, as the Run button does.
    await page.getByLabel('Seed').press('Enter');
    await page.locator('[data-testid=stochastic-results]').waitFor({ timeout: 240_000 });
    expect(sent).toBe(1);
    const rows = page.locator('[data-testid=stochastic-classes] tbody tr');
    expect(await rows.count()).toBeGreaterThan(3);
    expect(await page.locator('[data-testid=stochastic-classes] caption').textContent()).toContain('over 20 paths (seed 7)');
    expect(await page.locator('[data-testid=stochastic-collateral]').textContent()).toMatch(/expected \d+\.\d\d%/);
    const histogramPaths = await page.locator('[data-testid=stochastic-histogram] tbody tr td:nth-child(2)').allTextContents();
    expect(histogramPaths.reduce((s, t) => s + Number(t), 0)).toBe(20);
    await page.locator('[data-testid=stochastic-loss-fan] canvas').first().waitFor();
    await page.locator('[data-testid=stochastic-panel]').screenshot({ path: path.join(tmpdir(), 'opencrt-stochastic-1400.png') });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.locator('[data-testid=stochastic-panel]').screenshot({ path: path.join(tmpdir(), 'opencrt-stochastic-1024.png') });
    // The class table scrolls inside its box at 1024 px rather than widening the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
    expect(download.suggestedFilename()).toBe('STACR_2026-DNA1_stochastic.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Percentiles', 'Sample Paths']);
    const seen = expectWorkbookConvention(book);
    expect(seen.numbers).toBeGreaterThan(100);
    // 20 sample paths, each a row per month from settlement.
    const pathsColumn = new Set<unknown>();
    book.getWorksheet('Sample Paths')!.eachRow((row, r) => { if (r > 1) pathsColumn.add(row.getCell(1).value); });
    expect(pathsColumn.size).toBe(20);
    await context.close();
  }, 360_000);
});
