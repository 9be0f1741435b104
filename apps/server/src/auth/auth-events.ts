/**
 * Announces changes that must end or alter a user's access at once (disable, delete, role change,
 * password change, sign-out). Modules that change users call it; the authentication layer decides
 * what to do (today: nothing to invalidate, since every request reads sessions and roles from the
 * database; with an in-process auth cache it evicts here and tells the other replicas).
 */
export interface AuthEvents {
  userChanged(userId: number): Promise<void>;
  sessionRevoked(sessionId: string): Promise<void>;
}

/** The default: nothing is cached, so nothing needs invalidating. */
export const uncachedAuthEvents: AuthEvents = {
  userChanged: async () => {},
  sessionRevoked: async () => {},
};
