import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScenarioListPage } from './pages/scenario-list.page.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn, type DemoUser } from './support/browser.ts';

interface Full { Id: number; ScenarioName: string; DealName: string | null; Vendor: string | null; Owned: boolean; Cpr: number[]; Cdr: number[] }

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'crt_token')?.value ?? '';
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}
const byName = async (page: Page, name: string) => {
  const list = await api<Full[]>(page, '/scenarios/list');
  const hit = list.find((s) => s.ScenarioName === name);
  expect(hit, name).toBeTruthy();
  return api<Full>(page, `/scenarios/${hit!.Id}`);
};

/**
 * The e2e server is shared by all files and other screens' tests save scenarios too: these
 * tests start from empty lists, so remove what each demo user owns first.
 */
/** The admin's shared demo vendor scenarios these tests remove; put back afterwards for the vendor grid's tests. */
const DEMO_VENDORS = ['Harbor Analytics', 'Summit Credit Research'];
const removedDemo: Full[] = [];

async function adminCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: passwordOf('admin'), grant_type: 'password' }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

async function restoreDemoVendorScenarios(): Promise<void> {
  if (removedDemo.length === 0) return;
  const saved = (await adminCall('POST', '/scenarios/bulk', { Scenarios: removedDemo, SaveMode: 'skip' })) as { Ids?: (number | null)[] } | (number | null)[];
  const ids = (Array.isArray(saved) ? saved : saved.Ids ?? []).filter((id): id is number => typeof id === 'number');
  const users = (await adminCall('GET', '/users')) as { Id: number }[];
  if (ids.length) await adminCall('POST', '/scenarios/bulk/share', { scenarioIds: ids, userIds: users.map((u) => u.Id) });
}

async function removeOwnedScenarios(user: DemoUser): Promise<void> {
  const tokenRes = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: passwordOf(user), grant_type: 'password' }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const listRes = await fetch(`${baseUrl()}/api/scenarios/list`, { headers });
  expect(listRes.status, `${user}: ${await listRes.clone().text()}`).toBe(200);
  const list = (await listRes.json()) as Full[];
  const ids = list.filter((s) => s.Owned).map((s) => s.Id);
  for (const demo of list.filter((s) => s.Owned && DEMO_VENDORS.includes(s.Vendor ?? ''))) {
    // The list carries no vectors: read each in full before it goes.
    removedDemo.push((await (await fetch(`${baseUrl()}/api/scenarios/${demo.Id}`, { headers })).json()) as Full);
  }
  if (ids.length === 0) return;
  const res = await fetch(`${baseUrl()}/api/scenarios/bulk`, { method: 'DELETE', headers, body: JSON.stringify(ids) });
  expect(res.status, `removing ${user}'s scenarios`).toBe(200);
}

describe('saved scenarios', () => {
  let browser: Browser;
  const open = async (user: DemoUser) => {
    const { page } = await newPage(browser);
    await signIn(page, user);
    const screen = new ScenarioListPage(page);
    await screen.open();
    return { page, screen };
  };
  beforeAll(async () => {
    for (const user of ['admin', 'analyst', 'user'] as const) await removeOwnedScenarios(user);
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await restoreDemoVendorScenarios(); });

  it('imports the sample XLSX into local-file mode, saves with skip, then with override', async () => {
    const { page, screen } = await open('analyst');
    expect(await screen.page.getByTestId('scenario-empty').textContent()).toBe('No scenarios found');
    for (const t of ['remove', 'load-clramp', 'load-xlsx', 'save', 'refresh'] as const) expect(await screen.tool(t).isVisible(), t).toBe(true);
    expect(await screen.tool('share').count()).toBe(0); // admin only

    await screen.loadXlsx();
    expect((await screen.names()).sort()).toEqual(['Sample Base', 'Sample Generic Slow', 'Sample Stress']);
    // Local-file mode: only Save and Refresh in the toolbar; Delete on the detail.
    for (const t of ['remove', 'load-clramp', 'load-xlsx'] as const) expect(await screen.tool(t).count(), t).toBe(0);
    await screen.select('Sample Stress');
    expect(await screen.page.getByTestId('detail-row').count()).toBe(48 + 1); // + an empty row for new values
    expect(await screen.cell('Cpr', 1).locator('input').inputValue()).toBe('4');
    await screen.select('Sample Generic Slow');
    await screen.detailButton('delete').click();
    expect((await screen.names()).sort()).toEqual(['Sample Base', 'Sample Stress']);

    await screen.saveAll('skip');
    expect((await screen.names()).sort()).toEqual(['Sample Base', 'Sample Stress']);
    const base = await byName(page, 'Sample Base');
    expect(base).toMatchObject({ DealName: 'STACR 2026-DNA1', Vendor: 'OpenCRT', Owned: true });
    expect(base.Cpr.slice(0, 3)).toEqual([6, 6.25, 6.5]);
    await screen.select('Sample Base');
    expect(await screen.cell('Cpr', 2).textContent()).toBe('6.25');
    expect(await screen.cell('LossSeverity', 60).textContent()).toBe('25.00');

    // Import again and change a value: skip keeps the stored one, override replaces it.
    for (const mode of ['skip', 'override'] as const) {
      await screen.loadXlsx();
      await screen.select('Sample Base');
      await screen.setCell('Cpr', 1, '7.5');
      await screen.detailButton('save').click();
      await screen.saveAll(mode);
      expect((await byName(page, 'Sample Base')).Cpr[0], mode).toBe(mode === 'skip' ? 6 : 7.5);
    }
    expect((await screen.names()).sort()).toEqual(['Sample Base', 'Sample Generic Slow', 'Sample Stress']);
  });

  it('filters, sorts, edits, discards, clones and removes', async () => {
    const { page, screen } = await open('analyst');
    await screen.filter('deal', 'Not deal specific');
    expect(await screen.names()).toEqual(['Sample Generic Slow']);
    await screen.filter('vendor', 'OpenCRT');
    expect(await screen.page.getByTestId('scenario-empty').isVisible()).toBe(true);
    await screen.page.getByTestId('filter-clear').click();
    await screen.page.getByTestId('sort-ScenarioName').click(); // already ascending → descending
    expect(await screen.names()).toEqual(['Sample Stress', 'Sample Generic Slow', 'Sample Base']);

    await screen.select('Sample Stress');
    await screen.detailButton('edit').click();
    expect(await screen.detailButton('clone').count()).toBe(0);
    await screen.page.getByTestId('detail-vendor').fill('Vendor X');
    await screen.setCell('Cdr', 2, '1.25');
    expect(await screen.cell('Cdr', 2).getAttribute('class')).toContain('changed');
    // Switching while modified asks first; dismissing keeps the edit.
    page.once('dialog', (d) => { expect(d.message()).toBe('Current scenario is modified. Discard changes?'); void d.dismiss(); });
    await screen.row('Sample Base').click();
    expect(await screen.page.getByTestId('detail-vendor').inputValue()).toBe('Vendor X');
    await screen.detailButton('discard').click();
    expect(await screen.page.getByTestId('detail-vendor').inputValue()).toBe('OpenCRT');

    await screen.detailButton('edit').click();
    await screen.page.getByTestId('detail-vendor').fill('Vendor X');
    await screen.setCell('Cdr', 2, '1.25');
    await screen.detailButton('save').click();
    await screen.alert('success', 'Successfully updated scenario').first().waitFor();
    const stress = await byName(page, 'Sample Stress');
    expect([stress.Vendor, stress.Cdr[1]]).toEqual(['Vendor X', 1.25]);

    // A bad deal name is refused with the spec's message.
    await screen.detailButton('edit').click();
    await screen.page.getByTestId('detail-deal').fill('NO SUCH DEAL');
    await screen.detailButton('save').click();
    await screen.alert('danger', "The NO SUCH DEAL deal doesn't exist.").first().waitFor();
    await screen.detailButton('discard').click();

    await screen.detailButton('clone').click();
    await screen.alert('success', 'Successfully updated scenario').first().waitFor();
    await screen.row('Sample Stress (copy)').waitFor();

    await screen.tool('remove').click();
    await screen.page.getByTestId('remove-modal').locator('label', { hasText: 'Sample Stress (copy)' }).click();
    await screen.page.getByTestId('remove-ok').click();
    await screen.alert('success', 'Successfully removed scenarios').first().waitFor();
    await screen.row('Sample Stress (copy)').waitFor({ state: 'detached' });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { page, screen } = await open('analyst');
    await screen.loadClRamp();
    // Yes: the save options open and the route stays; cancelling them keeps the changes.
    page.once('dialog', (d) => { void d.accept(); });
    await page.getByTestId('navbar').getByText('Deal Catalog').click();
    await page.getByTestId('save-options-modal').waitFor();
    expect(new URL(page.url()).pathname).toBe('/scenario_list');
    await page.getByTestId('save-options-modal').getByText('Cancel').click();
    expect(await page.getByTestId('local-mode').isVisible()).toBe(true);
    // No: the browser leaves without saving.
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    await page.getByTestId('navbar').getByText('Deal Catalog').click();
    await page.waitForURL('**/deal_catalog');
    expect(asked).toBe('You have unsaved changes! Do you want to save them?');
  });

  it('admin: CL-RAMP import, share with a user who then sees it read-only, chart', async () => {
    const { page, screen } = await open('admin');
    await screen.loadClRamp();
    expect(await screen.page.getByTestId('detail-name').inputValue()).toBe('');
    // Unnamed: the save check gives the spec message.
    await screen.tool('save').click();
    await page.getByTestId('save-mode-skip').check();
    await page.getByTestId('save-options-save').click();
    await screen.alert('danger', "Scenario name mustn't be empty").first().waitFor();
    await page.getByTestId('detail-name').fill('Admin Ramp');
    await screen.detailButton('save').click();
    await screen.saveAll('skip');
    const ramp = await byName(page, 'Admin Ramp');
    expect([ramp.Cpr.length, ramp.Cpr[0], ramp.Cdr[15]]).toEqual([120, 8, 0.6]);

    await screen.tool('share').click();
    await page.getByTestId('share-modal').waitFor();
    expect(await page.getByTestId('share-ok').isDisabled()).toBe(true);
    await page.getByTestId('share-scenarios').locator('label', { hasText: 'Admin Ramp' }).click();
    await page.getByTestId('share-users').locator('label', { hasText: /^user$/ }).click();
    await page.getByTestId('share-ok').click();
    await screen.alert('success', 'Successfully shared scenarios').first().waitFor();

    await screen.tool('chart').click();
    await page.getByTestId('chart-modal').waitFor();
    expect(await page.getByTestId('chart-months').inputValue()).toBe('60');
    await page.getByTestId('chart-show').click();
    await expect.poll(() => page.getByTestId('chart-canvas').getAttribute('data-series')).toBe('Admin Ramp Cpr:60');
    await page.getByTestId('chart-canvas').locator('canvas').first().waitFor();
    await page.getByTestId('chart-months').fill('24');
    await page.getByTestId('chart-vectors').locator('label', { hasText: 'Cdr' }).click();
    await page.getByTestId('chart-show').click();
    await expect.poll(() => page.getByTestId('chart-canvas').getAttribute('data-series')).toBe('Admin Ramp Cpr:24|Admin Ramp Cdr:24');
    await page.getByTestId('chart-months').fill('501');
    expect(await page.getByTestId('chart-show').isDisabled()).toBe(true);
    await page.getByTestId('chart-close').click();

    const other = await open('user');
    await other.screen.select('Admin Ramp');
    expect(await other.screen.detailButton('edit').count()).toBe(0);
    expect(await other.screen.detailButton('clone').isVisible()).toBe(true);
    expect(await other.page.getByTestId('detail-shared').count()).toBe(0);
    expect(await other.screen.tool('share').count()).toBe(0);
    expect(await other.screen.cell('Cpr', 1).textContent()).toBe('8.00');
    // The analyst was not given it.
    const analyst = await open('analyst');
    expect(await analyst.screen.names()).not.toContain('Admin Ramp');
  });

  it('toolbar Save takes the name typed into a loaded scenario; the Dlq column stays inside the panel while editing', async () => {
    const { page, screen } = await open('user');
    await screen.loadClRamp();
    // Editing a new scenario: all four vector inputs fit the 450px detail panel.
    const panel = (await page.getByTestId('scenario-detail').boundingBox())!;
    const dlq = (await screen.cell('Delinquency', 1).locator('input').boundingBox())!;
    expect(dlq.x + dlq.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(await page.getByTestId('detail-table').locator('th', { hasText: 'Dlq (%)' }).isVisible()).toBe(true);
    // The name is typed but not confirmed with the detail Save: the toolbar Save still uses it.
    await page.getByTestId('detail-name').fill('Typed Ramp');
    await screen.saveAll('skip');
    expect(await screen.names()).toContain('Typed Ramp');
    const saved = await byName(page, 'Typed Ramp');
    expect([saved.Cpr.length, saved.Cpr[0]]).toEqual([120, 8]);

    // Editing a stored scenario, then leaving and agreeing to save: the edit is stored and the route changes.
    await screen.select('Typed Ramp');
    await screen.detailButton('edit').click();
    await screen.setCell('Cpr', 1, '9.5');
    page.once('dialog', (d) => { void d.accept(); });
    await page.getByTestId('navbar').getByText('Deal Catalog').click();
    await page.getByTestId('save-options-modal').waitFor();
    await page.getByTestId('save-mode-skip').check();
    await page.getByTestId('save-options-save').click();
    await page.waitForURL('**/deal_catalog');
    expect((await byName(page, 'Typed Ramp')).Cpr[0]).toBe(9.5);
  });
});
