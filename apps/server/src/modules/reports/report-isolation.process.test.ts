import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32 at the process level: the built server, with source 1 on the local PostgreSQL and
 * source 0 on the local MariaDB (least-privileged accounts) and source 2 on the embedded database.
 * A query that made node-postgres throw ERR_STRING_TOO_LONG inside its socket handler (the API
 * process exited) now ends that report with a 400 Message on every source, and the server still
 * signs in and runs a report. The server's memory during a 2 MB × 500 answer is measured.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const PASSWORD = 'isolation-admin-pass-1';
const suffix = randomBytes(4).toString('hex');
const pgRole = `iso_rd_${suffix}`;
const myUser = `iso_rd_${suffix}`;
const myDatabase = `iso_${suffix}`;
const CRASH = "select lpad('',250000000,'x') || lpad('',250000000,'y') || lpad('',100000000,'z') as s";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The server process's resident memory in MB (Linux /proc). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('no report can take the server down (issue 32)', () => {
  let server: ChildProcess;
  let base: string;
  let dataDir: string;
  let output = '';
  let pgAdmin: pg.Client;
  let myAdmin: mysql.Connection;

  beforeAll(async () => {
    pgAdmin = new pg.Client({ connectionString: PG_URL });
    await pgAdmin.connect();
    await pgAdmin.query(`create role ${pgRole} login password 'pw'`);
    myAdmin = await mysql.createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements: true });
    await myAdmin.query(`create database \`${myDatabase}\``);
    for (const host of ['127.0.0.1', 'localhost']) {
      await myAdmin.query(`create user '${myUser}'@'${host}' identified by 'pw'; grant select on \`${myDatabase}\`.* to '${myUser}'@'${host}'`);
    }
    const pgUrl = new URL(PG_URL);
    pgUrl.username = pgRole;
    pgUrl.password = 'pw';
    const myUrl = MYSQL_ADMIN_URL.replace(/\/\/[^@/]*@/, `//${myUser}:pw@`).replace(/\/[^/]*$/, `/${myDatabase}`);

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'opencrt-isolation-'));
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build:server failed:\n${built.stdout}${built.stderr}`);
    server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'), OPENCRT_RUN_THREADS: '1', OPENCRT_WARM_UP: 'false', OPENCRT_ADMIN_PASSWORD: PASSWORD,
        OPENCRT_SEED_DEMO_DATA: 'false', OPENCRT_REPORT_TIMEOUT_SECONDS: '60',
        OPENCRT_REPORTS_REDSHIFT_URL: pgUrl.toString(), OPENCRT_REPORTS_MYSQL_URL: myUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    server.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const end = Date.now() + 170_000;
    while (!output.includes('listening on http://localhost:')) {
      if (server.exitCode !== null || Date.now() > end) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await pgAdmin?.query(`drop role if exists ${pgRole}`);
    await pgAdmin?.end();
    for (const host of ['127.0.0.1', 'localhost']) await myAdmin?.query(`drop user if exists '${myUser}'@'${host}'`);
    await myAdmin?.query(`drop database if exists \`${myDatabase}\``);
    await myAdmin?.end();
  });

  async function token(): Promise<string> {
    const res = await fetch(`${base}/api/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${PASSWORD}&grant_type=password`,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function report(source: 0 | 1 | 2, query: string): Promise<{ status: number; body: { Message?: string; Rows?: unknown[]; Notice?: string } }> {
    const res = await fetch(`${base}/api/report/test`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
      body: JSON.stringify({ Report: { Id: 0, Name: 'isolation', Source: source, Query: query, Parameters: [], Columns: [] }, Values: [] }),
    });
    return { status: res.status, body: (await res.json()) as { Message?: string } };
  }

  /** After each blow: the process is alive, signs in, and runs a report on the same source. */
  async function stillAnswers(source: 0 | 1 | 2): Promise<void> {
    expect(server.exitCode, output.slice(-2000)).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const after = await report(source, 'select 1 as one');
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.Rows).toEqual([{ one: 1 }]);
  }

  it('the crash query on PostgreSQL (source 1) ends that report with a 400 Message', async () => {
    const blow = await report(1, CRASH);
    expect(blow.status).toBe(400);
    expect(blow.body.Message).toBe('A row of this report is larger than the answer\'s 16 MB cap, so it was not read (cells are cut at 1 MB).');
    await stillAnswers(1);
  }, 120_000);

  it('the crash query on the embedded database (source 2) ends that report with a 400 Message', async () => {
    const blow = await report(2, CRASH);
    expect(blow.status, JSON.stringify(blow.body)).toBe(400);
    expect(blow.body.Message).toMatch(/./);
    console.log(`embedded crash query answered: ${blow.body.Message}`);
    await stillAnswers(2);
  }, 180_000);

  it('MariaDB (source 0): a value past max_allowed_packet, and 200 rows of 4 MB, leave the server answering', async () => {
    const huge = await report(0, "select lpad('', 250000000, 'x') as s");
    expect(huge.status, JSON.stringify(huge.body)).toBe(200);
    // MariaDB answers NULL for a value past max_allowed_packet (16 MB).
    expect(huge.body.Rows).toEqual([{ s: null }]);
    const many = await report(0, "with recursive r(n) as (select 1 union all select n + 1 from r where n < 200) select lpad('', 4000000, 'x') as s from r");
    expect(many.status, JSON.stringify(many.body).slice(0, 300)).toBe(200);
    expect(many.body.Notice).toMatch(/^The answer was cut at 16 MB: only the first 15 rows are shown\. 15 cells were longer than 1 MB and cut to that length\.$/);
    await stillAnswers(0);
  }, 120_000);

  it('2 MB × 500 rows on PostgreSQL: cut at the caps, with the server\'s memory near them', async () => {
    const pid = server.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 50);
    const big = await report(1, "select lpad('',2000000,'x') as s from generate_series(1,500)");
    clearInterval(sampler);
    expect(big.status).toBe(200);
    expect(big.body.Notice).toMatch(/^The answer was cut at 16 MB: only the first 15 rows are shown\. 15 cells were longer than 1 MB and cut to that length\.$/);
    console.log(`server RSS during 2 MB x 500 on source 1: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak (+${(peak - before).toFixed(0)} MB)`);
    // Was 3.1 GB for one FETCH batch; now a batch is about 2 MB and the answer 16 MB.
    expect(peak - before).toBeLessThan(400);
    await stillAnswers(1);
  }, 120_000);
});
