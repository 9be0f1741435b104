/** Ending sessions when an account changes (password, disable, delete), and telling the auth layer. */
import type { Db } from '../../db/database.ts';
import type { ModuleContext } from '../module.ts';

/** Revokes the user's open sessions except `keep`; the revoked session ids. */
export async function revokeUserSessions(db: Db, userId: number, now: Date, keep?: string): Promise<string[]> {
  let query = db.updateTable('sessions').set({ revoked_at: now })
    .where('user_id', '=', userId).where('revoked_at', 'is', null).where('expires_at', '>', now);
  if (keep) query = query.where('id', '<>', keep);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** After the change is committed: the auth layer forgets the user and the ended sessions. */
export async function announceUserChange(ctx: ModuleContext, userId: number, revokedSessions: readonly string[] = []): Promise<void> {
  for (const id of revokedSessions) await ctx.authEvents.sessionRevoked(id);
  await ctx.authEvents.userChanged(userId);
}
