import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CirtAnalysisPage } from './pages/cirt-analysis.page.ts';
import { ReinsuranceAnalysisPage } from './pages/acis-analysis.page.ts';
import { DealCreatePage } from './pages/deal-create.page.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn, type DemoUser } from './support/browser.ts';

async function tokenOf(user: DemoUser): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: passwordOf(user), grant_type: 'password' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(user: DemoUser, method: string, path: string, body?: object): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    // A JSON content type only with a body: Fastify refuses an empty JSON body.
    method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${await tokenOf(user)}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

interface SimAnswer {
  CollateralCashflow: { Period: number; Balance: number; ScheduledPrincipal: number; PrepaidPrincipal: number; Defaults: number; Losses: number; Interest: number }[];
  BondsCashflows: { BondName: string; BondCashflow: { Interest: number; Balance: number }[] }[];
}

const dir = mkdtempSync(join(tmpdir(), 'deal-create-e2e-'));
/** Screenshots go here (E2E_SHOTS_DIR keeps them for a look; default: the temporary folder). */
const shots = process.env.E2E_SHOTS_DIR ?? dir;

describe('custom deal editor', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); rmSync(dir, { recursive: true, force: true }); });

  it('CIRT: validation errors under the fields, create, run on /cirt_analysis with the hand-computed premium, clone, delete, ODF', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'admin');
    const editor = new DealCreatePage(page);
    await editor.open({ dealType: 'CIRT' });
    expect(await page.locator('h4').textContent()).toBe('Create New Deal');
    expect(await page.getAttribute('[data-testid="field-Name"]', 'placeholder')).toBe('e.g. CIRT 2022-01-SUFFIX');
    await editor.fill('Wac', '');
    await editor.fill('EffectiveDate', '2026-01-01');
    await editor.fill('FirstPayDate', '2025-12-25');
    await editor.click('Validate');
    await editor.alert('danger', 'Invalid data, Deal cannot be created.');
    expect(await editor.error('Name')).toBe('Field is required.');
    expect(await editor.error('Wac')).toBe('Field is required.');
    expect(await editor.error('EffectiveDate')).toBe('Effective Date should be less than First Pay Date');
    await editor.screenshot(join(shots, 'cirt-errors.png'));

    await editor.fill('Name', 'CIRT 2026-E2E1');
    await editor.fill('Wac', '3.123456789');
    await page.locator('[data-testid="field-Wac"]').blur();
    // Up to 8 decimals.
    expect(await page.inputValue('[data-testid="field-Wac"]')).toBe('3.12345679');
    await editor.fill('FirstPayDate', '2026-01-25');
    await editor.fill('MaturityDate', '2038-01-01');
    await editor.fill('EarlyRedemptionDate', '2031-01-01');
    expect(await page.locator('[data-testid=unsaved-changes]').count()).toBe(1);
    expect(await page.textContent('[data-testid=limit-amount]')).toContain('35000000');
    await editor.click('Create');
    await editor.alert('success', 'Custom CIRT deal CIRT 2026-E2E1 has been created successfully.');
    await page.waitForURL(/dealId=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('dealId'));
    await expect.poll(() => page.locator('h4').textContent()).toBe('Edit CIRT 2026-E2E1');
    expect(await page.locator('[data-testid=unsaved-changes]').count()).toBe(0);

    // Export to ODF (admin): a real OpenDocument spreadsheet.
    const [odf] = await Promise.all([page.waitForEvent('download'), editor.click('Export to ODF')]);
    expect(odf.suggestedFilename()).toBe('CIRT 2026-E2E1.ods');
    const zip = await JSZip.loadAsync(readFileSync(await odf.path()));
    expect(await zip.file('mimetype')?.async('string')).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect(await zip.file('content.xml')?.async('string')).toContain('<text:p>CIRT 2026-E2E1</text:p>');

    // Go to CIRT and run: month 1 premium = 0.12 %/12 × $1bn pool × ($1M limit / $35M deal limit) = 2,857.14.
    await Promise.all([page.waitForURL('**/cirt_analysis?dealName=CIRT*'), editor.click('Go to CIRT')]);
    const cirt = new CirtAnalysisPage(page);
    await page.locator('[data-testid=run-scenario]').waitFor();
    await cirt.run('run-scenario', '/api/simulate/cirt');
    // Column c5 is Insurance Premium (INSURANCE_COLUMNS order).
    expect(await cirt.cashflowCell(1, 'c5')).toBe('2,857.14');

    // Clone (-CLONE and a 5-digit suffix), then delete the clone with confirmation.
    await editor.open({ dealType: 'CIRT', dealId: String(id) });
    await page.locator('[data-testid="field-Name"][value="CIRT 2026-E2E1"]').waitFor();
    await Promise.all([page.waitForURL((u) => u.searchParams.get('dealId') !== String(id)), editor.click('Clone')]);
    const cloneId = Number(new URL(page.url()).searchParams.get('dealId'));
    await page.locator('h4', { hasText: /^Edit CIRT 2026-E2E1-CLONE\d{5}$/ }).waitFor();
    let confirmText = '';
    page.once('dialog', (d) => { confirmText = d.message(); void d.accept(); });
    await Promise.all([page.waitForURL('**/deal_catalog'), editor.click('Delete')]);
    expect(confirmText).toMatch(/^Do you want to delete deal: CIRT 2026-E2E1-CLONE\d{5}$/);
    expect((await api('admin', 'GET', `/deals/custom/${cloneId}`)).status).toBe(404);
    expect((await api('admin', 'GET', `/deals/custom/${id}`)).status).toBe(200);
    await context.close();
  });

  it('STACR + ACIS: linked names, detachments, paired rows, date cascade; both run; the quick model recomputes the engine', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    const editor = new DealCreatePage(page);
    await editor.open({ dealType: 'STACR_ACIS' });
    await editor.fill('STACR.Name', 'STACR 2026-E2E2');
    expect(await page.inputValue('[data-testid="field-ACIS.Name"]')).toBe('ACIS 2026-E2E2');
    await editor.fill('STACR.Liability[1].Detachment', '3');
    await editor.fill('STACR.Liability[1].BondName', 'M1');
    await editor.fill('STACR.Liability[1].Spread', '2.5');
    expect(await page.inputValue('[data-testid="field-STACR.Liability[0].Thickness"]')).toBe('97.0000');
    expect(await page.inputValue('[data-testid="field-STACR.Liability[0].Balance"]')).toBe('970000000');
    await editor.click('Add Bond');
    expect(await page.locator('[data-testid=stacr-bonds] tbody tr').count()).toBe(3);
    expect(await page.locator('[data-testid=acis-bonds] tbody tr').count()).toBe(2);
    await editor.fill('STACR.Liability[2].BondName', 'B1');
    await editor.fill('STACR.Liability[2].Detachment', '1');
    await editor.fill('STACR.Liability[2].Spread', '6');
    expect(await page.inputValue('[data-testid="field-STACR.Liability[1].Thickness"]')).toBe('2.0000');
    expect(await page.inputValue('[data-testid="field-STACR.Liability[1].Balance"]')).toBe('20000000');
    await editor.fill('ACIS.Liability[0].OfferedPct', '50');
    await editor.fill('ACIS.Liability[0].Premium', '3');
    expect(await page.inputValue('[data-testid="field-ACIS.Liability[0].Balance"]')).toBe('10000000');
    expect(await page.inputValue('[data-testid="field-ACIS.Liability[0].BondName"]')).toBe('M1');
    // Date cascade: first pay 0–3 months after closing → day 25 of its month; early redemption and maturity pushed after it.
    await editor.fill('STACR.ContractInformation.ClosingDate', '2026-01-30');
    await editor.fill('STACR.ContractInformation.EarlyRedemptionDate', '2026-01-15');
    await editor.fill('STACR.ContractInformation.FirstPayDate', '2026-02-10');
    expect(await page.inputValue('[data-testid="field-STACR.ContractInformation.FirstPayDate"]')).toBe('2026-02-25');
    expect(await page.inputValue('[data-testid="field-STACR.ContractInformation.EarlyRedemptionDate"]')).toBe('2026-03-25');
    await editor.fill('STACR.ContractInformation.EarlyRedemptionDate', '2031-02-25');
    await editor.fill('ACIS.Structure.EffectiveDate', '2026-01-30');
    await editor.click('Create');
    await editor.alert('success', 'Custom STACR/ACIS deal STACR 2026-E2E2 has been created successfully.');
    await page.waitForURL(/dealId=\d+/);
    await editor.screenshot(join(shots, 'stacr-acis.png'));

    // Quick model: recalculated headless by LibreOffice, the first periods equal the engine's collateral rows
    // (a custom STACR deal and its quick model both run the offering memorandum's convention, issue 34 #7).
    const [xlsx] = await Promise.all([page.waitForEvent('download'), editor.click('Export Quick Model')]);
    expect(xlsx.suggestedFilename()).toBe('STACR 2026-E2E2 QUICK MODEL.xlsx');
    const input = join(dir, 'quick.xlsx');
    await xlsx.saveAs(input);
    execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--calc', '--convert-to', 'xlsx', '--outdir', join(dir, 'out'), input], { stdio: 'pipe', timeout: 180_000 });
    const wb = new ExcelJS.Workbook();
    const bytes = readFileSync(join(dir, 'out', 'quick.xlsx'));
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const pool = wb.getWorksheet('Pool') as ExcelJS.Worksheet;
    // LibreOffice saves a formula whose value is 0 without a cached value.
    const cell = (ref: string): number => {
      const v = pool.getCell(ref).value as number | { result?: number | { error: string } };
      return typeof v === 'number' ? v : v.result === undefined ? 0 : typeof v.result === 'number' ? v.result : NaN;
    };
    const engine = await api<SimAnswer>('analyst', 'POST', '/simulate', { DealName: 'STACR 2026-E2E2', Cpr: 0.1, Cdr: 0.005, LossSeverity: 0.2, Delinquency: 0, Libor: 0.04 });
    expect(engine.status).toBe(200);
    const rows = engine.json.CollateralCashflow.filter((r) => r.Period >= 1);
    // Losses at the credit event: period 1 already loses 20 % of its credit events.
    expect(rows[0]?.Losses).toBeCloseTo(0.2 * (rows[0]?.Defaults ?? NaN), 2);
    for (let k = 1; k <= 24; k++) {
      const r = rows[k - 1];
      expect(cell(`G${k + 1}`), `period ${k} balance`).toBeCloseTo(r?.Balance ?? NaN, 2);
      expect(cell(`D${k + 1}`), `period ${k} prepaid`).toBeCloseTo(r?.PrepaidPrincipal ?? NaN, 2);
      expect(cell(`F${k + 1}`), `period ${k} losses`).toBeCloseTo(r?.Losses ?? NaN, 2);
      expect(cell(`E${k + 1}`), `period ${k} credit events`).toBeCloseTo(r?.Defaults ?? NaN, 2);
      expect(cell(`H${k + 1}`), `period ${k} interest`).toBeCloseTo(r?.Interest ?? NaN, 2);
    }

    // Both deals run: the ACIS layer on /acis_analysis, the STACR deal's bonds through the API.
    await Promise.all([page.waitForURL('**/acis_analysis?dealName=ACIS*'), editor.click('Go to ACIS')]);
    const acis = new ReinsuranceAnalysisPage(page, 'acis');
    await page.locator('[data-testid=run-scenario]').waitFor();
    const sent = await acis.run('run-scenario', '/api/simulate/acis');
    expect(sent.body.DealName).toBe('ACIS 2026-E2E2');
    expect(await acis.metric()).toMatch(/%$/);
    const bonds = engine.json.BondsCashflows.map((b) => b.BondName);
    expect(bonds).toEqual(expect.arrayContaining(['A', 'M1', 'B1']));
    await page.goto('/deal_analysis?dealName=STACR%202026-E2E2');
    await page.locator('[data-testid=deal-analysis]').waitFor();
    await context.close();
  });

  it('template deal: a coupon edit changes the bond cashflow', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    const editor = new DealCreatePage(page);
    await editor.open({ dealType: 'REMIC' });
    await page.locator('[data-testid="field-CustomFields.PA.coupon"]').waitFor();
    expect(await page.inputValue('[data-testid="field-CustomFields.PA.coupon"]')).toBe('1.5');
    await editor.fill('Name', 'REMIC 2026-E2E3');
    await editor.fill('CustomFields.PA.coupon', '1');
    await editor.click('Create');
    await editor.alert('success', 'Custom Python deal REMIC 2026-E2E3 has been created successfully.');
    await page.waitForURL(/dealType=REMIC&dealId=\d+/);
    const run = async () => (await api<SimAnswer>('analyst', 'POST', '/simulate', { DealName: 'REMIC 2026-E2E3', Cpr: 0.1, Cdr: 0, LossSeverity: 0, Delinquency: 0, Libor: 0.04 }))
      .json.BondsCashflows.find((b) => b.BondName === 'PA')?.BondCashflow.map((r) => r.Interest) ?? [];
    const before = await run();
    await page.locator('[data-testid="field-CustomFields.PA.coupon"][value="1"]').waitFor();
    await editor.fill('CustomFields.PA.coupon', '1.25');
    await editor.click('Update');
    await editor.alert('success', 'Custom Python deal REMIC 2026-E2E3 has been updated successfully.');
    const after = await run();
    expect(before.length).toBeGreaterThan(12);
    for (let i = 0; i < 12; i++) expect(after[i]).toBeCloseTo(1.25 * (before[i] as number), 1);
    // Leave the shared catalog as the other browser tests expect it.
    const templateId = Number(new URL(page.url()).searchParams.get('dealId'));
    expect((await api('analyst', 'DELETE', `/deals/custom/${templateId}`)).status).toBeLessThan(300);
    await context.close();
  });

  it('a plain user: 403 on every write, no edit icons or add link, no editor', async () => {
    const writes: [string, string][] = [
      ['POST', '/deals/custom/cirt'], ['PUT', '/deals/custom/cirt/100001'], ['POST', '/deals/custom/stacr_acis'], ['PUT', '/deals/custom/stacr_acis/100001'],
      ['POST', '/deals/custom/python'], ['PUT', '/deals/custom/python/100001'], ['DELETE', '/deals/custom/100001'],
    ];
    for (const [method, path] of writes) expect((await api('user', method, path, method === 'DELETE' ? undefined : { Type: 'CIRT' })).status, `${method} ${path}`).toBe(403);
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.locator('[data-testid=catalog-deal-link]').first().waitFor();
    await page.fill('[data-testid=catalog-filter]', 'CIRT 2026-E2E1').catch(() => undefined);
    expect(await page.locator('a[aria-label^="Edit "]').count()).toBe(0);
    expect(await page.locator('text=Add deal').count()).toBe(0);
    await page.goto('/deal_create');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();

    // The creator sees the edit icon of a custom deal in the catalog.
    const creator = await newPage(browser);
    await signIn(creator.page, 'analyst');
    await creator.page.locator('a[aria-label="Edit CIRT 2026-E2E1"]').waitFor();
    await creator.context.close();
  });
});

export type { Page };
