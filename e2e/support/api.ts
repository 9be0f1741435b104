import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, passwordOf, type DemoUser } from './browser.ts';

/** A bearer token of a demo user, from the sign-in endpoint the screens use. */
async function tokenOf(user: DemoUser): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: passwordOf(user), grant_type: 'password' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Sends `method url` (under /api) as a demo user and answers the status with the body: parsed
 * JSON when the answer is JSON, else its text. The e2e tests use it to set up data and to compare
 * what a screen shows with the API's own answer for the same inputs.
 */
export async function requestAs<T>(user: DemoUser, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  const token = await tokenOf(user);
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text && res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text) as T };
}

/** POSTs `body` to `/api{path}` as a demo user (analyst by default) and answers the JSON of a 200. */
export async function postAs<T>(path: string, body: object, user: DemoUser = 'analyst'): Promise<T> {
  const { status, json } = await requestAs<T>(user, 'POST', path, body);
  expect(status, path).toBe(200);
  return json;
}

/** Dollars as the screens write them: thousands separators, two decimals. */
export const dollars = (x: number): string => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);

/** The trimmed text of the first element with `testId`. */
export const textOf = async (page: Page, testId: string): Promise<string> => (await page.locator(`[data-testid="${testId}"]`).first().textContent())?.trim() ?? '';
