import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CirtAnalysisPage } from './pages/cirt-analysis.page.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn, type DemoUser } from './support/browser.ts';

const DEAL = 'CIRT 2023-9';

async function apiPost<T>(user: DemoUser, path: string, body: object): Promise<{ status: number; json: T }> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: passwordOf(user), grant_type: 'password' }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as T };
}

interface CirtAnswer {
  Yield: { Value: number | null }; LineMetrics: { LossOnLine: number };
  PolicyInformation: { LiabilityLimitPct: number }; CirtCashflow: { IsHistorical: boolean; Period: number; PaymentDate: string }[];
}
const pct = (v: number | null) => (v === null ? '' : `${(v * 100).toFixed(2)}%`);

describe('CIRT analysis', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('analyst: scenario equals the API (ROI, loss on line, policy information), matrix, export; no Blended button', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    const cirt = new CirtAnalysisPage(page);
    await cirt.open({ dealName: DEAL });
    expect(await page.locator('[data-testid=run-blended]').count()).toBe(0);
    const sent = await cirt.run('run-scenario', '/api/simulate/cirt');
    expect(sent.url).toContain('includeHistorical=false');
    const direct = await apiPost<CirtAnswer>('analyst', '/simulate/cirt?includeHistorical=false', sent.body);
    expect(direct.status).toBe(200);
    expect(await cirt.metric()).toBe(pct(direct.json.Yield.Value));
    await cirt.tab('lol');
    expect(await cirt.metric()).toBe(pct(direct.json.LineMetrics.LossOnLine));
    const limitRow = (await cirt.policyRows())[0] ?? [];
    expect(limitRow[1]).toBe(`${direct.json.PolicyInformation.LiabilityLimitPct.toFixed(4)}%`);

    await cirt.run('run-matrix', '/api/simulate/cirt/matrix');
    expect(await page.locator('[data-testid=matrix-grid] td').count()).toBeGreaterThan(4);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-cashflow]')]);
    expect(download.suggestedFilename()).toMatch(/^CIRT_2023-9.*\.xlsx$/);
    await context.close();
  });

  it('admin: Run Scenario (Blended) asks for the historical rows, which the API gives and an analyst cannot get', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const cirt = new CirtAnalysisPage(page);
    await cirt.open({ dealName: DEAL });
    const sent = await cirt.run('run-blended', '/api/simulate/cirt');
    expect(sent.url).toContain('includeHistorical=true');
    const admin = await apiPost<CirtAnswer>('admin', '/simulate/cirt?includeHistorical=true', sent.body);
    expect(admin.status).toBe(200);
    expect(admin.json.CirtCashflow.some((r) => r.IsHistorical)).toBe(true);
    expect(await cirt.metric()).toBe(pct(admin.json.Yield.Value));
    expect((await apiPost<CirtAnswer>('analyst', '/simulate/cirt?includeHistorical=true', sent.body)).status).toBe(403);
    // Historical rows are shown darker than the projection (spec 001 §2.3).
    const historical = page.locator('[data-testid=insurance-cashflow] .ag-row.crt-historical-row');
    expect(await historical.count()).toBeGreaterThan(0);
    // The first projected row comes after every historical one: scroll it into view.
    const firstProjected = admin.json.CirtCashflow.findIndex((r) => !r.IsHistorical);
    expect(await cirt.cashflowCell(firstProjected, 'c0')).not.toBe('');
    const background = (l: typeof historical) => l.first().evaluate((e) => getComputedStyle(e).backgroundColor);
    const [dark, plain] = [await background(historical), await background(page.locator('[data-testid=insurance-cashflow] .ag-row:not(.crt-historical-row)'))];
    const luminance = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).map(Number).reduce((a, b) => a + b, 0);
    expect(luminance(dark)).toBeLessThan(luminance(plain));
    await context.close();
  });

  it('a new settlement date clears the result and starts the policy from that month', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const cirt = new CirtAnalysisPage(page);
    await cirt.open({ dealName: DEAL });
    await cirt.run('run-scenario', '/api/simulate/cirt');
    await cirt.settle('2025-01-15');
    expect(await page.locator('[data-testid=policy-information]').count()).toBe(0);
    expect(await page.locator('[data-testid=remittance-date]').textContent()).toBe('12/25/2024');
    const sent = await cirt.run('run-scenario', '/api/simulate/cirt');
    expect(sent.body.SettlementDate).toBe(20250115);
    const direct = await apiPost<CirtAnswer>('analyst', '/simulate/cirt?includeHistorical=false', sent.body);
    // Remittances 2023-10-25 … 2024-12-25 are months 1–15, so the first projected payment is month 16, 2025-01-25.
    expect(direct.json.CirtCashflow.find((r) => r.Period > 0)).toMatchObject({ Period: 16, PaymentDate: '2025-01-25' });
    expect(await page.locator('[data-testid=insurance-cashflow] [row-index="1"] [col-id="c1"]').textContent()).toBe('2025-01-25');
    expect(await cirt.metric()).toBe(pct(direct.json.Yield.Value));
    await context.close();
  });
});
