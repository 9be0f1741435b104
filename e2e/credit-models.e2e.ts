import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn, type DemoUser } from './support/browser.ts';

const DNA1 = 'STACR 2026-DNA1';

async function apiToken(user: DemoUser): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: passwordOf(user), grant_type: 'password' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('credit models (issue 17)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('an analyst runs LDM 3.0 on STACR 2026-DNA1 at loan level, stores the scenario and reuses it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
    await page.locator('[data-testid=deal-title]').waitFor();
    expect(await page.locator('[data-testid=credit-model] option').allTextContents()).toEqual(['None', 'LDM 2.2', 'LDM 3.0', 'AFT']);
    expect(await page.locator('[data-testid=mortgage-insurance]').count()).toBe(0);
    await page.selectOption('[data-testid=credit-model]', 'LDM_3');
    // The model's inputs replace CPR/CDR/severity/delinquency; Mortgage Insurance appears.
    expect(await page.locator('#input-cpr').count()).toBe(0);
    await page.fill('[data-testid=model-hpi]', '3');
    await page.fill('[data-testid=model-twoYrTsy]', '3.6');
    await page.fill('[data-testid=model-tenYrTsy]', '4.2');
    await page.fill('[data-testid=model-unemployment]', '4.4');
    await page.check('[data-testid=mortgage-insurance]');
    await page.check('[data-testid=loan-level]');
    const name = `E2E LDM3 ${Date.now()}`;
    await page.check('[data-testid=store-scenario-toggle]');
    await page.fill('[data-testid=store-scenario-name]', name);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor({ timeout: 120_000 });
    expect(await page.locator('[data-testid=stored-scenario]').textContent()).toBe(`Scenario ${name} stored.`);
    // The model's CPR, CDR and severity are charted with the run (issue 24).
    await page.locator('[data-testid=chart-model-vectors]').waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'opencrt-ldm3-run-1400.png'), fullPage: false });
    const modelFirstBalance = await page.locator('[data-testid=collateral-table] [row-index="0"] [col-id="c2"]').textContent();

    // Reuse: pick the stored scenario (the model goes back to None); the run reproduces the balances.
    await page.click('[data-testid=pick-scenario]');
    await page.locator(`[data-testid="scenario-row"][data-name="${name}"]`).click();
    await page.locator(`[data-testid="detail-name"][value="${name}"]`).waitFor();
    await page.click('[data-testid=picker-choose]');
    expect(await page.locator('[data-testid=scenario-name]').textContent()).toBe(name);
    expect(await page.inputValue('[data-testid=credit-model]')).toBe('None');
    await page.check('[data-testid=loan-level]');
    await page.click('[data-testid=run-scenario]');
    await page.locator('[data-testid=results-panel]').waitFor({ timeout: 120_000 });
    await expect.poll(() => page.locator('[data-testid=collateral-table] [row-index="0"] [col-id="c2"]').textContent(), { timeout: 120_000 }).toBe(modelFirstBalance);
    await context.close();
  });

  it('a plain user cannot pick a model (UI) and gets 403 from the API', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto(`/deal_analysis?dealName=${encodeURIComponent(DNA1)}`);
    await page.locator('[data-testid=deal-title]').waitFor();
    expect(await page.locator('[data-testid=credit-model] option').allTextContents()).toEqual(['None']);
    expect(await page.locator('[data-testid=credit-model]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid=loan-level]').count()).toBe(0);
    const res = await fetch(`${baseUrl()}/api/simulate`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken('user')}` },
      body: JSON.stringify({ DealName: DNA1, PrepaymentModel: 'LDM', Hpi: [0, 0.03], Tsy10Year: [0, 0.042], Libor: [0, 0.02] }),
    });
    expect(res.status).toBe(403);
    // The admin screen is not theirs either.
    await page.goto('/admin_adco');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('an admin runs ADco vectors on two deals: one stored scenario per deal × scenario', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin_adco');
    await page.locator('[data-testid=admin-adco]').waitFor();
    await page.setInputFiles('[data-testid=adco-file]', fileURLToPath(new URL('../data/samples/adco-vectors-sample.xlsx', import.meta.url)));
    await expect.poll(() => page.locator('[data-testid=adco-scenarios]').textContent()).toContain('2 scenarios');
    await page.fill('[data-testid=adco-deals]', `${DNA1}, CAS 2021-R01`);
    await page.fill('[data-testid=adco-settlement]', '2026-03-01');
    await page.click('[data-testid=adco-run]');
    const rows = page.locator('[data-testid=adco-progress] tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    await expect.poll(() => page.locator('[data-testid=adco-progress] tbody tr[data-state=ok]').count(), { timeout: 240_000 }).toBe(4);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([DNA1, 'ADCO BASE', expect.stringMatching(/^Stored\. Projected losses \$/)]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: path.join(tmpdir(), 'opencrt-admin-adco-1024.png') });
    // The scenarios are stored for the admin under the sheet's names.
    const list = await fetch(`${baseUrl()}/api/scenarios?dealName=${encodeURIComponent('CAS 2021-R01')}`, { headers: { authorization: `Bearer ${await apiToken('admin')}` } });
    const names = ((await list.json()) as { ScenarioName: string }[]).map((s) => s.ScenarioName);
    expect(names).toEqual(expect.arrayContaining(['ADCO BASE', 'ADCO STRESS']));
    await context.close();
  });
});
