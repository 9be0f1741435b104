import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite in DATA_DIR) belongs to one process at a time: a backup or restore
 * run beside a live server left a database that failed with "Aborted()" (issue 32 §8a). Every
 * process that opens DATA_DIR (the server, `npm run data`, backup, restore) first takes a lock
 * file beside it, `<DATA_DIR>.lock` (beside, not inside: restore renames the directory, and a
 * backup would carry the lock inside it). The file names its holder; a holder that no longer runs
 * (kill -9, a crash, a reboot) does not block: its lock is taken over.
 */

/** Who holds a lock: written into the lock file as JSON. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO time). */
  since: string;
  /** The holder's command line, for the message ("node apps/server/dist/main.js"). */
  command: string;
  /** The holder's process start time in clock ticks (Linux /proc), so a reused pid is not mistaken for it. */
  startTicks: string | null;
  /** Tells this holder's file from a later one of the same process. */
  token: string;
}

/** DATA_DIR is held by another process (or already open in this one). */
export class DataDirInUse extends Error {
  constructor(readonly dataDir: string, readonly lockFile: string, readonly holder: LockHolder | null) {
    super(inUseMessage(dataDir, lockFile, holder));
    this.name = 'DataDirInUse';
  }
}

function inUseMessage(dataDir: string, lockFile: string, holder: LockHolder | null): string {
  if (!holder) return `${dataDir} is in use: its lock file ${lockFile} cannot be read. Stop the process using it first.`;
  if (holder.pid === process.pid && holder.host === hostname()) return `${dataDir} is already open in this process.`;
  const who = `process ${holder.pid} (${holder.command}) on ${holder.host === hostname() ? 'this machine' : `host ${holder.host}`} since ${holder.since}`;
  const hint = holder.host === hostname() ? '' : ` If ${holder.host} no longer runs it, delete ${lockFile}.`;
  return `The embedded database ${dataDir} is in use by ${who}. Stop the server first (or let that command finish), then try again.${hint}`;
}

/** The lock file of a data directory. */
export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Lock files this process holds, by path, so they go when the process exits without closing. */
const held = new Map<string, LockHolder>();
let exitHookInstalled = false;

/** Start time of a process in clock ticks (field 22 of /proc/<pid>/stat); null where there is no /proc. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? 'zombie' : (fields[19] ?? null);
  } catch {
    return null;
  }
}

/** Whether the holder may still be using the directory (a holder on another host is assumed to). */
export function holderRuns(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) {
    // Ours only if this process took it (a container restarted as pid 1 again did not).
    return [...held.values()].some((mine) => mine.token === holder.token);
  }
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const ticks = startTicksOf(holder.pid);
  if (ticks === 'zombie') return false;
  return !(holder.startTicks && ticks && ticks !== holder.startTicks);
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.token !== 'string') return null;
    return {
      pid: value.pid, host: value.host, token: value.token, since: String(value.since ?? '?'),
      command: String(value.command ?? '?'), startTicks: typeof value.startTicks === 'string' ? value.startTicks : null,
    };
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try { return readFileSync(file, 'utf8'); } catch { return null; }
}

/** Creates the lock file with its whole content at once (a hard link of a written file): false when it exists. */
function create(file: string, holder: LockHolder): boolean {
  const text = `${JSON.stringify(holder)}\n`;
  const temporary = `${file}.${holder.pid}.${holder.token}.tmp`;
  writeFileSync(temporary, text);
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: exclusive create (readers retry a file still empty).
    try { writeFileSync(file, text, { flag: 'wx' }); return true; } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } finally {
    try { unlinkSync(temporary); } catch { /* already gone */ }
  }
}

function removeIfOurs(file: string, holder: LockHolder): void {
  const current = parseHolder(readText(file) ?? '');
  if (current?.token === holder.token) {
    try { unlinkSync(file); } catch { /* already gone */ }
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirInUse naming the holder. A lock
 * whose holder no longer runs is taken over. Returns the function that releases it (idempotent);
 * it is also released when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const resolved = path.resolve(dataDir);
  if (held.has(file)) throw new DataDirInUse(resolved, file, held.get(file) ?? null);
  mkdirSync(path.dirname(file), { recursive: true });
  const mine: LockHolder = {
    pid: process.pid, host: hostname(), since: new Date().toISOString(),
    command: [path.basename(process.argv0 || 'node'), ...process.argv.slice(1)].join(' ').slice(0, 300),
    startTicks: startTicksOf(process.pid), token: randomUUID(),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (create(file, mine)) {
      held.set(file, mine);
      installExitHook();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (held.get(file)?.token === mine.token) held.delete(file);
        removeIfOurs(file, mine);
      };
    }
    const text = readText(file);
    if (text === null) continue; // released meanwhile
    const holder = parseHolder(text);
    if (!holder) {
      // Being written by a file system without hard links, or damaged: look again shortly.
      if (attempt < 2) { sleep(100); continue; }
      throw new DataDirInUse(resolved, file, null);
    }
    if (holderRuns(holder)) throw new DataDirInUse(resolved, file, holder);
    // A stale lock: move it aside (atomic, so of two processes only one takes it) and check that
    // what was moved is the stale one, not a lock another process took meanwhile.
    const aside = `${file}.stale-${process.pid}-${mine.token}`;
    try { renameSync(file, aside); } catch { continue; }
    if (readText(aside) !== text) {
      try { linkSync(aside, file); } catch { /* a newer lock is in place */ }
    }
    try { unlinkSync(aside); } catch { /* already gone */ }
  }
  throw new Error(`could not take the lock ${file}: other processes keep taking it`);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // process.exit() after a failure skips the database's close: the lock goes anyway.
  process.on('exit', () => {
    for (const [file, holder] of held) removeIfOurs(file, holder);
    held.clear();
  });
}
