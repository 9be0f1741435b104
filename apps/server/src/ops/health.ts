import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';

/** One readiness condition: resolves to null when met, else the reason (a sentence). */
export type ReadinessCheck = () => Promise<string | null>;

/**
 * What a part of the server reports beside readiness without deciding it (the report sources'
 * accounts: a misconfigured source fails its reports, not the app). Its answer goes in the JSON.
 */
export type ReadinessNote = () => Promise<unknown>;

/** A check that does not answer within this is failed: a probe must not hang with what it probes. */
const CHECK_TIMEOUT_MS = 3_000;

async function settle(check: ReadinessCheck): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => { timer = setTimeout(() => resolve('did not answer within 3 s'), CHECK_TIMEOUT_MS); });
  try {
    return await Promise.race([check().catch((error: unknown) => (error instanceof Error ? error.message : String(error))), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers and has every migration this build knows applied. */
export function databaseReadiness(db: Db): ReadinessCheck {
  return async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    const missing = Object.keys(migrations).filter((name) => !applied.has(name));
    return missing.length ? `database not migrated: ${missing.join(', ')} not applied` : null;
  };
}

/**
 * Paths below an operations route (`/metrics/`, `/healthz/x`) answer the JSON 404 that unknown
 * API paths get. They are never screens: without this the web app's history fallback answered
 * `/metrics/` with index.html (200), which a scraper or probe misreads (issue 32 §8e).
 */
export function refuseBelow(app: FastifyInstance, route: string): void {
  // find-my-way's wildcard matches the empty rest too, so this covers the bare trailing slash.
  app.all(`${route}/*`, { schema: { hide: true } }, async (_request, reply) => reply.code(404).send({ Message: 'Not found' }));
}

/**
 * GET /healthz (the process is up and its event loop answers) and GET /readyz (every check passes:
 * send traffic here). Both at the root, where probes expect them, outside /api and its bearer
 * tokens; they are routes, so the web app's history fallback never answers them. They tell nothing
 * beyond up/ready and a reason.
 */
export function installHealth(app: FastifyInstance, checks: Record<string, ReadinessCheck>, notes: Record<string, ReadinessNote> = {}): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  refuseBelow(app, '/healthz');
  refuseBelow(app, '/readyz');
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => settle(checks[name] as ReadinessCheck)));
    const failed = names.flatMap((name, i) => (results[i] ? [`${name}: ${results[i]}`] : []));
    const detail = Object.fromEntries(names.map((name, i) => [name, results[i] ?? 'ok']));
    const noted = await readNotes(notes);
    void reply.header('cache-control', 'no-store');
    if (failed.length) return reply.code(503).send({ status: 'unavailable', Message: failed.join('\n'), checks: detail, ...noted });
    return reply.send({ status: 'ready', checks: detail, ...noted });
  });
}

/** Every note's answer by name (a note that fails or hangs past the probe's budget says so). */
async function readNotes(notes: Record<string, ReadinessNote>): Promise<Record<string, unknown>> {
  const names = Object.keys(notes);
  const answers = await Promise.all(names.map(async (name) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => { timer = setTimeout(() => resolve('did not answer within 3 s'), CHECK_TIMEOUT_MS); });
    try {
      return await Promise.race([(notes[name] as ReadinessNote)().catch((error: unknown) => (error instanceof Error ? error.message : String(error))), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }));
  return Object.fromEntries(names.map((name, i) => [name, answers[i]]));
}
