import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

describe('loans', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('groups a deal\'s loan tape by state, shows the collateral history and its chart', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/loans');
    // The deal list arrives after the page shows.
    await expect.poll(() => page.getByTestId('loans-deal').locator('option').count()).toBeGreaterThan(0);
    const deals = await page.getByTestId('loans-deal').locator('option').allTextContents();
    expect(deals.length).toBeGreaterThan(0);
    expect(deals.every((d) => /^(STACR|CAS|ITL)/.test(d))).toBe(true);
    const cas = deals.find((d) => d.startsWith('CAS'));
    if (cas) {
      await page.getByTestId('loans-deal').selectOption(cas);
      expect(await page.getByTestId('loans-group').locator('option').allTextContents()).toContain('Forbearance Flag');
    }
    const stacr = deals.find((d) => d.startsWith('STACR'))!;
    await page.getByTestId('loans-deal').selectOption(stacr);
    expect(await page.getByTestId('loans-group').locator('option').allTextContents()).toEqual(['Servicer', 'State', 'Property Type', 'Loan Purpose', 'Seller', 'FICO Bucket', 'LTV Bucket', 'CLTV Bucket', 'DTI Bucket']);
    await page.getByTestId('loans-group').selectOption('State');
    await page.locator('[data-testid=loans-month] option').first().waitFor({ state: 'attached' });
    await page.getByTestId('loans-run').click();
    const report = page.getByTestId('loans-report');
    await report.waitFor();
    expect(await report.locator('thead th').first().textContent()).toBe('State');
    expect(await report.locator('tbody tr').count()).toBeGreaterThan(1);
    expect(await report.locator('tbody tr').first().locator('td').first().textContent()).toMatch(/^[A-Z]{2}$/);

    await page.getByTestId('loans-history').click();
    await page.getByTestId('loans-collateral-history').waitFor();
    await page.getByTestId('loans-chart').locator('canvas').first().waitFor();
    expect(await page.getByTestId('loans-collateral-history').getByText('01/01/0000').count()).toBe(0);
  });
});
