import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1).
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable here) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id (PHC string with salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** How many argon2 verifications ran (tests check unknown and known names cost the same). */
export const passwordVerifications = { count: 0 };

/** Checks a password against a stored argon2 hash; false on any malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  passwordVerifications.count++;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A random password for seeded accounts: 16 characters, no look-alikes. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password with the same parameters as real ones, for sign-ins
 * naming an unknown user: the answer then takes as long as for a known user with a wrong password,
 * so response times do not reveal which user names exist. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(generatePassword());
  await verifyPassword(await dummyHash, password);
  return false;
}
