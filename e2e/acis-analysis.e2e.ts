import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReinsuranceAnalysisPage } from './pages/acis-analysis.page.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

const DEAL = 'ACIS 2020-DNA3';

async function api<T>(method: string, path: string, body?: object): Promise<{ status: number; json: T }> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'analyst', password: passwordOf('analyst'), grant_type: 'password' }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

const pct = (v: number | null) => (v === null ? '' : `${(v * 100).toFixed(2)}%`);

describe('ACIS analysis', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('runs a scenario equal to the API, a matrix, exports the cashflow and creates a portfolio', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    const acis = new ReinsuranceAnalysisPage(page, 'acis');
    // No bondName: the page takes the first bond with a current balance.
    await acis.open({ dealName: DEAL });
    const sent = await acis.run('run-scenario', '/api/simulate/acis');
    expect(sent.body).toMatchObject({ DealName: DEAL, OwnedFaceAmt: 1_000_000, Margin: 0.2 });
    const direct = await api<{ Yield: { Value: number | null }; LineMetrics: { RateOnLine: number } }>('POST', '/simulate/acis', sent.body);
    expect(direct.status, JSON.stringify([direct.json, sent.body])).toBe(200);
    expect(await acis.metric()).toBe(pct(direct.json.Yield.Value));
    await acis.tab('rol');
    expect(await acis.metric()).toBe(pct(direct.json.LineMetrics.RateOnLine));

    await acis.run('run-matrix', '/api/simulate/acis/matrix');
    expect(await page.locator('[data-testid=matrix-grid] td').count()).toBeGreaterThan(4);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-cashflow]')]);
    expect(download.suggestedFilename()).toMatch(/^ACIS_2020-DNA3_.+\.csv$/);

    const name = `e2e ACIS ${Date.now()}`;
    await page.check('#create-portfolio-check');
    expect(await page.locator('label[for=create-portfolio-check]').textContent()).toBe('Create portfolio from ACIS 2020-DNA3');
    await page.fill('[data-testid=portfolio-name]', name);
    await page.click('[data-testid=create-portfolio-button]');
    await page.waitForURL((u) => u.pathname === '/portfolio' && u.searchParams.get('name') === name);
    const stored = await api<{ PortfolioType: string; PortfolioEntries: { BondName: string; Margin: number }[] }>('GET', `/portfolios/${encodeURIComponent(name)}`);
    expect(stored.status).toBe(200);
    expect(stored.json.PortfolioType).toBe('Reinsurance');
    expect(stored.json.PortfolioEntries.length).toBeGreaterThan(0);
    expect(stored.json.PortfolioEntries.every((e) => e.Margin === 20)).toBe(true);
    await context.close();
  });
});
