import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, passwordOf, type DemoUser } from './browser.ts';

/**
 * POSTs `body` to `/api{path}` as a demo user (analyst by default) and answers the JSON of a 200:
 * the e2e tests compare what a screen shows with the API's own answer for the same inputs.
 */
export async function postAs<T>(path: string, body: object, user: DemoUser = 'analyst'): Promise<T> {
  const token = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: passwordOf(user), grant_type: 'password' }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Dollars as the screens write them: thousands separators, two decimals. */
export const dollars = (x: number): string => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);

/** The trimmed text of the first element with `testId`. */
export const textOf = async (page: Page, testId: string): Promise<string> => (await page.locator(`[data-testid="${testId}"]`).first().textContent())?.trim() ?? '';
