import type { AuthUser } from './authenticate.ts';

interface Entry {
  user: AuthUser;
  sessionId: string;
  /** When the session (and its token) expires (wall clock). */
  expiresAtMs: number;
  /** When the read that produced this entry started (monotonic clock): it shows the database as of then or later. */
  readAtMs: number;
}

/** What `startLoad` hands to `store`: the eviction generation and the time the read started. */
export interface LoadTicket {
  generation: number;
  startedAtMs: number;
}

/**
 * The revocation bound: a change to a user's access (disable, roles, password, sign-out) committed
 * at time t is seen by every request on every replica that starts after t + this, whether or not the
 * notification arrived. Notifications normally make it milliseconds (README "Operations" gives the
 * measured figures, `npm run bench:revocation`); this is what holds when one is late or lost.
 */
export const REVOCATION_BOUND_MS = 1_000;

/**
 * Signed-in sessions kept in memory, keyed by the bearer token itself: a hit proves the token is
 * one this process already verified and looked up, so neither the JWT signature nor the database
 * is checked again. Entries leave on an auth-change notification (see auth-notifications.ts), on
 * session expiry, when the map is full (oldest first) and `boundMs` after the read that produced
 * them started: that read saw the database as of its start or later, so anything committed since
 * is read again within the bound even if its notification never comes. While the notification
 * listener is down nothing is served from here.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every eviction: a lookup that started before one must not store what it read. */
  private generation = 0;
  private live = false;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 10_000,
    readonly boundMs = REVOCATION_BOUND_MS,
    /** Monotonic milliseconds (a wall-clock step must not stretch the bound). */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The user of a cached, unexpired session, or undefined (then look it up and `store` it). */
  lookup(token: string, nowMs: number): AuthUser | undefined {
    const entry = this.live ? this.entries.get(token) : undefined;
    if (entry && entry.expiresAtMs > nowMs && this.clock() - entry.readAtMs < this.boundMs) {
      this.hits++;
      return entry.user;
    }
    if (entry) this.entries.delete(token);
    this.misses++;
    return undefined;
  }

  /** Call before reading the database; pass the result to `store`. */
  startLoad(): LoadTicket {
    return { generation: this.generation, startedAtMs: this.clock() };
  }

  /** Keeps a session read from the database, unless an invalidation arrived while it was read. */
  store(token: string, session: { user: AuthUser; sessionId: string; expiresAtMs: number }, ticket: LoadTicket): void {
    if (!this.live || ticket.generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    // Shared by every request of the session: frozen so no handler can alter another's view.
    Object.freeze(session.user.roles);
    this.entries.set(token, { ...session, user: Object.freeze(session.user), readAtMs: ticket.startedAtMs });
  }

  evictUser(userId: number): void {
    this.generation++;
    for (const [token, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(token);
  }

  evictSession(sessionId: string): void {
    this.generation++;
    for (const [token, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(token);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * Serve from memory only while invalidations can reach us. Going down or coming back clears
   * everything: notifications sent in between were missed.
   */
  setLive(live: boolean): void {
    this.clear();
    this.live = live;
  }

  get size(): number {
    return this.entries.size;
  }
}
