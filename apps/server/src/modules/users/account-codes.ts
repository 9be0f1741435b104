/**
 * One-time codes sent by e-mail: 256-bit random values, stored as SHA-256 hashes, single-use
 * (consuming one is a conditional UPDATE, so two requests racing on one code cannot both win).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { accountsDb, type AccountCodePurpose } from './users.tables.ts';

export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;
export const CONFIRM_CODE_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new code for the user; earlier unused codes of the same purpose stop working. */
export async function issueCode(db: Db, userId: number, purpose: AccountCodePurpose, now: Date, email: string | null = null): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const lifetime = purpose === 'reset_password' ? RESET_CODE_LIFETIME_MS : CONFIRM_CODE_LIFETIME_MS;
  await accountsDb(db).transaction().execute(async (trx) => {
    await trx.deleteFrom('account_codes').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
    await trx.insertInto('account_codes').values({
      user_id: userId, purpose, code_hash: hashOf(code), email, expires_at: new Date(now.getTime() + lifetime),
    }).execute();
  });
  return code;
}

/** Marks a valid (unused, unexpired) code used; its row, or undefined when the code is not valid. */
export async function consumeCode(db: Db, userId: number, purpose: AccountCodePurpose, code: string, now: Date) {
  return accountsDb(db).updateTable('account_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', hashOf(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'email'])
    .executeTakeFirst();
}
