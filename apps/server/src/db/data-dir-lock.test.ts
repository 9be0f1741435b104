import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir, lockFileOf, type LockHolder } from './data-dir-lock.ts';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const children: ChildProcess[] = [];

/** A child process that takes the lock of `dataDir`, then stays (or exits at once with `exitAfter`). */
function lockingChild(dataDir: string, exitAfter = false) {
  const script = `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
lockDataDir(${JSON.stringify(dataDir)});
console.log('locked');
${exitAfter ? 'process.exit(3);' : 'setInterval(() => {}, 1000);'}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

function holderIn(dataDir: string): LockHolder {
  return JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as LockHolder;
}

function writeLock(dataDir: string, holder: Partial<LockHolder>): void {
  writeFileSync(lockFileOf(dataDir), JSON.stringify({
    host: hostname(), since: '2026-11-28T10:00:00.000Z', command: 'node apps/server/dist/main.js', startTicks: null, token: 'someone-else', ...holder,
  }));
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(run.stdout.trim());
}

describe('the DATA_DIR lock (issue 32 §8a: one process at a time on the embedded database)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'opencrt-lock-'));
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });
  const dir = (name: string) => path.join(root, name);

  it('is a file beside DATA_DIR naming this process, refused a second time in the process, removed on release', () => {
    const dataDir = dir('a');
    const release = lockDataDir(dataDir);
    expect(lockFileOf(dataDir)).toBe(`${dataDir}.lock`);
    expect(holderIn(dataDir)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockDataDir(dataDir)).toThrow(`${dataDir} is already open in this process.`);
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    release(); // idempotent
    lockDataDir(dataDir)();
  });

  it('refuses while another live process holds it, naming its pid; takes it over once that process is killed', async () => {
    const dataDir = dir('b');
    const child = lockingChild(dataDir);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => { if (chunk.toString().includes('locked')) resolve(); });
      child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    let error: unknown;
    try { lockDataDir(dataDir); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(DataDirInUse);
    expect((error as Error).message).toMatch(new RegExp(`^The embedded database ${dataDir} is in use by process ${child.pid} \\(node[^)]*\\) on this machine since \\d{4}-\\d\\d-\\d\\dT`));
    expect((error as Error).message).toContain('Stop the server first');
    expect(holderIn(dataDir).pid).toBe(child.pid);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // kill -9 left its lock file; it does not block.
    expect(holderIn(dataDir).pid).toBe(child.pid);
    const release = lockDataDir(dataDir);
    expect(holderIn(dataDir).pid).toBe(process.pid);
    release();
  }, 60_000);

  it('is removed when its process exits without releasing it', async () => {
    const dataDir = dir('c');
    const child = lockingChild(dataDir, true);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(3);
    expect(out).toContain('locked');
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 60_000);

  it('takes over a lock whose process is gone, whose pid now belongs to another process, or that is this pid\'s but not this process\'s', () => {
    const dataDir = dir('d');
    // A dead pid (crash, reboot).
    writeLock(dataDir, { pid: deadPid() });
    lockDataDir(dataDir)();
    // A live pid whose process started at another time than the holder's: the pid was reused.
    writeLock(dataDir, { pid: process.ppid, startTicks: '1' });
    lockDataDir(dataDir)();
    // This pid (a container restarted as pid 1 again) with a token this process never made.
    writeLock(dataDir, { pid: process.pid });
    const release = lockDataDir(dataDir);
    expect(holderIn(dataDir).token).not.toBe('someone-else');
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('refuses a live pid with its own start time, and a holder on another host (with how to clear it)', () => {
    const dataDir = dir('e');
    writeLock(dataDir, { pid: process.ppid });
    expect(() => lockDataDir(dataDir)).toThrow(`in use by process ${process.ppid} (node apps/server/dist/main.js) on this machine since 2026-11-28T10:00:00.000Z`);
    writeLock(dataDir, { pid: 4242, host: 'other-host.example' });
    expect(() => lockDataDir(dataDir)).toThrow(
      `in use by process 4242 (node apps/server/dist/main.js) on host other-host.example since 2026-11-28T10:00:00.000Z. Stop the server first (or let that command finish), then try again. If other-host.example no longer runs it, delete ${lockFileOf(dataDir)}.`,
    );
    // Neither refusal touched the holder's file.
    expect(holderIn(dataDir)).toMatchObject({ pid: 4242, token: 'someone-else' });
  });
});
