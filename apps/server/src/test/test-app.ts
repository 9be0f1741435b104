import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { startApp } from '../bootstrap.ts';
import type { AppConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import type { ModuleContext } from '../modules/module.ts';
import { dropReportAccess } from '../modules/reports/report-views.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { RunService } from '../runs/run-service.ts';
import { TEST_PASSWORDS, testConfig } from './test-config.ts';

export type DemoUser = keyof typeof TEST_PASSWORDS;

export interface TestApp {
  app: FastifyInstance;
  ctx: ModuleContext;
  handle: DatabaseHandle;
  /** The app's in-memory session cache (auth tests look at its hits). */
  sessions: SessionCache;
  /** PostgreSQL only: the test's own schema (a second replica can open it). */
  schema: string | undefined;
  /** Signs in a seeded user and returns the bearer token. */
  token(user: DemoUser): Promise<string>;
  /** app.inject with an optional bearer token; JSON bodies by default. */
  request(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh app on its own database: a copy of the seeded PGlite snapshot, or (DATABASE_URL set)
 * a new PostgreSQL schema that is dropped on close.
 */
export async function createTestApp(overrides: Partial<AppConfig> & { now?: () => Date; runs?: RunService; serveWeb?: boolean } = {}): Promise<TestApp> {
  const { now, runs, serveWeb, ...configOverrides } = overrides;
  const config = testConfig(configOverrides);
  let handle: DatabaseHandle;
  let schema: string | undefined;
  if (config.databaseUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    handle = await openDatabase({ databaseUrl: config.databaseUrl, schema });
  } else {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    handle = await openDatabase({ loadDataDir: new Blob([snapshot]) });
  }
  const { app, ctx, sessions } = await startApp(handle, config, { ...(now ? { now } : {}), ...(runs ? { runs } : {}), ...(serveWeb ? { serveWeb } : {}) });
  await app.ready();
  const tokens = new Map<DemoUser, string>();

  return {
    app,
    ctx,
    handle,
    sessions,
    schema,
    async token(user) {
      const cached = tokens.get(user);
      if (cached) return cached;
      const res = await app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        payload: `username=${user}&password=${encodeURIComponent(TEST_PASSWORDS[user])}&grant_type=password`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${user} failed: ${res.body}`);
      const token = (res.json() as { access_token: string }).access_token;
      tokens.set(user, token);
      return token;
    },
    request({ token, headers, ...options }) {
      return app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async close() {
      await app.close();
      if (schema) {
        await dropReportAccess(handle.db, schema);
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      }
      await handle.close();
    },
  };
}
