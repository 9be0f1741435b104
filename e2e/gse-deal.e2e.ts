import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_STORIES, type GeneratedLoan, type LoanStory, freddieLoanId, loanHistory } from '../apps/server/src/modules/loan-data/gse-generator.ts';
import { writeGseFile } from '../apps/server/src/modules/loan-data/gse-generator.format.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

/** A small Fannie CAS reference pool: one loan per story and a few performing ones, 30 months from 04/2019. */
const LOANS: GeneratedLoan[] = ([...LOAN_STORIES, 'performing', 'performing', 'performing'] as LoanStory[]).map((story, i) => ({
  loanId: freddieLoanId(2019, 1, i + 1), year: 2019, quarter: 1, creditScore: 680 + 10 * i, ltv: 85, cltv: 85, dti: 38, originalUpb: 150_000 + 10_000 * i,
  rate: 5.5, term: 360, purpose: 'P', occupancy: 'P', propertyType: 'SF', channel: 'R', state: i % 2 ? 'CA' : 'TX', seller: 'Other sellers',
  firstTimeBuyer: 'N', miPct: 25, story, eventAge: 4 + (i % 5), months: 30, curtailment: 10_000,
}));

describe('deal from a GSE reference pool', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'opencrt-e2e-gse-'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a CAS pool file, shows its vintage curves, builds a deal from the pool and runs it from the last reported month', async () => {
    const file = path.join(dir, 'CAS_E2E_pool.txt');
    await writeGseFile(file, LOANS, 'fannie-crt', { id: 'CE2E', dealName: 'CAS 2019-E2E' });
    const rows = LOANS.reduce((s, l) => s + loanHistory(l).length, 0);
    const { page } = await newPage(browser);
    await signIn(page, 'admin');

    // Admin ▸ Loan data: upload, the progress bar, then the outcome and the file in the list.
    await page.goto('/admin_loan_data');
    await page.getByTestId('gse-file').setInputFiles(file);
    await page.locator('[data-testid=gse-outcome], .alert-danger').first().waitFor({ timeout: 90_000 })
      .catch(async (e: unknown) => { await page.screenshot({ path: '/tmp/gse-deal-upload-failed.png' }); throw e; });
    expect(await page.locator('.alert-danger').count(), await page.locator('.alert-danger').first().textContent().catch(() => '') ?? '').toBe(0);
    expect(await page.getByTestId('gse-outcome').textContent()).toContain(`13 loans, ${rows} monthly rows, 0 rejected line(s)`);
    await expect.poll(() => page.getByTestId('gse-files').textContent()).toContain('CAS_E2E_pool.txt');

    // Data ▸ Vintages: the pool's curves.
    await page.goto('/vintages');
    await page.getByTestId('v-source').selectOption('fannie');
    await page.fill('#v-referencePool', 'CE2E');
    await page.getByTestId('vintages-run').click();
    await page.getByTestId('vintages-table').waitFor();
    expect(await page.getByTestId('vintages-table').locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('13');
    await page.getByTestId('vintage-chart-CumulativeNetLossPct').locator('canvas').first().waitFor();

    // Build the deal from the pool (default stack), then open it.
    await page.fill('#gse-deal-name', 'CAS E2E CE2E');
    await page.getByTestId('gse-deal-build').click();
    const built = page.getByTestId('gse-deal-built');
    await built.waitFor({ timeout: 60_000 });
    expect(await built.textContent()).toMatch(/^CAS E2E CE2E: 13 loans, 30 months \(201904–202109\)/);
    await page.screenshot({ path: '/tmp/gse-deal-vintages-1400.png', fullPage: false });
    await page.getByTestId('gse-deal-open').click();

    // Deal Analysis: settlement after the last reported month (09/2021, paid 10/25/2021); the run starts there.
    await page.locator('[data-testid=deal-title]').waitFor();
    expect(await page.locator('[data-testid=deal-title]').textContent()).toBe('CAS E2E CE2E — Deal Analysis');
    const settlement = await page.locator('[data-testid=settlement-date]').inputValue();
    expect(settlement >= '2021-10-25').toBe(true);
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel], [data-testid=run-error], .alert-danger').first().waitFor({ timeout: 120_000 })
      .finally(() => page.screenshot({ path: '/tmp/gse-deal-run-1400.png' }));
    expect(await page.locator('[data-testid=run-error], .alert-danger').allTextContents()).toEqual([]);
    await page.locator('[data-testid=results-panel]').waitFor();
    await page.screenshot({ path: '/tmp/gse-deal-run-1400.png', fullPage: false });

    // Loans: the deal's reported history with its principal flows, defaults and losses.
    await page.goto('/loans');
    await expect.poll(() => page.getByTestId('loans-deal').locator('option').allTextContents()).toContain('CAS E2E CE2E');
    await page.getByTestId('loans-deal').selectOption('CAS E2E CE2E');
    await page.locator('[data-testid=loans-month] option').first().waitFor({ state: 'attached' });
    await page.getByTestId('loans-history').click();
    const history = page.getByTestId('loans-collateral-history');
    await history.waitFor();
    expect(await history.locator('tbody tr').count()).toBe(30);
    expect(await history.locator('thead').textContent()).toContain('Net Loss');
    await page.screenshot({ path: '/tmp/gse-deal-loans-1400.png', fullPage: false });
  });
});
