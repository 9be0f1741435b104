import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { HIDDEN_COOKIE_LIMIT, readHidden, writeHidden } from './vendor-grid-prefs.ts';

const COOKIE = 'vendorGrid.selectedScenarios';
/** Column keys as the grid makes them: vendor/name, URI-encoded. */
const keys = (n: number) => new Set(Array.from({ length: n }, (_, i) => `${encodeURIComponent("Moody's")}/${encodeURIComponent(`Severe Recession ${i}`)}`));

describe('hidden vendor-grid scenarios across reloads', () => {
  afterEach(() => {
    Cookies.remove(COOKIE, { path: '/' });
    localStorage.clear();
  });

  it('keeps a short list in the cookie', () => {
    writeHidden(keys(3));
    expect(Cookies.get(COOKIE)).toBeDefined();
    expect(localStorage.getItem(COOKIE)).toBeNull();
    expect(readHidden()).toEqual(keys(3));
  });

  it('keeps a list too long for a cookie in localStorage, and the cookie never holds a stale one', () => {
    writeHidden(keys(3));
    const many = keys(200);
    expect(encodeURIComponent(JSON.stringify([...many])).length).toBeGreaterThan(HIDDEN_COOKIE_LIMIT);
    writeHidden(many);
    expect(Cookies.get(COOKIE)).toBeUndefined();
    expect(readHidden()).toEqual(many);
    // Back to a short list: the cookie again, the long one gone.
    writeHidden(keys(2));
    expect(localStorage.getItem(COOKIE)).toBeNull();
    expect(readHidden()).toEqual(keys(2));
  });

  it('reads nothing hidden from a damaged value', () => {
    Cookies.set(COOKIE, '[not json', { path: '/' });
    expect(readHidden()).toEqual(new Set());
  });
});
