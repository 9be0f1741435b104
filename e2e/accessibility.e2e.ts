import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, type AxeFinding } from './support/axe.ts';
import { baseUrl, launchBrowser, signIn, type DemoUser } from './support/browser.ts';

/**
 * Issue 36 #3: axe-core on every screen of the router, signed in as analyst and as admin, at
 * 1400 × 900 and 1024 × 768, and on each run screen after a run started from the keyboard:
 * zero serious or critical violations. One context per role and width, one visit per screen.
 */
/** Any screen's title: every screen heads itself with one. */
const HEADING = ':is(h1, h2, h3, h4, h5):visible';
const WIDTHS = [{ width: 1400, height: 900 }, { width: 1024, height: 768 }];
const SCREENS: { path: string; ready: string; adminOnly?: boolean }[] = [
  { path: '/deal_catalog', ready: '[data-testid=deal-catalog-grid] .ag-header-cell' },
  { path: '/deal_analysis?dealName=STACR+2026-DNA1', ready: '[data-testid=collateral-info]' },
  { path: '/bond_analysis?dealName=STACR+2026-DNA1', ready: '[data-testid=pricing-panel]' },
  { path: '/acis_analysis?dealName=ACIS+2020-DNA3', ready: '[data-testid=deal-info]' },
  { path: '/cirt_analysis?dealName=CIRT+2023-9', ready: '[data-testid=deal-info]' },
  { path: '/portfolio', ready: HEADING },
  { path: '/vendor_grid', ready: HEADING },
  { path: '/scenario_list', ready: '[data-testid=scenario-table]' },
  { path: '/vector_list', ready: '[data-testid=vector-list]' },
  { path: '/cashflows', ready: HEADING },
  { path: '/loans', ready: HEADING },
  { path: '/reports', ready: HEADING },
  { path: '/rpx_file_creator', ready: HEADING },
  { path: '/docs', ready: HEADING },
  { path: '/deal_create', ready: '[data-testid=deal-create-page]' },
  { path: '/settings', ready: '[data-testid=change-password-form]' },
  { path: '/no_such_screen', ready: HEADING },
  { path: '/admin', ready: '[data-testid=admin-page]', adminOnly: true },
  { path: '/admin_reports', ready: HEADING, adminOnly: true },
  { path: '/admin_adco', ready: HEADING, adminOnly: true },
];
const PUBLIC_SCREENS = ['/', '/trial', '/password_forgot', '/error'];

/** Each run screen: the input Enter is pressed in, and what shows the run finished. */
const RUNS: { path: string; input: string; done: string; ctrl?: boolean }[] = [
  { path: '/deal_analysis?dealName=STACR+2026-DNA1', input: '#input-cpr', done: '[data-testid=results-panel]' },
  { path: '/bond_analysis?dealName=STACR+2026-DNA1&bondName=M-1', input: '[data-testid=input-cpr]', done: '[data-testid=result-value]:not(:text-is("-----"))' },
  { path: '/acis_analysis?dealName=ACIS+2020-DNA3', input: '#input-cpr', done: '[data-testid=metric-value]', ctrl: true },
  { path: '/cirt_analysis?dealName=CIRT+2023-9', input: '#input-cpr', done: '[data-testid=metric-value]' },
];

const describeFindings = (where: string, found: AxeFinding[]) =>
  found.map((f) => `${where}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.join(' | ')}`);

async function audit(page: Page, path: string, ready: string): Promise<string[]> {
  await page.goto(path);
  try {
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
  } catch {
    return [`${path}: not ready (${ready} never showed)`];
  }
  await page.waitForLoadState('networkidle');
  return describeFindings(`${path} @${page.viewportSize()?.width}`, await seriousViolations(page));
}

describe('accessibility audit (axe-core, serious and critical)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { for (const c of contexts) await c.close(); await browser?.close(); });

  async function pageAt(viewport: { width: number; height: number }, user?: DemoUser): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport });
    contexts.push(context);
    const page = await context.newPage();
    if (user) await signIn(page, user);
    return page;
  }

  it('public screens at both widths', async () => {
    const found: string[] = [];
    for (const viewport of WIDTHS) {
      const page = await pageAt(viewport);
      for (const path of PUBLIC_SCREENS) found.push(...await audit(page, path, HEADING));
    }
    expect(found).toEqual([]);
  }, 300_000);

  for (const user of ['analyst', 'admin'] as const) {
    for (const viewport of WIDTHS) {
      it(`every screen as ${user} at ${viewport.width} × ${viewport.height}`, async () => {
        const page = await pageAt(viewport, user);
        const found: string[] = [];
        for (const screen of SCREENS.filter((s) => user === 'admin' || !s.adminOnly)) found.push(...await audit(page, screen.path, screen.ready));
        expect(found).toEqual([]);
      }, 600_000);
    }
  }

  for (const viewport of WIDTHS) {
    it(`each run screen after a run started from the keyboard at ${viewport.width} px`, async () => {
      const page = await pageAt(viewport, 'analyst');
      const found: string[] = [];
      for (const run of RUNS) {
        await page.goto(run.path);
        const input = page.locator(run.input);
        await input.waitFor();
        await page.waitForLoadState('networkidle');
        await input.focus();
        // The focused input shows a visible focus ring (an outline or Bootstrap's box-shadow).
        const ring = await input.evaluate((e) => { const s = getComputedStyle(e); return s.outlineStyle !== 'none' || s.boxShadow !== 'none'; });
        expect(ring, `${run.path}: focus ring`).toBe(true);
        await page.keyboard.press(run.ctrl ? 'Control+Enter' : 'Enter');
        await page.locator(run.done).first().waitFor({ timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        found.push(...describeFindings(`${run.path} after a run @${viewport.width}`, await seriousViolations(page)));
      }
      expect(found).toEqual([]);
    }, 600_000);
  }
});
