/**
 * Personal vectors (spec 001 §2.6, §5.3): each user keeps named per-period lists; an admin may
 * mark theirs Shared so every user sees (but cannot change) them. Saving sends the caller's whole
 * list, which replaces what they had, in one transaction.
 */
import { folded } from '../../db/folded.ts';
import { sql } from 'kysely';
import { vectorListIssues, vectorNotFound, type UserVector } from '@opencrt/contracts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import type { Db } from '../../db/database.ts';
import { Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { checkListQuota, lockQuota } from '../../quotas/storage-quotas.ts';
import { vectorsDb } from './vectors.tables.ts';

/** One vector of a save as the request schema parses it. */
export interface VectorDraft { Name: string; Value: unknown[]; Shared: boolean }

export const VECTOR_SHARING_ADMIN_ONLY = 'Only administrators can share vectors.';

/** The caller's vectors, then other users' shared ones (by owner name), each by name. */
export async function listUserVectors(db: Db, userId: number): Promise<UserVector[]> {
  const rows = await vectorsDb(db).selectFrom('user_vectors')
    .select(['owner_id', 'name', 'values', 'shared'])
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('shared', '=', true)]))
    .orderBy(sql`owner_id = ${userId}`, 'desc').orderBy(sql`lower(name)`).orderBy('id')
    .execute();
  return rows.map((r) => ({ Name: r.name, Value: r.values, Shared: r.shared, Owned: r.owner_id === userId }));
}

/**
 * Replaces the caller's vectors with the given list (spec 001 §5.3 checks first).
 * @param quota vectors one user may keep (OPENCRT_MAX_VECTORS_PER_USER): a longer list answers 429
 */
export async function saveUserVectors(db: Db, user: AuthUser, input: VectorDraft[], now: Date, quota: number) {
  checkListQuota('vectors', quota, input.length);
  const issues = vectorListIssues(input);
  if (issues.length > 0) throw new Invalid(issues.join('\n'));
  if (input.some((v) => v.Shared) && !rolesGrant(user.roles, 'admin')) {
    // A non-admin may keep sending Shared=false; the flag is only refused when it would share.
    throw new Forbidden(VECTOR_SHARING_ADMIN_ONLY);
  }
  await vectorsDb(db).transaction().execute(async (trx) => {
    // Saves of one user queue here: the delete then sees the other save's rows, so two lists never add up.
    await lockQuota(trx, 'vectors', user.id);
    await trx.deleteFrom('user_vectors').where('owner_id', '=', user.id).execute();
    if (input.length === 0) return;
    await trx.insertInto('user_vectors').values(input.map((v) => ({
      owner_id: user.id, name: v.Name, values: JSON.stringify(v.Value), shared: v.Shared, last_modified: now,
    }))).execute();
  });
  return { Saved: input.length };
}

/**
 * A named vector for the simulation inputs (spec 001 §5.1: CPR/CDR text with letters is a vector
 * name). The caller's own vector wins over a shared one of the same name; names ignore case.
 * Throws NotFound('{name} vector was not found.') when neither exists.
 */
export async function resolveUserVector(db: Db, userId: number, name: string): Promise<number[]> {
  const row = await vectorsDb(db).selectFrom('user_vectors').select('values')
    .where(sql`lower(name)`, '=', folded(name.trim()))
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('shared', '=', true)]))
    .orderBy(sql`owner_id = ${userId}`, 'desc').orderBy('id')
    .executeTakeFirst();
  if (!row) throw new NotFound(vectorNotFound(name.trim()));
  return row.values;
}
