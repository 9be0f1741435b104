import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DealCatalogPage } from './pages/deal-catalog.page.ts';
import { baseUrl, launchBrowser, newPage, signIn } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mail-sink.ts';

const DEALS = ['STACR 2026-DNA1', 'CIRT 2022-7'];
const seenMail = new Set<string>();
const mail = (to: string) => waitForMail(inject('mailDir'), to, seenMail);

/** Signs in a user created by the test (sign-in lands on the catalog). */
async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.fill('#login-username', username);
  await page.fill('#login-password', password);
  await page.click('[data-testid=login-form] button[type=submit]');
  await page.waitForURL('**/deal_catalog');
}

const successAlert = (page: Page) => page.getByTestId('alert-success').last();

describe('administration, guards and password flows', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('sends a signed-in user without the role to / from /admin and /reports; visitors may open the password pages', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    for (const path of ['/admin', '/reports', '/admin_reports', '/admin_adco']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.getByTestId('user-menu').getByRole('button').click();
    expect(await page.getByTestId('user-menu').getByText('Settings').count()).toBe(1);
    expect(await page.getByTestId('admin-menu').count()).toBe(0);
    await context.close();

    const visitor = await newPage(browser);
    await visitor.page.goto('/password_forgot');
    await visitor.page.getByTestId('password-forgot-form').waitFor();
    await visitor.page.goto('/settings');
    await visitor.page.waitForURL((url) => url.pathname === '/');
    await visitor.context.close();
  });

  it('admin creates a user with roles and two deals; the user sees only those deals; disabling ends their open session', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.getByTestId('admin-menu').getByRole('button').click();
    expect(await page.getByTestId('admin-menu').locator('.dropdown-item').allTextContents()).toEqual(['Users', 'Reports', 'Models', 'Loan data', 'API reference']);
    await page.getByTestId('admin-menu').getByText('Users').click();
    await page.waitForURL('**/admin');

    // Empty form: the spec's message, nothing sent.
    const form = page.getByTestId('add-user');
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect.poll(() => page.getByTestId('add-user-error').textContent()).toBe('Please enter username and password');

    await form.getByLabel('Username').fill('e2e.member');
    await form.getByLabel('E-mail').fill('member@e2e.example');
    await form.getByLabel('Password', { exact: true }).fill('member-pass-1');
    await form.getByLabel('Confirm password').fill('member-pass-1');
    await form.getByLabel('Reports_Consumer').check();
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect.poll(() => successAlert(page).textContent()).toBe('The user e2e.member has been created successfully.');
    const row = page.getByTestId('user-row-e2e.member');
    await expect.poll(() => row.textContent()).toContain('Reports_Consumer, User');
    await page.screenshot({ path: '/tmp/admin-e2e-1400.png' });

    await page.getByTestId('deals-e2e.member').click();
    const modal = page.getByTestId('deals-modal');
    for (const deal of DEALS) await modal.getByLabel(deal, { exact: true }).check();
    const posted = page.waitForRequest((r) => r.url().includes('/administrator/user/') && r.method() === 'POST');
    await modal.getByTestId('modal-ok').click();
    // Only the changed rows are sent.
    expect(((await posted).postDataJSON() as { DealName: string }[]).map((d) => d.DealName).sort()).toEqual([...DEALS].sort());
    await expect.poll(() => successAlert(page).textContent()).toBe("User's deals list have been updated.");

    // The new user signs in elsewhere and sees exactly the two deals; Reports is in their menu.
    const member = await newPage(browser);
    await signInAs(member.page, 'e2e.member', 'member-pass-1');
    const catalog = new DealCatalogPage(member.page);
    await catalog.open(baseUrl());
    expect((await catalog.visibleDealNames()).sort()).toEqual([...DEALS].sort());
    expect(await member.page.getByTestId('navbar').getByText('Reports', { exact: true }).count()).toBe(1);

    // Disable (with confirmation): the row dims and locks, and the member's next call ends their session.
    await page.getByTestId('toggle-e2e.member').click();
    await page.getByTestId('confirm-modal').getByTestId('modal-ok').click();
    await expect.poll(() => successAlert(page).textContent()).toBe("User's info has been updated.");
    await expect.poll(() => row.getAttribute('data-disabled')).toBe('true');
    expect(await page.getByTestId('roles-e2e.member').isDisabled()).toBe(true);
    expect(await page.getByTestId('deals-e2e.member').isDisabled()).toBe(true);
    expect(await page.getByTestId('reset-e2e.member').isDisabled()).toBe(true);
    // Saved Scenarios sits in the navbar's Data menu (issue 23 #8).
    await member.page.getByTestId('nav-group-Data').locator('button').click();
    await member.page.getByTestId('navbar').getByText('Saved Scenarios').click();
    await member.page.waitForURL((url) => url.pathname === '/');
    await member.page.getByTestId('login-form').waitFor();
    await member.context.close();

    // Enable again, then delete with confirmation.
    await page.getByTestId('toggle-e2e.member').click();
    await page.getByTestId('confirm-modal').getByTestId('modal-ok').click();
    await expect.poll(() => row.getAttribute('data-disabled')).toBe('false');
    await context.close();
  });

  it('confirm e-mail → forgot → e-mail → reset → sign in with the new password, through the SMTP server', async () => {
    // The address given at creation gets a confirmation link.
    const confirm = linkIn((await mail('member@e2e.example')).text);
    const { context, page } = await newPage(browser);
    await page.goto(confirm.pathname + confirm.search);
    await expect.poll(() => page.getByTestId('confirm-email').textContent(), { timeout: 20_000 }).toContain('Your e-mail address has been confirmed.');

    await page.goto('/');
    await page.getByTestId('forgot-link').click();
    await page.waitForURL('**/password_forgot');
    const request = page.getByRole('button', { name: 'Request' });
    expect(await request.isDisabled()).toBe(true);
    await page.fill('#forgot-email', 'not-an-address');
    await request.click();
    await expect.poll(() => page.locator('.invalid-feedback').textContent()).toBe('Email does not seem valid');
    await page.fill('#forgot-email', 'member@e2e.example');
    await request.click();
    await expect.poll(() => successAlert(page).textContent())
      .toBe('If you were registered in the system, you should receive the email with a link to proceed.');

    const message = await mail('member@e2e.example');
    expect(message.subject).toBe('OpenCRT: password reset');
    const link = linkIn(message.text);
    await page.goto(link.toString());
    expect(await page.inputValue('#reset-username')).toBe('e2e.member');
    const change = page.getByRole('button', { name: 'Change' });
    await page.fill('#reset-password', 'member-new-pass-1');
    await page.fill('#reset-confirm', 'member-new-pass-X');
    expect(await change.isDisabled()).toBe(true);
    await expect.poll(() => page.locator('.invalid-feedback').textContent()).toBe('Password confirmation does not match');
    // Press-to-reveal shows the password only while pressed.
    const eye = page.getByTestId('reset-password-reveal');
    await eye.hover();
    await page.mouse.down();
    expect(await page.getAttribute('#reset-password', 'type')).toBe('text');
    await page.mouse.up();
    expect(await page.getAttribute('#reset-password', 'type')).toBe('password');
    await page.fill('#reset-confirm', 'member-new-pass-1');
    await change.click();
    await expect.poll(() => page.getByTestId('password-reset-done').textContent()).toContain('You password has been successfully changed.');
    await page.screenshot({ path: '/tmp/admin-e2e-reset.png' });

    // The link works once.
    await page.goto(link.toString());
    await page.fill('#reset-password', 'member-other-pass-1');
    await page.fill('#reset-confirm', 'member-other-pass-1');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect.poll(() => page.getByTestId('alert-danger').last().textContent()).toBe('Failed to reset the password.');

    await signInAs(page, 'e2e.member', 'member-new-pass-1');
    await context.close();
  });

  it('changes the password on /settings; the form is cleared after each try', async () => {
    const { context, page } = await newPage(browser);
    await signInAs(page, 'e2e.member', 'member-new-pass-1');
    await page.getByTestId('user-menu').getByRole('button').click();
    await page.getByTestId('user-menu').getByText('Settings').click();
    await page.waitForURL('**/settings');
    const form = page.getByTestId('change-password-form');
    await form.getByRole('button', { name: 'Change' }).click();
    expect(await form.locator('.invalid-feedback').allTextContents()).toEqual(Array(3).fill('This field is required'));

    await page.fill('#settings-OldPassword', 'wrong-pass-1');
    await page.fill('#settings-NewPassword', 'member-third-pass-1');
    await page.fill('#settings-ConfirmPassword', 'member-third-pass-1');
    await form.getByRole('button', { name: 'Change' }).click();
    await expect.poll(() => page.getByTestId('alert-danger').last().textContent()).toBe('The old password is incorrect.');
    expect(await page.inputValue('#settings-OldPassword')).toBe('');

    await page.fill('#settings-OldPassword', 'member-new-pass-1');
    await page.fill('#settings-NewPassword', 'member-third-pass-1');
    await page.fill('#settings-ConfirmPassword', 'member-third-pass-1');
    await form.getByRole('button', { name: 'Change' }).click();
    await expect.poll(() => successAlert(page).textContent()).toBe('Password changed');
    expect([await page.inputValue('#settings-OldPassword'), await page.inputValue('#settings-NewPassword'), await page.inputValue('#settings-ConfirmPassword')]).toEqual(['', '', '']);
    await context.close();

    const again = await newPage(browser);
    await signInAs(again.page, 'e2e.member', 'member-third-pass-1');
    await again.context.close();
  });

  it("Load Deal Catalogue shows 'Deal catalogue loaded.' (spec 002 §8), alone, in the page's flow", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByTestId('admin-functions').getByText('Load Deal Catalogue').click();
    await expect.poll(() => page.getByTestId('alert-success').allTextContents(), { timeout: 110_000 }).toEqual(['Deal catalogue loaded.']);
    expect(await page.getByTestId('alert-danger').count()).toBe(0);
    expect(await page.getByTestId('catalogue-result').textContent()).toMatch(/^\d+ deals and [\d,]+ loans loaded\.$/);
    // Above the screen, not over it (issue 23 #4).
    const alert = (await page.getByTestId('alert-success').boundingBox())!;
    const heading = (await page.getByTestId('admin-page').boundingBox())!;
    expect(alert.y + alert.height).toBeLessThanOrEqual(heading.y + 1);
    await context.close();
  });
});
