import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * The signing secret: JWT_SECRET when set, else one generated on first start and kept in the
 * database, so tokens survive restarts without a fixed default.
 */
export async function resolveJwtSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return fromEnv;
  }
  const stored = await db.selectFrom('app_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
  if (stored) return stored.value;
  const secret = randomBytes(48).toString('base64url');
  await db.insertInto('app_settings').values({ key: 'jwt_secret', value: secret }).onConflict((oc) => oc.doNothing()).execute();
  const winner = await db.selectFrom('app_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return winner.value;
}
