import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReinsuranceAnalysisPage } from './pages/acis-analysis.page.ts';
import { BondAnalysisPage } from './pages/bond-analysis.page.ts';
import { CirtAnalysisPage } from './pages/cirt-analysis.page.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

const DNA1 = 'STACR 2026-DNA1';
const SIZES = [{ width: 1400, height: 900 }, { width: 1024, height: 768 }] as const;

interface Vectors { Cpr: number[]; Cdr: number[]; Severity: number[] }
interface CreditModelAnswer { Model: string; Loans: number; RepLines: number; LoanLevel: Vectors; RepLine: Vectors | null }

/** Screenshots of `selector` in view at both screen sizes (temp folder); the element must fit the width. */
async function shoot(page: Page, selector: string, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const el = page.locator(selector).first();
    await el.scrollIntoViewIfNeeded();
    const box = await el.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= size.width + 1).toBe(true);
    await page.screenshot({ path: path.join(tmpdir(), `opencrt-${name}-${size.width}.png`) });
  }
}

async function fillModel(page: Page, model: 'LDM' | 'LDM_3' | 'AFT', values: Record<string, string>): Promise<void> {
  await page.selectOption('[data-testid=credit-model]', model);
  for (const [key, value] of Object.entries(values)) await page.fill(`[data-testid=model-${key}]`, value);
}

const mean = (v: number[], n: number) => v.slice(0, n).reduce((s, x) => s + x, 0) / Math.min(n, v.length);

describe('credit model charts on the analysis screens (issue 24)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('deal screen: an LDM 3.0 run on STACR 2026-DNA1 sets the loan-level vectors beside the rep line of the same inputs', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.setViewportSize(SIZES[0]);
    await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
    await page.locator('[data-testid=deal-title]').waitFor();
    await fillModel(page, 'LDM_3', { hpi: '-5', twoYrTsy: '3.6', tenYrTsy: '4.2', unemployment: '6' });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/simulate', { timeout: 120_000 }),
      page.click('[data-testid=run-scenario]'),
    ]);
    const answer = (await response.json()) as { CreditModel: CreditModelAnswer };
    await page.locator('[data-testid=model-comparison]').waitFor({ timeout: 120_000 });
    for (const id of ['chart-model-vectors', 'chart-model-cpr', 'chart-model-cdr', 'chart-model-severity']) await page.locator(`[data-testid=${id}] canvas`).first().waitFor();
    const cm = answer.CreditModel;
    expect(cm.Model).toBe('LDM_3');
    expect(cm.Loans).toBeGreaterThan(100);
    expect(await page.locator('[data-testid=model-comparison-title]').textContent()).toContain(`loan level (${cm.Loans.toLocaleString('en-US')} loans) vs rep line (${cm.RepLines} lines`);
    const rep = cm.RepLine as Vectors;
    // The table shows the answer's averages (percent, 2 dp): months 1-12 and 1-60, loan level | rep line | difference.
    const cells = async (measure: string) => page.locator(`[data-testid=model-comparison-${measure}] td`).allTextContents();
    const cpr = await cells('cpr');
    expect(cpr[0]).toBe((mean(cm.LoanLevel.Cpr, 12) * 100).toFixed(2));
    expect(cpr[1]).toBe((mean(rep.Cpr, 12) * 100).toFixed(2));
    const cdr = await cells('cdr');
    expect(cdr[3]).toBe((mean(cm.LoanLevel.Cdr, 60) * 100).toFixed(2));
    expect(cdr[4]).toBe((mean(rep.Cdr, 60) * 100).toFixed(2));
    // Convexity: the dispersed tape defaults more than its average loan under a falling HPI.
    expect(Number(cdr[3])).toBeGreaterThan(Number(cdr[4]));
    await shoot(page, '[data-testid=model-comparison]', 'model-deal-comparison');
    await context.close();
  });

  it('bond screen: an LDM 2.2 yield run on DNA1 M-1 charts the model vectors before the cashflows', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.setViewportSize(SIZES[0]);
    const bond = new BondAnalysisPage(page);
    await bond.open({ dealName: DNA1, bondName: 'M-1', price: '100' });
    await fillModel(page, 'LDM', { hpi: '3', twoYrTsy: '3.6', tenYrTsy: '4.2' });
    const body = await bond.calculateSending('/simulate/yield');
    expect(body).toMatchObject({ PrepaymentModel: 'LDM', BondName: 'M-1' });
    await page.locator('[data-testid=chart-model-vectors] canvas').first().waitFor({ timeout: 120_000 });
    // Before the waterfall's cashflows on the page.
    const chartY = (await page.locator('[data-testid=model-vectors]').boundingBox())?.y ?? Infinity;
    const tableY = (await page.locator('[data-testid=bond-cashflow-table]').boundingBox())?.y ?? -Infinity;
    expect(chartY).toBeLessThan(tableY);
    await shoot(page, '[data-testid=model-vectors]', 'model-bond');
    await context.close();
  });

  /** Runs `fn` and keeps a screenshot of the page when it fails (temp folder). */
  async function withFailureShot(page: Page, name: string, fn: () => Promise<void>): Promise<void> {
    try { await fn(); } catch (e) { await page.screenshot({ path: path.join(tmpdir(), `opencrt-${name}-failed.png`), fullPage: true }); throw e; }
  }

  it('ACIS screen: an LDM 2.2 run charts the model vectors before the results', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.setViewportSize(SIZES[0]);
    await withFailureShot(page, 'model-acis', async () => {
      const acis = new ReinsuranceAnalysisPage(page, 'acis');
      await acis.open({ dealName: 'ACIS 2020-DNA3', bondName: 'B-2' });
      await fillModel(page, 'LDM', { hpi: '-5', twoYrTsy: '3', tenYrTsy: '4' });
      expect((await acis.run('run-scenario', '/simulate/acis')).body).toMatchObject({ PrepaymentModel: 'LDM' });
      await page.locator('[data-testid=chart-model-vectors] canvas').first().waitFor({ timeout: 60_000 });
      expect((await page.locator('[data-testid=model-vectors]').boundingBox())?.y ?? Infinity)
        .toBeLessThan((await page.locator('[data-testid=acis-results]').boundingBox())?.y ?? -Infinity);
      await shoot(page, '[data-testid=model-vectors]', 'model-acis');
    });
    await context.close();
  });

  it('CIRT screen: an AFT run charts the model vectors; a run on typed CPR/CDR does not', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.setViewportSize(SIZES[0]);
    await withFailureShot(page, 'model-cirt', async () => {
      const cirt = new CirtAnalysisPage(page);
      await cirt.open({ dealName: 'CIRT 2023-9' });
      await fillModel(page, 'AFT', { hpa: '-5', mtg30: '6.5', mtg15: '5.8' });
      expect((await cirt.run('run-scenario', '/simulate/cirt')).body).toMatchObject({ PrepaymentModel: 'AFT' });
      await page.locator('[data-testid=chart-model-vectors] canvas').first().waitFor({ timeout: 60_000 });
      await shoot(page, '[data-testid=model-vectors]', 'model-cirt');
      await page.selectOption('[data-testid=credit-model]', 'None');
      await cirt.run('run-scenario', '/simulate/cirt');
      await expect.poll(() => page.locator('[data-testid=model-vectors]').count()).toBe(0);
    });
    await context.close();
  });
});
