import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  userId: number;
  username: string;
  roles: string[];
  sessionId: string;
}

/** Signs and verifies bearer JWTs (HS256) with the server's secret. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string, readonly lifetimeSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * A key for another of the server's signatures (device cookies), derived from the same secret so
   * there is one secret to keep (JWT_SECRET or the stored one); a MAC made with it can never pass
   * for a token's signature, which uses the secret itself.
   */
  deriveKey(purpose: string): Uint8Array {
    return createHmac('sha256', this.key).update(`opencrt-key:${purpose}`).digest();
  }

  async issue(claims: TokenClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + this.lifetimeSeconds) * 1000);
    const token = await new SignJWT({ name: claims.username, roles: claims.roles })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setJti(claims.sessionId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer('opencrt')
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid token, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'opencrt', algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.jti !== 'string') return null;
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
      return { userId, username: String(payload.name ?? ''), roles, sessionId: payload.jti };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
