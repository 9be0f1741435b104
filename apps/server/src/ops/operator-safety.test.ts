import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../db/data-dir-lock.ts';

/**
 * Issue 32 §8 a–c at the process level: the server (under tsx, as `npm run dev` and the e2e setup
 * start it) and `npm run data` on one embedded database. A busy port loses no one-time login;
 * backup and restore are refused while the server runs and work once it is gone, even after
 * kill -9; a damaged data directory is named at start with the copy restore kept.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function listeningOn(port = 0): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function freePort(): Promise<number> {
  const server = await listeningOn();
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface ServerProcess { child: ChildProcess; output: () => string; exited: Promise<number | null> }

function startServer(dataDir: string, port: number): ServerProcess {
  // No OPENCRT_*_PASSWORD: the demo passwords are generated and shown once.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn', OPENCRT_RUN_THREADS: '1', OPENCRT_SEED_DEMO_DATA: 'false', OPENCRT_WARM_UP: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(condition: () => boolean, what: () => string, ms = 240_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm run data -- <args>` (the CLI under tsx, as the npm script runs it). */
function dataCli(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/data-cli.ts', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

async function signIn(port: number, username: string, password: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=${username}&password=${encodeURIComponent(password)}&grant_type=password`,
  });
  return res.status;
}

describe('operator safety: demo logins, the DATA_DIR lock, a damaged data directory (issue 32 §8)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'opencrt-operator-'));
  const dataDir = path.join(root, 'data');
  const backup = path.join(root, 'backup.tar.gz');
  const servers: ServerProcess[] = [];
  let running: { server: ServerProcess; port: number; adminPassword: string } | undefined;

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) { s.child.kill('SIGKILL'); await s.exited; }
    rmSync(root, { recursive: true, force: true });
    rmSync(lockFileOf(dataDir), { force: true });
  });

  it('a busy port: the start fails with exit 1 and shows no demo password (none is lost)', async () => {
    const busy = await listeningOn();
    const { port } = busy.address() as { port: number };
    try {
      const server = startServer(dataDir, port);
      servers.push(server);
      expect(await server.exited).toBe(1);
      const output = server.output();
      expect(output).toMatch(/OpenCRT failed to start: listen EADDRINUSE/);
      expect(output).not.toContain('Demo logins');
      expect(output).toContain('the demo logins were not shown; the next start that listens creates and prints them');
      expect(existsSync(lockFileOf(dataDir))).toBe(false);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  }, 300_000);

  it('the next start prints the demo logins after it listens, and they sign in', async () => {
    const port = await freePort();
    const server = startServer(dataDir, port);
    servers.push(server);
    await until(() => /^ {2}user {5}\S+$/m.test(server.output()) || server.child.exitCode !== null, server.output);
    const output = server.output();
    expect(output.indexOf('Demo logins created')).toBeGreaterThan(output.indexOf(`OpenCRT listening on http://localhost:${port}`));
    expect(output.indexOf(`OpenCRT listening on`)).toBeGreaterThanOrEqual(0);
    const passwords = Object.fromEntries([...output.matchAll(/^ {2}(admin|analyst|user) +(\S{16})$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(passwords).sort()).toEqual(['admin', 'analyst', 'user']);
    for (const [username, password] of Object.entries(passwords)) expect(await signIn(port, username, password as string)).toBe(200);
    running = { server, port, adminPassword: passwords.admin as string };
    // The lock names this server.
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
  }, 300_000);

  it('refuses backup and restore while the server runs, naming its pid, and changes nothing', async () => {
    if (!running) throw new Error('the server of the previous test is not running');
    const pid = running.server.child.pid as number;
    const junk = path.join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not read: the lock is checked first');
    const before = readdirSync(root).sort();
    for (const args of [['backup', backup], ['restore', junk]]) {
      const run = dataCli(dataDir, ...args);
      expect(run.code, run.out).toBe(1);
      expect(run.out).toContain(`The embedded database ${dataDir} is in use by process ${pid} (`);
      expect(run.out).toContain('Stop the server first');
    }
    // Loading the catalogue opens the database too: refused the same way.
    expect(dataCli(dataDir, 'load-catalogue').out).toContain(`in use by process ${pid}`);
    expect(readdirSync(root).sort()).toEqual(before);
    expect(existsSync(backup)).toBe(false);
    expect(await signIn(running.port, 'admin', running.adminPassword)).toBe(200);
  }, 300_000);

  it('after kill -9 the stale lock does not block: backup and restore work', async () => {
    if (!running) throw new Error('the server of the previous test is not running');
    running.server.child.kill('SIGKILL');
    await running.server.exited;
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    const saved = dataCli(dataDir, 'backup', backup);
    expect(saved.out).toMatch(/^Backed up /m);
    expect(saved.code).toBe(0);
    const restored = dataCli(dataDir, 'restore', backup);
    expect(restored.code, restored.out).toBe(0);
    expect(readdirSync(root).filter((name) => name.startsWith('data.before-restore-'))).toHaveLength(1);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 300_000);

  it('a damaged data directory: the start exits 1 naming it and the copy restore kept', async () => {
    // Zeroed write-ahead log segments: PGlite answers "Aborted()".
    const wal = path.join(dataDir, 'pg_wal');
    for (const name of readdirSync(wal).filter((n) => /^[0-9A-F]{24}$/.test(n))) writeFileSync(path.join(wal, name), Buffer.alloc(1024));
    const copy = path.join(root, readdirSync(root).find((name) => name.startsWith('data.before-restore-')) as string);
    const server = startServer(dataDir, await freePort());
    servers.push(server);
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain(`OpenCRT failed to start: The embedded database in ${dataDir} (DATA_DIR) cannot be opened (`);
    expect(output).toContain(`The database the last restore replaced is kept in ${copy}. To go back to it, move ${dataDir} aside and rename that copy to ${dataDir}.`);
    expect(output).toContain('npm run data -- restore FILE');
    expect(output).not.toContain('listening on');
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 300_000);
});
