import Cookies from 'js-cookie';

/** The signed-in session, kept in cookies as spec 000 §3 says: username, roles, token, expiry. */
export interface Session {
  username: string;
  roles: string[];
  token: string;
  /** Expiry as epoch milliseconds. */
  expiresAt: number;
}

const KEYS = { username: 'crt_username', roles: 'crt_roles', token: 'crt_token', expiry: 'crt_expiry' } as const;

/** Choices remembered between visits that logging out must forget (spec 000 §4). */
export const REMEMBERED_CHOICE_COOKIES = ['creditModel', 'prepaymentModel', 'runLoanLevel', 'useLoanLevel'];

export function readSession(): Session | null {
  const token = Cookies.get(KEYS.token);
  const username = Cookies.get(KEYS.username);
  const expiry = Number(Cookies.get(KEYS.expiry));
  if (!token || !username || !Number.isFinite(expiry)) return null;
  let roles: string[] = [];
  try {
    const parsed: unknown = JSON.parse(Cookies.get(KEYS.roles) ?? '[]');
    if (Array.isArray(parsed)) roles = parsed.filter((r): r is string => typeof r === 'string');
  } catch {
    roles = [];
  }
  return { username, roles, token, expiresAt: expiry };
}

export function isExpired(session: Session, now = Date.now()): boolean {
  return now >= session.expiresAt;
}

/** Stores a new session from the token response (expires_in seconds from now). */
export function writeSession(username: string, rolesJson: string, token: string, expiresInSeconds: number, now = Date.now()): Session {
  const expiresAt = now + expiresInSeconds * 1000;
  const expires = new Date(expiresAt);
  // Secure over HTTPS so the token never travels in clear; plain HTTP (localhost) must still work.
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  const options = { expires, sameSite: 'strict' as const, path: '/', secure };
  let roles: string[] = [];
  try {
    const parsed: unknown = JSON.parse(rolesJson);
    if (Array.isArray(parsed)) roles = parsed.filter((r): r is string => typeof r === 'string');
  } catch {
    roles = [];
  }
  Cookies.set(KEYS.username, username, options);
  Cookies.set(KEYS.roles, JSON.stringify(roles), options);
  Cookies.set(KEYS.token, token, options);
  Cookies.set(KEYS.expiry, String(expiresAt), options);
  return { username, roles, token, expiresAt };
}

/** Forgets the session and the remembered choices. */
export function clearSession(): void {
  for (const key of [...Object.values(KEYS), ...REMEMBERED_CHOICE_COOKIES]) Cookies.remove(key, { path: '/' });
}
