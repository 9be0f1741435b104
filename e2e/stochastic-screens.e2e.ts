import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReinsuranceAnalysisPage } from './pages/acis-analysis.page.ts';
import { BondAnalysisPage } from './pages/bond-analysis.page.ts';
import { CirtAnalysisPage } from './pages/cirt-analysis.page.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

const SIZES = [{ width: 1400, height: 900 }, { width: 1024, height: 768 }] as const;

async function fillModel(page: Page, model: 'LDM' | 'LDM_3' | 'AFT', values: Record<string, string>): Promise<void> {
  await page.selectOption('[data-testid=credit-model]', model);
  for (const [key, value] of Object.entries(values)) await page.fill(`[data-testid=model-${key}]`, value);
}

/** Runs `paths` paths from the Stochastic tab and waits for the results; returns the request body sent. */
async function runPaths(page: Page, paths: number): Promise<Record<string, unknown>> {
  const panel = page.locator('[data-testid=stochastic-panel]');
  await panel.getByLabel('Paths').fill(String(paths));
  await panel.getByLabel('Seed').fill('5');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/simulate/stochastic')),
    panel.getByRole('button', { name: 'Run stochastic' }).click(),
  ]);
  await page.locator('[data-testid=stochastic-results], [data-testid=stochastic-error]').first().waitFor({ timeout: 240_000 });
  const error = await page.locator('[data-testid=stochastic-error]').count();
  if (error) throw new Error(`stochastic run failed: ${await page.locator('[data-testid=stochastic-error]').textContent()}`);
  const histogram = await page.locator('[data-testid=stochastic-histogram] tbody tr td:nth-child(2)').allTextContents();
  expect(histogram.reduce((s, t) => s + Number(t), 0)).toBe(paths);
  await page.locator('[data-testid=stochastic-loss-fan] canvas').first().waitFor();
  await page.locator('[data-testid=stochastic-hpi-fan] canvas').first().waitFor();
  return request.postDataJSON() as Record<string, unknown>;
}

/** The panel at both widths: it fits the page (no sideways page scroll) and a screenshot is kept (temp folder). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const panel = page.locator('[data-testid=stochastic-panel]');
    await panel.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name} at ${size.width}`).toBe(true);
    await panel.screenshot({ path: path.join(tmpdir(), `opencrt-stochastic-${name}-${size.width}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

/** Exports the workbook and returns its Summary's layer row (row after the 'Layer' header). */
async function exportedLayer(page: Page, fileName: string): Promise<unknown[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Percentiles', 'Sample Paths']);
  const summary = book.getWorksheet('Summary')!;
  let header = 0;
  summary.eachRow((row, r) => { if (row.getCell(1).value === 'Layer') header = r; });
  expect(header).toBeGreaterThan(0);
  return (summary.getRow(header + 1).values as unknown[]).slice(1);
}

describe('Stochastic tab on the bond, ACIS and CIRT screens (issue 35 #4)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('bond screen: the Stochastic tool tab brings the panel up with the bond\'s class marked and its histogram shown', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.setViewportSize(SIZES[0]);
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: 'STACR 2026-DNA1', bondName: 'B-1H' });
    await page.click('[data-testid=tool-tab-stochastic]');
    expect(await page.locator('[data-testid=tool-description]').textContent()).toContain('loss distribution');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('stochastic-panel');
    expect(await page.getByRole('button', { name: 'Run stochastic' }).isDisabled()).toBe(true);
    await fillModel(page, 'LDM_3', { hpi: '-5', twoYrTsy: '3.6', tenYrTsy: '4.2', unemployment: '6' });
    const body = await runPaths(page, 8);
    expect(body).toMatchObject({ DealName: 'STACR 2026-DNA1', PrepaymentModel: 'LDM_3', Paths: 8, Seed: 5 });
    expect(await page.locator('[data-testid=stochastic-classes] tbody tr').count()).toBeGreaterThan(3);
    expect(await page.locator('[data-testid=stochastic-classes] tr.table-active th').textContent()).toBe('B-1H');
    expect(await page.locator('#stochastic-histogram-class').inputValue()).toBe('B-1H');
    await shoot(page, 'bond');
    await context.close();
  }, 360_000);

  it('ACIS screen: the chosen layer\'s loss distribution with expected loss on line and margin over it, exported', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.setViewportSize(SIZES[0]);
    const acis = new ReinsuranceAnalysisPage(page, 'acis');
    await acis.open({ dealName: 'ACIS 2020-DNA3', bondName: 'B-2' });
    await fillModel(page, 'LDM_3', { hpi: '-10', twoYrTsy: '3', tenYrTsy: '4', unemployment: '7' });
    const body = await runPaths(page, 6);
    expect(body).toMatchObject({ DealName: 'ACIS 2020-DNA3', BondName: 'B-2', PrepaymentModel: 'LDM_3', Paths: 6 });
    expect(await page.locator('[data-testid=stochastic-classes] tbody th').allTextContents()).toEqual(['B-2']);
    expect(await page.locator('[data-testid=stochastic-classes] caption').textContent()).toContain('percent of the limit');
    expect(await page.locator('[data-testid=stochastic-margin]').textContent()).toMatch(/^-?\d+\.\d{3}%$/);
    await shoot(page, 'acis');
    const layer = await exportedLayer(page, 'ACIS_2020-DNA3_B-2_stochastic.xlsx');
    expect(layer[0]).toBe('B-2');
    // Margin over expected loss = rate on line − expected loss on line.
    expect(layer[11] as number).toBeCloseTo((layer[10] as number) - (layer[9] as number), 5);
    await context.close();
  }, 360_000);

  it('CIRT screen: the policy layer over AFT paths, with its line metrics', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.setViewportSize(SIZES[0]);
    const cirt = new CirtAnalysisPage(page);
    await cirt.open({ dealName: 'CIRT 2023-9' });
    expect(await page.locator('[data-testid=stochastic-unavailable]').textContent()).toContain('Choose a credit model');
    await fillModel(page, 'AFT', { hpa: '-5', mtg30: '6.5', mtg15: '5.8' });
    const body = await runPaths(page, 6);
    expect(body).toMatchObject({ DealName: 'CIRT 2023-9', PrepaymentModel: 'AFT', Paths: 6 });
    expect(await page.locator('[data-testid=stochastic-classes] tbody tr').count()).toBe(1);
    expect(await page.locator('[data-testid=stochastic-loss-on-line]').textContent()).toMatch(/^\d+\.\d{3}%$/);
    await shoot(page, 'cirt');
    const layer = await exportedLayer(page, 'CIRT_2023-9_stochastic.xlsx');
    expect(layer[10] as number).toBeGreaterThan(0);
    await context.close();
  }, 360_000);
});
