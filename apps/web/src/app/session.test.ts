import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, isExpired, readSession, writeSession } from './session.ts';

describe('cookie session', () => {
  beforeEach(() => clearSession());

  it('stores username, roles, token and expiry from the token response', () => {
    const now = Date.UTC(2026, 0, 1);
    const session = writeSession('analyst', '["User","LDM_User"]', 'tok', 3600, now);
    expect(session).toEqual({ username: 'analyst', roles: ['User', 'LDM_User'], token: 'tok', expiresAt: now + 3_600_000 });
  });

  it('reads back what was written and knows when it expires', () => {
    const written = writeSession('user', '["User"]', 'tok', 60);
    const read = readSession();
    expect(read).toEqual(written);
    expect(isExpired(written, written.expiresAt - 1)).toBe(false);
    expect(isExpired(written, written.expiresAt)).toBe(true);
  });

  it('clearing also forgets remembered choices', () => {
    writeSession('user', '["User"]', 'tok', 60);
    Cookies.set('prepaymentModel', 'LDM');
    clearSession();
    expect(readSession()).toBeNull();
    expect(Cookies.get('prepaymentModel')).toBeUndefined();
  });

  it('ignores malformed roles', () => {
    writeSession('user', 'not json', 'tok', 60);
    expect(readSession()?.roles).toEqual([]);
  });

  describe('Secure flag', () => {
    afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); });
    const secureFlags = () => {
      const set = vi.spyOn(Cookies, 'set');
      writeSession('user', '["User"]', 'tok', 60);
      return set.mock.calls.map((call) => (call[2] as { secure?: boolean } | undefined)?.secure);
    };
    it('marks the session cookies Secure when the app is served over HTTPS', () => {
      vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
      expect(secureFlags()).toEqual([true, true, true, true]);
    });
    it('leaves them usable over plain HTTP (localhost)', () => {
      expect(secureFlags()).toEqual([false, false, false, false]);
    });
  });
});
