import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a device cookie exempts its client from a name's slow-down: a year, then one more sign-in renews it. */
export const DEVICE_COOKIE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/** Sent only to the sign-in call: no other request carries it, and scripts never see it (HttpOnly). */
const COOKIE_PATH = '/api/oauth/token';
const NAME_PREFIX = 'opencrt_device_';
/** nonce (22) . issued-at seconds . HMAC-SHA256 (43), all base64url or digits. */
const VALUE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a client that
 * signed in to a user name gets a cookie binding that name to a random nonce, signed with a key only
 * the server holds. Presented again on a sign-in of the same name, it marks the client as the
 * owner's device: exempt from the slow-down strangers' failures put on the name, and, when it
 * fails itself, locked out on its own (by nonce) instead of adding to the name's count.
 *
 * The name is bound by the signature, not written into the cookie; each name gets its own cookie
 * (named by a keyed hash of the name) so one browser can keep the devices of several users.
 * `foldedName` is the name as PostgreSQL's lower() folds it (db/folded.ts), so "Admin" and "admin"
 * share a cookie exactly when they share an account.
 */
export class DeviceCookies {
  constructor(private readonly key: Uint8Array, private readonly lifetimeSeconds = DEVICE_COOKIE_LIFETIME_SECONDS) {}

  /** A new cookie for `foldedName` as a Set-Cookie header value. */
  issue(foldedName: string, now: Date, secure: boolean): string {
    const nonce = randomBytes(16).toString('base64url');
    const issuedAt = Math.floor(now.getTime() / 1000);
    const value = `${nonce}.${issuedAt}.${this.sign(foldedName, nonce, issuedAt)}`;
    const attributes = [`Path=${COOKIE_PATH}`, `Max-Age=${this.lifetimeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
    if (secure) attributes.push('Secure');
    return [`${this.cookieName(foldedName)}=${value}`, ...attributes].join('; ');
  }

  /**
   * The nonce of a valid, unexpired device cookie for `foldedName` in a Cookie header, or null
   * (none, malformed, signed for another name, forged, expired or issued in the future).
   */
  nonceFor(cookieHeader: string | undefined, foldedName: string, now: Date): string | null {
    const value = cookieValue(cookieHeader, this.cookieName(foldedName));
    const match = value ? VALUE.exec(value) : null;
    if (!match) return null;
    const [, nonce = '', issuedText = '', signature = ''] = match;
    const issuedAt = Number(issuedText);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    // A minute of clock difference between replicas is tolerated for a cookie "from the future".
    if (issuedAt > nowSeconds + 60 || nowSeconds - issuedAt >= this.lifetimeSeconds) return null;
    const expected = Buffer.from(this.sign(foldedName, nonce, issuedAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  /** The cookie's name for a user name: a keyed hash, so the name itself is not written on the client. */
  cookieName(foldedName: string): string {
    return NAME_PREFIX + this.mac(`name\n${foldedName}`).subarray(0, 12).toString('base64url');
  }

  private sign(foldedName: string, nonce: string, issuedAt: number): string {
    return this.mac(`device\n${foldedName}\n${nonce}\n${issuedAt}`).toString('base64url');
  }

  private mac(text: string): Buffer {
    return createHmac('sha256', this.key).update(text, 'utf8').digest();
  }
}

/** Cookie headers past this many pairs are not read further (a browser sends a few dozen at most). */
const MAX_COOKIE_PAIRS = 100;

/** The value of cookie `name` in a Cookie header (RFC 6265 §5.4: `name=value` pairs joined by "; "). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const pairs = header.split(';', MAX_COOKIE_PAIRS);
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}
