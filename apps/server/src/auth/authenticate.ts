import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Db } from '../db/database.ts';
import { Forbidden, Unauthorized } from '../http/errors.ts';
import { isPermission, rolesGrant, type Permission } from './permissions.ts';
import type { SessionCache } from './session-cache.ts';
import type { TokenService } from './tokens.ts';

export interface ApiRouteInfo {
  method: string;
  url: string;
  permission: Permission;
  /** The route's zod contracts (params, querystring, body): the fuzz test generates requests from them. */
  schema: FastifySchema | undefined;
}

export interface AuthUser {
  id: number;
  username: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission this route needs (see auth/permissions.ts). Required for every /api route. */
    permission?: Permission;
  }
  interface FastifyInstance {
    /** Every /api route with its declared permission (the route × role test walks this). */
    apiRoutes: ApiRouteInfo[];
  }
  interface FastifyRequest {
    /** The signed-in user; null on public routes without a valid token. */
    user: AuthUser | null;
  }
}

/**
 * Authentication and role authorization, before body validation (so a caller without the role
 * learns nothing about the payload): every /api route must declare a permission or it does not register.
 */
export function installAuth(app: FastifyInstance, db: Db, tokens: TokenService, sessions: SessionCache): void {
  app.decorateRequest('user', null);
  app.decorate('apiRoutes', [] as ApiRouteInfo[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const permission = (route.config as { permission?: unknown } | undefined)?.permission;
    if (!isPermission(permission)) {
      throw new Error(`route ${route.method} ${route.url} declares no valid permission (deny by default)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, permission, schema: route.schema });
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!request.url.startsWith('/api') || request.url.startsWith('/api/docs') || !permission) return;
    const user = await userFromBearer(request, db, tokens, sessions);
    if (permission === 'public') {
      request.user = user;
      return;
    }
    if (!user) throw new Unauthorized();
    if (!rolesGrant(user.roles, permission)) throw new Forbidden();
    request.user = user;
  });
}

async function userFromBearer(request: FastifyRequest, db: Db, tokens: TokenService, sessions: SessionCache): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new Unauthorized();
  const token = match[1];
  const cached = sessions.lookup(token, Date.now());
  if (cached) return cached;

  const loadStarted = sessions.startLoad();
  const claims = await tokens.verify(token);
  if (!claims) throw new Unauthorized();
  // Roles come from the database, not the token, so role changes and disabling take effect at once
  // (the session cache is invalidated by notification, see auth-notifications.ts, and forgets what it
  // read after REVOCATION_BOUND_MS whatever the notifications do).
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.is_enabled', 'sessions.revoked_at', 'sessions.expires_at'])
    .where('sessions.id', '=', claims.sessionId)
    .executeTakeFirst();
  const expiresAtMs = row ? new Date(row.expires_at).getTime() : 0;
  if (!row || row.id !== claims.userId || !row.is_enabled || row.revoked_at || expiresAtMs <= Date.now()) {
    throw new Unauthorized();
  }
  const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', row.id).execute();
  const user: AuthUser = { id: row.id, username: row.username, roles: roles.map((r) => r.role) };
  sessions.store(token, { user, sessionId: claims.sessionId, expiresAtMs }, loadStarted);
  return user;
}

/** The signed-in user of a non-public route (the hook guarantees one). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}
