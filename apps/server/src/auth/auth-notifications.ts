import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { AuthEvents } from './auth-events.ts';
import type { SessionCache } from './session-cache.ts';

/** The channel migration 0006's triggers notify on. */
const CHANNEL = 'opencrt_auth';

interface AuthNotice { schema?: unknown; user?: unknown; session?: unknown; echo?: unknown }

/** How long an AuthEvents call waits for its own notice to come back before giving up waiting. */
const ECHO_WAIT_MS = 2000;

/**
 * Keeps a replica's session cache in step with the database: listens for auth-change notices
 * (sent by the triggers of migration 0006 and by `AuthEvents`) and evicts what they name.
 * Notices of other schemas of the same database (parallel test runs, other installations) are ignored.
 */
export async function startAuthNotifications(handle: DatabaseHandle, cache: SessionCache): Promise<{ events: AuthEvents; stop(): Promise<void> }> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema ?? 'public';

  const awaitingEcho = new Map<string, () => void>();
  let sent = 0;

  const apply = (payload: string) => {
    let notice: AuthNotice;
    try {
      notice = JSON.parse(payload) as AuthNotice;
    } catch {
      cache.clear(); // unreadable: forgetting everything is always safe
      return;
    }
    if (notice.schema !== schema) return;
    if (typeof notice.echo === 'string') awaitingEcho.get(notice.echo)?.();
    if (typeof notice.user === 'number') cache.evictUser(notice.user);
    else if (typeof notice.session === 'string') cache.evictSession(notice.session);
    else cache.clear();
  };
  const stop = await handle.listen(CHANNEL, apply, (live) => cache.setLive(live));

  // Evict here first so this replica's very next request sees the change, then tell the others and
  // wait until our own notice comes back: PostgreSQL hands a notice to every listener at commit, so
  // once ours is back the others' are usually in too. Usually, not surely: another replica's socket
  // or event loop may be late (a test on a loaded machine saw it), which is why the session cache
  // also forgets what it read after REVOCATION_BOUND_MS: that, not this wait, is the promise.
  const publish = async (notice: AuthNotice) => {
    const echo = `${process.pid}-${++sent}`;
    const returned = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ECHO_WAIT_MS);
      awaitingEcho.set(echo, () => { clearTimeout(timer); resolve(); });
    });
    try {
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ schema, ...notice, echo })})`.execute(handle.db);
      await returned;
    } finally {
      awaitingEcho.delete(echo);
    }
  };
  const events: AuthEvents = {
    async userChanged(userId) {
      cache.evictUser(userId);
      await publish({ user: userId });
    },
    async sessionRevoked(sessionId) {
      cache.evictSession(sessionId);
      await publish({ session: sessionId });
    },
  };
  return { events, stop };
}
