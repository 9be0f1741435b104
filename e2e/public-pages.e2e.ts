import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

describe('public pages', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('contact form: spec validation messages, then success', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const form = page.locator('[data-testid=contact-form]');
    await form.locator('button[type=submit]').click();
    const messages = async () => (await form.locator('.invalid-feedback').allTextContents()).sort();
    expect(await messages()).toEqual(['Email is required.', 'First Name is required.', 'Last Name is required.']);
    await page.fill('#contact-FirstName', '123');
    await page.fill('#contact-LastName', 'Hopper');
    await page.fill('#contact-Email', 'not-an-email');
    expect(await messages()).toEqual(['First Name must have at least 1 letters.', 'Please enter a valid email.']);
    await page.fill('#contact-FirstName', 'Grace');
    await page.fill('#contact-Email', 'grace@example.com');
    await page.fill('#contact-Comments', 'Please call me.');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('[data-testid=alert-success]').textContent()).toBe('Thank you for contacting us.');
    await context.close();
  });

  it('the landing page shows the contact address (spec 000 §1)', async () => {
    const { context, page } = await newPage(browser);
    const config = await (await page.request.get('/api/config')).json() as { ContactEmail: string };
    expect(config.ContactEmail).toContain('@');
    await page.goto('/');
    const address = page.getByTestId('contact-address');
    await address.waitFor();
    expect(await address.locator('a').textContent()).toBe(config.ContactEmail);
    expect(await address.locator('a').getAttribute('href')).toBe(`mailto:${config.ContactEmail}`);
    await context.close();
  });

  it('trial registration lists every problem in one danger alert', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/trial?utm_source=empirasign');
    await page.locator('[data-testid=empirasign-welcome]').waitFor();
    await page.click('[data-testid=trial-form] button[type=submit]');
    const alert = page.locator('[data-testid=trial-errors]');
    const lines = await alert.locator('div').allTextContents();
    expect(lines).toEqual([
      'Provide CRT Hub Userid.', 'Provide email.', 'Provide password.', 'Provide password confirmation.',
      'Provide first name.', 'Provide last name.', 'Provide company name.',
    ]);
    expect(await page.locator('.alert-danger').count()).toBe(1);
    await page.fill('#trial-Email', 'bad');
    await page.click('[data-testid=trial-form] button[type=submit]');
    expect(await alert.locator('div').allTextContents()).toContain('Provide valid email.');
    await context.close();
  });

  it('trial registration signs the new user in; the server refuses a taken user name', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/trial?auid=e2e-invite-1');
    const fill = async (username: string) => {
      await page.fill('#trial-Username', username);
      await page.fill('#trial-Email', `${username}@example.com`);
      await page.fill('#trial-Password', 'trial-pass-123');
      await page.fill('#trial-ConfirmPassword', 'trial-pass-123');
      await page.fill('#trial-FirstName', 'Trial');
      await page.fill('#trial-LastName', 'User');
      await page.fill('#trial-CompanyName', 'Example Re');
    };
    await fill('admin');
    await page.click('[data-testid=trial-form] button[type=submit]');
    await expect.poll(() => page.locator('[data-testid=trial-errors]').textContent()).toContain("User name 'admin' is already taken.");
    await fill('e2e-trial-user');
    await page.click('[data-testid=trial-form] button[type=submit]');
    await page.waitForURL('**/deal_catalog');
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.crt_username).toBe('e2e-trial-user');
    expect(JSON.parse(decodeURIComponent(cookies.crt_roles ?? '[]'))).toEqual(['User']);
    await context.close();

    // The invitation is used now: a new visitor with it goes to / with the query kept.
    const second = await newPage(browser);
    await second.page.goto('/trial?auid=e2e-invite-1&utm_campaign=x');
    await second.page.waitForURL((url) => url.pathname === '/' && url.search.includes('auid=e2e-invite-1'));
    await second.context.close();
  });

  it('a signed-in user opening /trial goes onward: to the bond of utm_term, else to the catalog', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/trial?utm_term=9ST101A46&utm_source=empirasign');
    await page.waitForURL('**/bond_analysis?**');
    const query = new URL(page.url()).searchParams;
    expect([query.get('dealName'), query.get('bondName'), query.get('utm_source')]).toEqual(['STACR 2026-DNA1', 'M-1', 'empirasign']);
    await page.goto('/trial');
    await page.waitForURL('**/deal_catalog');
    await context.close();
  });

  it('error page shows the query, with defaults', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/error?status=500&reason=Server%20Error&msg=Could%20not%20open%20deal');
    expect(await page.locator('[data-testid=error-status]').textContent()).toBe('500');
    expect(await page.locator('[data-testid=error-reason]').textContent()).toBe('Server Error');
    expect(await page.locator('[data-testid=error-message]').textContent()).toBe('Could not open deal');
    await page.goto('/error');
    expect(await page.locator('[data-testid=error-status]').textContent()).toBe('404');
    expect(await page.locator('[data-testid=error-reason]').textContent()).toBe('Page not found');
    await page.click('text=Go to home page');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('unknown paths: anonymous visitors go to /, signed-in users see the catch-all', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/screen');
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, 'user');
    await page.goto('/no/such/screen');
    await page.locator('[data-testid=error-page]').waitFor();
    expect(await page.locator('[data-testid=error-reason]').textContent()).toBe('Page not found');
    await context.close();
  });
});
