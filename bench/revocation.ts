/**
 * Issue 32 item 7: how long a disabled user's token keeps working on another replica. Starts two
 * API processes (replicas A and B) on one PostgreSQL database (a fresh schema, dropped at the end),
 * keeps both busy with background requests, and over REVOCATION_RUNS rounds: signs the analyst in
 * on B, lets B cache the session, disables the analyst through A's admin API and polls B until it
 * answers 401. Then REVOCATION_SILENT_RUNS rounds disable by SQL with the notify triggers off (a
 * lost notification), which only the session cache's bound ends. Prints p50 / p99 / max; asserts
 * nothing. `npm run bench:revocation` (≈ 1 min); BENCH_DATABASE_URL (default the local test database),
 * REVOCATION_RUNS (40), REVOCATION_SILENT_RUNS (10), REVOCATION_LOAD_CLIENTS (4).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { dropReportAccess } from '../apps/server/src/modules/reports/report-views.ts';
import { REVOCATION_BOUND_MS } from '../apps/server/src/auth/session-cache.ts';
import { startServer } from './bench-server.ts';

const RUNS = boundedInt(process.env.REVOCATION_RUNS, 40, 2_000);
const SILENT_RUNS = boundedInt(process.env.REVOCATION_SILENT_RUNS, 10, 200);
const LOAD_CLIENTS = boundedInt(process.env.REVOCATION_LOAD_CLIENTS, 4, 64);
/** A round whose 401 has not come after this is counted as a failure of the bound and ended. */
const GIVE_UP_MS = 10 * REVOCATION_BOUND_MS;

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_revocation_${randomBytes(4).toString('hex')}`;
const PASSWORDS = { admin: 'bench-admin-Password-1', analyst: 'bench-analyst-Password-1', user: 'bench-user-Password-1' };
Object.assign(process.env, {
  BENCH_DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, OPENCRT_WARM_UP: 'false', OPENCRT_SEED_DEMO_DATA: 'false',
  OPENCRT_ADMIN_PASSWORD: PASSWORDS.admin, OPENCRT_USER_PASSWORD: PASSWORDS.user,
});

function boundedInt(text: string | undefined, fallback: number, max: number): number {
  const value = text ? Number(text) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`expected a whole number 1–${max}, got ${text}`);
  return value;
}

async function signIn(url: string, username: keyof typeof PASSWORDS): Promise<string> {
  const res = await fetch(`${url}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORDS[username], grant_type: 'password' }).toString(),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function status(url: string, path: string, token: string): Promise<number> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

async function setEnabled(url: string, adminToken: string, userId: number, enabled: boolean): Promise<void> {
  const res = await fetch(`${url}/api/users/${userId}`, {
    method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ IsEnabled: enabled }),
  });
  if (!res.ok) throw new Error(`PUT /users/${userId} failed (${res.status}): ${await res.text()}`);
}

/** How long each poll request took: the resolution of the figures (one request's time on this machine). */
const pollMs: number[] = [];

/**
 * Polls B back to back until the token answers 401: ms from `since` to that answer, and to when the
 * last request answered 200 was sent (the bound promises 401 to requests that start after it).
 * Null after GIVE_UP_MS.
 */
async function until401(url: string, token: string, since: number): Promise<{ answered: number; lastOkSent: number } | null> {
  let lastOkSent = 0;
  while (performance.now() - since < GIVE_UP_MS) {
    const sent = performance.now();
    const code = await status(url, '/api/roles', token);
    pollMs.push(performance.now() - sent);
    if (code === 401) return { answered: performance.now() - since, lastOkSent };
    lastOkSent = sent - since;
  }
  return null;
}

const quantile = (sorted: number[], q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(1);

type Round = { answered: number; lastOkSent: number } | null;

/** p50 / p99 / max of the first 401's answer, and how many rounds answered 200 to a request sent past the bound. */
function summary(label: string, rounds: Round[]): string {
  const seen = rounds.filter((r): r is NonNullable<Round> => r !== null);
  const answered = seen.map((r) => r.answered).sort((x, y) => x - y);
  const at = (q: number) => quantile(answered, q);
  const past = seen.filter((r) => r.lastOkSent > REVOCATION_BOUND_MS).length;
  return `${label}: ${rounds.length} disables, first 401 answered p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ` +
    `200 to a request sent past the ${REVOCATION_BOUND_MS} ms bound: ${past}; never revoked within ${GIVE_UP_MS} ms: ${rounds.length - seen.length}`;
}

const handle = await openDatabase({ databaseUrl, schema });
const a = await startServer(); // migrates and seeds the schema
const b = await startServer();
let loadRunning = true;
let loadRequests = 0;
try {
  const adminToken = await signIn(a.url, 'admin');
  const analystId = (await handle.db.selectFrom('users').select('id').where('username', '=', 'analyst').executeTakeFirstOrThrow()).id;

  // Background load on both replicas: signed-in reads served from the session cache, as a busy office makes.
  const loadTokens = await Promise.all([signIn(a.url, 'user'), signIn(b.url, 'user'), signIn(a.url, 'admin')]);
  const load = Array.from({ length: LOAD_CLIENTS }, async (_, i) => {
    const url = i % 2 === 0 ? a.url : b.url;
    const token = loadTokens[i % loadTokens.length]!;
    const path = i % loadTokens.length === 2 ? '/api/users' : '/api/roles'; // the admin's token lists users (a database read)
    while (loadRunning) {
      await status(url, path, token);
      loadRequests++;
    }
  });

  const started = performance.now();
  const notified: Round[] = [];
  let requestMs = 0;
  for (let run = 0; run < RUNS; run++) {
    await setEnabled(a.url, adminToken, analystId, true);
    const token = await signIn(b.url, 'analyst');
    if (await status(b.url, '/api/roles', token) !== 200) throw new Error('the fresh token is refused on B');
    const sent = performance.now();
    await setEnabled(a.url, adminToken, analystId, false); // A answers once its notice has come back
    const answered = performance.now();
    notified.push(await until401(b.url, token, answered));
    requestMs += answered - sent;
  }
  const notifiedSeconds = (performance.now() - started) / 1000;

  await setEnabled(a.url, adminToken, analystId, true);
  const silent: Round[] = [];
  for (let run = 0; run < SILENT_RUNS; run++) {
    const token = await signIn(b.url, 'analyst');
    if (await status(b.url, '/api/roles', token) !== 200) throw new Error('the fresh token is refused on B');
    await handle.db.transaction().execute(async (trx) => {
      // Triggers off for this transaction: no replica is told.
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('users').set({ is_enabled: false }).where('id', '=', analystId).execute();
    });
    silent.push(await until401(b.url, token, performance.now()));
    await handle.db.updateTable('users').set({ is_enabled: true }).where('id', '=', analystId).execute();
  }
  loadRunning = false;
  await Promise.all(load);
  const seconds = (performance.now() - started) / 1000;

  console.log(`two replicas on PostgreSQL (${new URL(databaseUrl).host}), ${LOAD_CLIENTS} background clients: ` +
    `${loadRequests} requests in ${seconds.toFixed(1)} s (${(loadRequests / seconds).toFixed(0)}/s)`);
  console.log(summary('disable on A (admin API) → first 401 on B, from A\'s answer', notified));
  console.log(`  (the disable call itself took ${(requestMs / RUNS).toFixed(1)} ms on average; ${notifiedSeconds.toFixed(1)} s for ${RUNS} rounds)`);
  console.log(summary('no notification at all (triggers off) → first 401 on B', silent));
  pollMs.sort((x, y) => x - y);
  console.log(`one poll request on B (the figures' resolution): p50 ${quantile(pollMs, 0.5)} ms, p99 ${quantile(pollMs, 0.99)} ms; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  loadRunning = false;
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  await Promise.all([a.child, b.child].map((child) => new Promise((resolve) => child.once('exit', resolve))));
  await dropReportAccess(handle.db, schema);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
  await handle.close();
}
