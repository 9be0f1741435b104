import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

describe('sign-in and the shell', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('shows the server error_description in red for a bad login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.fill('#login-username', 'admin');
    await page.fill('#login-password', 'definitely-wrong');
    await page.click('[data-testid=login-form] button[type=submit]');
    const error = page.locator('[data-testid=login-error]');
    await expect.poll(() => error.textContent()).toBe('The user name or password is incorrect.');
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(220, 53, 69)');
    expect(page.url()).toMatch(/\/$/);
    await context.close();
  });

  it('signing in with utm_term (a CUSIP) opens that bond; an unknown CUSIP goes to the catalog with \'Deal was not found\'', async () => {
    const { context, page } = await newPage(browser);
    // The CUSIP lookup runs right after the token call, with the new token (spec 000 §4).
    const cusipCalls: (string | undefined)[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/deals/idByCusip/')) cusipCalls.push(r.headers().authorization); });
    await page.goto('/?utm_term=9ST101A46&price=99.5');
    await page.fill('#login-username', 'user');
    await page.fill('#login-password', passwordOf('user'));
    await page.click('[data-testid=login-form] button[type=submit]');
    await page.waitForURL('**/bond_analysis?**');
    const query = new URL(page.url()).searchParams;
    expect([query.get('dealName'), query.get('bondName'), query.get('utm_term'), query.get('price')]).toEqual(['STACR 2026-DNA1', 'M-1', '9ST101A46', '99.5']);
    expect(cusipCalls[0]).toMatch(/^Bearer \S+/);
    await context.close();

    const other = await newPage(browser);
    await other.page.goto('/?utm_term=ZZZ999999');
    await other.page.fill('#login-username', 'user');
    await other.page.fill('#login-password', passwordOf('user'));
    await other.page.click('[data-testid=login-form] button[type=submit]');
    await other.page.waitForURL('**/deal_catalog');
    await expect.poll(() => other.page.locator('[data-testid=alert-danger]').first().textContent()).toBe('Deal was not found');
    await other.context.close();
  });

  it('analysis links in the navbar carry the current deal of their family, then the remembered one', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const href = (label: string) => page.getByTestId('navbar').getByText(label, { exact: true }).getAttribute('href');
    await page.goto('/acis_analysis?dealName=ACIS%202020-DNA3');
    await expect.poll(() => href('ACIS Analysis')).toBe('/acis_analysis?dealName=ACIS%202020-DNA3');
    expect(await href('CIRT Analysis')).toBe('/cirt_analysis');
    // The screen remembers the deal once the catalog confirms it: leave only after that.
    const remembered = async () => decodeURIComponent((await context.cookies()).find((c) => c.name === 'lastAcisDeal')?.value ?? '');
    await expect.poll(remembered).toBe('ACIS 2020-DNA3');
    await page.getByTestId('navbar').getByText('Deal Catalog', { exact: true }).click();
    await page.waitForURL('**/deal_catalog');
    await expect.poll(() => href('ACIS Analysis')).toBe('/acis_analysis?dealName=ACIS%202020-DNA3');
    await context.close();
  });

  it('admin signs in, sees the admin menu and environment label, and logs out to /', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await expect.poll(() => page.locator('[data-testid=env-label]').textContent()).toBe('DEMO');
    expect(await page.locator('[data-testid=admin-menu]').count()).toBe(1);
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.crt_username).toBe('admin');
    expect(JSON.parse(decodeURIComponent(cookies.crt_roles ?? '[]'))).toContain('Admin');
    await page.click('[data-testid=user-menu] button');
    await page.click('text=Log Out');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await context.cookies()).find((c) => c.name === 'crt_token')).toBeUndefined();
    expect(await page.locator('[data-testid=login-form]').count()).toBe(1);
    await context.close();
  });

  it('a plain user sees neither the Admin menu nor Documentation', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.locator('[data-testid=user-menu]').waitFor();
    expect(await page.locator('[data-testid=admin-menu]').count()).toBe(0);
    expect(await page.locator('[data-testid=navbar] >> text=Documentation').count()).toBe(0);
    await context.close();
  });

  it('after the session expires, the next click logs out and clears remembered choices', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'analyst');
    await context.addCookies([
      { name: 'crt_expiry', value: String(Date.now() - 1000), url: page.url() },
      { name: 'prepaymentModel', value: 'LDM', url: page.url() },
    ]);
    await page.reload();
    // The guard sees the expired session on load and sends the user home.
    await page.waitForURL((url) => url.pathname === '/');
    await page.click('body');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('crt_token');
    expect(names).not.toContain('prepaymentModel');
    await context.close();
  });

  it('the home page shows Enter Hub instead of the login form when signed in', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/');
    await page.locator('[data-testid=enter-hub]').waitFor();
    expect(await page.locator('[data-testid=login-form]').count()).toBe(0);
    await context.close();
  });
});
