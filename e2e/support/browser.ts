import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export type DemoUser = 'admin' | 'analyst' | 'user';

export function baseUrl(): string {
  return inject('baseUrl');
}

export function passwordOf(user: DemoUser): string {
  return inject('passwords')[user];
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context (own cookies) and page with the app's base URL. */
export async function newPage(browser: Browser, options: { acceptDownloads?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the home page's form and waits for the catalog route. */
export async function signIn(page: Page, user: DemoUser, password = passwordOf(user)): Promise<void> {
  await page.goto('/');
  await page.fill('#login-username', user);
  await page.fill('#login-password', password);
  await page.click('[data-testid=login-form] button[type=submit]');
  await page.waitForURL('**/deal_catalog');
}
