/**
 * Where an import's bytes come from: a plain text file (DuckDB reads it directly, in parallel) or
 * an entry of a .zip archive, streamed by Info-ZIP's `unzip -p` into a named pipe DuckDB reads, so
 * no file is ever held in memory or unpacked to disk. Also: the content hash that identifies a
 * file, and the layout read from a file's first line.
 */
import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { parseLine } from '../deals/loan-tape.layouts.ts';
import type { GseLayoutName, Layout } from './gse-layouts.ts';

const run = promisify(execFile);

/** sha256 of the file's bytes (streamed). */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface SourceEntry {
  /** Shown in messages: the file name, or archive.zip:entry. */
  label: string;
  /** Entry name within a zip, or null for a plain file. */
  zipEntry: string | null;
  /** Uncompressed bytes. */
  size: number;
}

/** The importable parts of a file: itself, or each file entry of a .zip. */
export async function sourceEntries(file: string): Promise<SourceEntry[]> {
  if (!/\.zip$/i.test(file)) return [{ label: path.basename(file), zipEntry: null, size: (await stat(file)).size }];
  // `unzip -Zl`: zipinfo long listing; we take the names (-Z1) and sizes (-Zl's 4th column) separately for clarity.
  const names = (await run('unzip', ['-Z1', file], { maxBuffer: 1 << 24 })).stdout.split('\n').filter((n) => n && !n.endsWith('/'));
  const long = (await run('unzip', ['-Zl', file], { maxBuffer: 1 << 24 })).stdout.split('\n');
  return names.map((name) => {
    const row = long.find((l) => l.endsWith(` ${name}`));
    const size = Number(row?.trim().split(/\s+/)[3] ?? 0);
    return { label: `${path.basename(file)}:${name}`, zipEntry: name, size: Number.isFinite(size) ? size : 0 };
  });
}

/** The first line of a plain file or zip entry (at most 64 KiB read). */
export async function firstLine(file: string, entry: SourceEntry): Promise<string> {
  if (!entry.zipEntry) {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(1 << 16);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
    } finally {
      await handle.close();
    }
  }
  return new Promise((resolve, reject) => {
    const child = spawn('unzip', ['-p', file, entry.zipEntry as string]);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n') || text.length > 1 << 16) child.kill();
    });
    child.on('error', reject);
    child.on('close', () => resolve(text.split(/\r?\n/)[0] ?? ''));
  });
}

/**
 * The layout of a line by its field count: 110 fields is Fannie's CRT file; 32 fields is Freddie's
 * origination file (field 20 the loan sequence number) or its performance file (field 1 the loan
 * sequence number, field 2 the YYYYMM reporting period). Null when neither.
 */
export function detectLayout(line: string): GseLayoutName | null {
  const cells = line.split('|');
  if (cells.length === 110) return 'fannie-crt';
  if (cells.length !== 32) return null;
  const looksLikeId = (s: string | undefined): boolean => /^[A-Z][A-Z0-9]{5,}$/.test((s ?? '').trim());
  if (looksLikeId(cells[0]) && /^\d{6}$/.test((cells[1] ?? '').trim())) return 'freddie-performance';
  if (looksLikeId(cells[19])) return 'freddie-origination';
  return null;
}

/**
 * A path DuckDB can read for the entry: the file itself, or a named pipe fed by `unzip -p`.
 * `onBytes` reports the bytes piped so far (progress for archives). Call `done` after the read.
 */
export async function readablePath(file: string, entry: SourceEntry, scratchDir: string, onBytes: (n: number) => void): Promise<{ path: string; done: () => Promise<void> }> {
  if (!entry.zipEntry) return { path: file, done: async () => {} };
  const fifo = path.join(scratchDir, `unzip-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.pipe`);
  await run('mkfifo', [fifo]);
  const child = spawn('unzip', ['-p', file, entry.zipEntry], { stdio: ['ignore', 'pipe', 'pipe'] });
  let bytes = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    onBytes(bytes);
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  // Opening a FIFO for writing waits for its reader (DuckDB), so this is piped once the query starts.
  const sink = createWriteStream(fifo);
  child.stdout.pipe(sink);
  const finished = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 || code === null ? resolve() : reject(new Error(`unzip failed on ${entry.label}: ${stderr.trim()}`))));
  });
  finished.catch(() => {});
  return {
    path: fifo,
    async done() {
      child.kill();
      sink.destroy();
      rmSync(fifo, { force: true });
    },
  };
}

/**
 * Lines of a plain file or zip entry that leave a required field blank, with the field named
 * (parseLine's "required value is missing"), skipping `skip` (lines the reader rejected already).
 * Read again only when the import found such lines, and stopped after `limit` of them.
 */
export async function blankRequiredLines(
  file: string, entry: SourceEntry, layout: Layout, skip: Set<number>, limit: number,
): Promise<{ line: number; field: string }[]> {
  const found: { line: number; field: string }[] = [];
  if (limit <= 0) return found;
  const child = entry.zipEntry ? spawn('unzip', ['-p', file, entry.zipEntry], { stdio: ['ignore', 'pipe', 'ignore'] }) : null;
  const input = child ? child.stdout : createReadStream(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const text of lines) {
      lineNo += 1;
      if (skip.has(lineNo)) continue;
      const errors: string[] = [];
      parseLine(text, lineNo, layout, errors);
      for (const e of errors) {
        const m = /^line \d+, (field \d+ \(.*?\)): required value is missing$/.exec(e);
        if (m) found.push({ line: lineNo, field: m[1] ?? '' });
      }
      if (found.length >= limit) break;
    }
  } finally {
    lines.close();
    child?.kill();
    if (!child) (input as ReturnType<typeof createReadStream>).destroy();
  }
  return found.slice(0, limit);
}
