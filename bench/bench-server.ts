/**
 * The server the HTTP benchmarks and the soak drive: started as a child process (embedded
 * database kept in $TMPDIR/opencrt-bench-data between runs), or BENCH_URL for a running one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const USER = process.env.BENCH_USER ?? 'analyst';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'bench-analyst-Password-1';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** STACR 2026-DNA1 rep-line run inputs (10% CPR, 0.5% CDR). */
export const DNA1 = { DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `npm run serve`'s entry on a free port; resolves with its URL once it listens. */
export async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_NODE_ARGS passes Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'opencrt-bench-data'),
      OPENCRT_ANALYST_PASSWORD: PASSWORD, OPENCRT_SIGNIN_RATE_LIMIT: '100000',
      // One bench user drives every run: lift the per-user cap so the figures measure the engine.
      OPENCRT_RUNS_PER_USER: '1000', OPENCRT_RUN_QUEUE: '4000', LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
    // Ready once listening and, unless OPENCRT_WARM_UP=false, once the engine has warmed up (its
    // background runs would otherwise load the first figures).
    const ready = process.env.OPENCRT_WARM_UP === 'false' ? /OpenCRT listening/ : /OpenCRT engine warm/;
    child.stdout?.on('data', (chunk: Buffer) => { if (ready.test(chunk.toString())) resolve(); });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: USER, password: PASSWORD, grant_type: 'password' }).toString(),
  });
  if (!res.ok) throw new Error(`sign-in of ${USER} failed (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The server a benchmark measures: BENCH_URL when set (child null), else one started here. */
export async function serverUnderTest(): Promise<{ url: string; child: ChildProcess | null }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, child: null };
  return startServer();
}

/** The resident memory in MB of a server started here (null for BENCH_URL: not ours to read). */
export function residentMb(child: ChildProcess | null): number | null {
  const pid = child?.pid;
  if (!pid) return null;
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : null;
}
