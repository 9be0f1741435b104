import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

/**
 * The server's Content-Security-Policy (apps/server/src/http/security-headers.ts) must not break the
 * built app: AG Grid injects its theme styles, ECharts draws on canvas, Swagger UI loads its own
 * scripts. Any violation the browser reports fails the test, with the blocked directive and URL.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => { violations.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('content security policy', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('sends the policy and the app runs under it: grids, charts and the API docs', async () => {
    const { page } = await newPage(browser);
    const violations = await watchViolations(page);
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(home?.headers()['x-content-type-options']).toBe('nosniff');

    await signIn(page, 'user');
    // The catalog is an AG Grid (its theme arrives as injected <style> elements).
    await page.locator('.ag-row').first().waitFor();
    expect(await page.locator('.ag-row').count()).toBeGreaterThan(0);

    // A chart drawn by ECharts.
    await page.goto('/loans');
    await expect.poll(() => page.getByTestId('loans-deal').locator('option').count()).toBeGreaterThan(0);
    const deals = await page.getByTestId('loans-deal').locator('option').allTextContents();
    await page.getByTestId('loans-deal').selectOption(deals.find((d) => d.startsWith('STACR')) ?? deals[0]!);
    await page.getByTestId('loans-history').click();
    await page.getByTestId('loans-chart').locator('canvas').first().waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'opencrt-csp-loans.png') });

    // Swagger UI renders its operations.
    await page.goto('/api/docs');
    await page.locator('.opblock').first().waitFor();

    expect(violations).toEqual([]);
  });
});
