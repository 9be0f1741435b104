import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 26 at the process level: the built server (`npm run build:server`) started as `npm run
 * serve` starts it, under a guard that fails any TypeScript or tsx load at run time, with a fresh
 * embedded database, a 3 s request time limit and LOG_LEVEL=info. Slow bodies are cut with 408,
 * log lines carry request ids, and SIGTERM lets a run in flight finish, then exits 0.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PASSWORD = 'ops-admin-pass-1';
const REQUEST_TIMEOUT_MS = 3_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolving tsx or a .ts file in the process (or its threads, which inherit --import) fails it. */
const NO_TYPESCRIPT = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`export async function resolve(specifier, context, next) {
  if (specifier === 'tsx' || specifier.startsWith('tsx/') || /\\\\.ts$/.test(specifier.split('?')[0])) throw new Error('TypeScript at run time: ' + specifier);
  return next(specifier, context);
}\`));
`;

function build(): void {
  const run = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`build:server failed:\n${run.stdout}${run.stderr}`);
}

describe('the server process (issue 26: slow clients, logs, SIGTERM)', () => {
  let server: ChildProcess;
  let base: string;
  let port: number;
  let dataDir: string;
  let output = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'opencrt-ops-'));
    build();
    const guard = path.join(dataDir, 'no-typescript.mjs');
    writeFileSync(guard, NO_TYPESCRIPT);
    // `npm run serve`, plus the guard.
    server = spawn(process.execPath, ['--enable-source-maps', '--import', guard, 'apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'info', OPENCRT_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        OPENCRT_RUN_THREADS: '1', OPENCRT_ADMIN_PASSWORD: PASSWORD, OPENCRT_SEED_DEMO_DATA: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    server.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    const end = Date.now() + 170_000;
    while (!output.includes('listening on http://localhost:')) {
      if (server.exitCode !== null || Date.now() > end) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (server?.exitCode === null) { server.kill('SIGKILL'); await exited; }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function token(): Promise<string> {
    const res = await fetch(`${base}/api/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${PASSWORD}&grant_type=password`,
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('maps stack traces of the built JavaScript to the TypeScript sources', () => {
    const run = spawnSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e',
      "const { loadConfig } = await import('./apps/server/dist/config.js'); loadConfig({ PORT: 'x' });"], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stderr).toMatch(/PORT must be a positive integer/);
    expect(run.stderr).toMatch(/apps\/server\/src\/config\.ts:\d+/);
  });

  it('cuts requests whose body is trickled in too slowly with 408 and a Message', async () => {
    // Ten clients each promise 1,000 bytes and send one every 400 ms.
    const started = Date.now();
    const cut = await Promise.all(Array.from({ length: 10 }, () => new Promise<{ answer: string; ms: number }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(`POST /api/oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`);
        timer = setInterval(() => { if (socket.writable) socket.write('a'); }, 400);
      });
      socket.on('data', (chunk: Buffer) => { answer += chunk.toString(); });
      socket.on('error', () => undefined);
      socket.on('close', () => { clearInterval(timer); resolve({ answer, ms: Date.now() - started }); });
      setTimeout(() => { socket.destroy(); reject(new Error(`not cut within 60 s; answer so far: ${answer}`)); }, 60_000);
    })));
    for (const { answer, ms } of cut) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"Message":"The request took too long to arrive."');
      // Not before the limit, and well before it plus a generous margin.
      expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 20_000);
    }
    // Requests that arrive whole in time are untouched.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 90_000);

  it('writes JSON log lines carrying the request id, with one access-log line per request', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const res = await fetch(`${base}/api/roles`, { headers: { ...auth, 'x-request-id': 'ops-test-42' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('ops-test-42');
    const failed = await fetch(`${base}/api/deals/nothing-here/x`, { headers: { ...auth, 'x-request-id': 'ops-test-43' } });
    expect(failed.status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    const lines = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l.requestId === 'ops-test-42');
    expect(mine).toContainEqual(expect.objectContaining({ msg: 'request', method: 'GET', url: '/api/roles', route: '/api/roles', status: 200 }));
    expect(lines.filter((l) => l.requestId === 'ops-test-43')).toContainEqual(expect.objectContaining({ msg: 'request', status: 404 }));
    // Every line that mentions a request carries its id.
    expect(output.split('\n').filter((l) => l.includes('ops-test-4')).every((l) => /"requestId":"ops-test-4[23]"/.test(l))).toBe(true);
    expect(typeof mine[0]?.time).toBe('string');
  });

  it('SIGTERM: refuses new connections, lets the run in flight finish, then exits 0', async () => {
    const auth = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
    const axis = (n: number, step: number) => Array.from({ length: n }, (_, i) => Math.round(i * step * 1000) / 1000);
    const matrix = fetch(`${base}/api/simulate/yield/matrix`, {
      method: 'POST', headers: auth,
      body: JSON.stringify({
        DealName: 'STACR 2026-DNA1', BondName: 'M-2B', SettlementDate: 20260217, Price: 100, Cpr: [0, 0.1], Cdr: [0, 0.005],
        LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786], MatrixCpr: axis(30, 1), MatrixCdr: axis(30, 0.1),
      }),
    }).then(async (res) => ({ status: res.status, body: await res.text() }));
    // In flight once the engine thread is busy with it.
    let metrics = '';
    const end = Date.now() + 30_000;
    while (!/^opencrt_run_busy 1$/m.test(metrics)) {
      if (Date.now() > end) throw new Error(`the run did not start:\n${metrics}`);
      metrics = await (await fetch(`${base}/metrics`)).text();
    }
    const signalled = Date.now();
    server.kill('SIGTERM');
    // New connections are refused while the run finishes.
    const refused = await new Promise<boolean>((resolve) => {
      const attempt = () => {
        const socket = connect(port, '127.0.0.1');
        socket.once('error', () => resolve(true));
        socket.once('connect', () => { socket.destroy(); if (Date.now() - signalled > 10_000) resolve(false); else setTimeout(attempt, 50); });
      };
      attempt();
    });
    expect(refused).toBe(true);
    const answer = await matrix;
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { Metric: unknown[][] }).Metric).toHaveLength(30);
    expect(await exited).toBe(0);
    const stoppedIn = Date.now() - signalled;
    console.log(`SIGTERM to exit with a 30x30 matrix in flight: ${stoppedIn} ms`);
    expect(output).toMatch(/"msg":"stopped"/);
  }, 120_000);
});
