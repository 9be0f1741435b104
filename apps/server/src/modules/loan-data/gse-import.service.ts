/**
 * Imports GSE loan-level files into the Parquet store: `npm run data -- import-gse FILE...` and
 * the admin upload screen. Per file (or .zip entry): identify it by content hash (an imported file
 * adds nothing twice), detect its layout from the field count, read it once with DuckDB into
 * Parquet written under a temporary name, rename it into place, then record it in the manifest
 * (gse_files). Until that record exists no query reads the new Parquet, so an interrupted import
 * leaves the store whole. Malformed lines are reported by file, line and field; the rest is kept.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import { blankRequiredLines, detectLayout, firstLine, hashFile, readablePath, sourceEntries, type SourceEntry } from './gse-source.ts';
import { parseLine } from '../deals/loan-tape.layouts.ts';
import { GSE_LAYOUTS, type GseLayoutName } from './gse-layouts.ts';
import { fannieLoansFromStage, fannieMonthlyFromStage, fannieStageSelect, freddieLoansSelect, freddieMonthlySelect, readCsv } from './gse-sql.ts';
import { findGseFile, insertGseFile, type GseFileRecord } from './gse-files.repository.ts';
import { literal, type LoanStore, type StoreConnection } from './loan-store.ts';

export interface ImportProblem {
  File: string;
  Line: number;
  Field: string;
  Message: string;
}

export interface ImportSummary {
  Files: number;
  Loans: number;
  PerformanceRows: number;
  RejectedLines: number;
}

export interface ImportOutcome extends ImportSummary {
  /** Files (or entries) already in the store, by name. */
  Skipped: string[];
  /** The first 100 malformed-line problems. */
  Problems: ImportProblem[];
}

export interface ImportProgress {
  file: string;
  /** 0–100 within the file. */
  percent: number;
}

export class ImportRefused extends Error {}

const MAX_PROBLEMS = 100;


/** Imports the files in order; `layout` overrides detection for every file. */
export async function importGseFiles(
  store: LoanStore, db: Db, files: { path: string; name?: string }[],
  options: { layout?: GseLayoutName; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { Files: 0, Loans: 0, PerformanceRows: 0, RejectedLines: 0, Skipped: [], Problems: [] };
  for (const file of files) {
    const fileHash = await hashFile(file.path);
    for (const entry of await sourceEntries(file.path)) {
      const label = entry.zipEntry ? `${file.name ?? path.basename(file.path)}:${entry.zipEntry}` : (file.name ?? path.basename(file.path));
      const id = entry.zipEntry ? createHash('sha256').update(`${fileHash}:${entry.zipEntry}`).digest('hex') : fileHash;
      if (await findGseFile(db, id)) {
        outcome.Skipped.push(label);
        continue;
      }
      const layout = options.layout ?? detectLayout(await firstLine(file.path, entry));
      if (!layout) throw new ImportRefused(`${label}: the first line has neither 32 (Freddie Mac) nor 110 (Fannie Mae CRT) pipe-delimited fields of a known layout; name it with --layout`);
      const record = await importEntry(store, file.path, entry, { id, label, layout }, outcome.Problems, (percent) => options.onProgress?.({ file: label, percent }));
      if (await insertGseFile(db, record)) {
        outcome.Files += 1;
        outcome.Loans += record.loans;
        outcome.PerformanceRows += record.performanceRows;
        outcome.RejectedLines += record.rejectedLines;
      } else {
        outcome.Skipped.push(label); // imported meanwhile by another process; its Parquet stays unreferenced
      }
    }
  }
  return outcome;
}

async function importEntry(
  store: LoanStore, file: string, entry: SourceEntry, meta: { id: string; label: string; layout: GseLayoutName },
  problems: ImportProblem[], onPercent: (p: number) => void,
): Promise<GseFileRecord> {
  let pipedBytes = 0;
  const source = await readablePath(file, entry, store.scratchDir, (n) => { pipedBytes = n; });
  const tag = randomUUID().replaceAll('-', '').slice(0, 12);
  const rejects = { table: `rejects_${tag}`, scan: `rejects_scan_${tag}` };
  const csv = readCsv(source.path, meta.layout, rejects);
  const written: { from: string; to: string }[] = [];
  // Where a select's rows are written before kept and rejected rows are told apart (always local).
  const split = path.join(store.scratchDir, `split-${meta.id}-${tag}`);
  const target = (kind: 'loans' | 'monthly'): string => {
    const final = store.resolve(`${kind}/${meta.id}.parquet`);
    // Locally: written under a temporary name and renamed into place; on object storage the object
    // is written directly (an unreferenced object is never read: queries list the manifest's files).
    const temp = store.isRemote ? final : store.resolve(`.incoming/${kind}-${meta.id}-${tag}.parquet`);
    written.push({ from: temp, to: final });
    return temp;
  };
  try {
    return await store.withConnection(async (c) => {
      const timer = setInterval(() => {
        const p = entry.zipEntry ? (entry.size > 0 ? (100 * pipedBytes) / entry.size : -1) : c.progress();
        if (p >= 0) onPercent(Math.min(99, p));
      }, 500);
      try {
        if (!store.isRemote) {
          for (const dir of ['.incoming', 'loans', 'monthly']) mkdirSync(store.resolve(dir), { recursive: true });
        }
        let loans = 0;
        let rows = 0;
        let blank = 0;
        let loansParquet: string | null = null;
        let monthlyParquet: string | null = null;
        if (meta.layout === 'freddie-origination') {
          const out = await copyKeepingRejected(c, freddieLoansSelect(csv, meta.id), target('loans'), split);
          [loans, blank, loansParquet] = [out.kept, out.rejected, out.wrote ? `loans/${meta.id}.parquet` : null];
        } else if (meta.layout === 'freddie-performance') {
          const out = await copyKeepingRejected(c, freddieMonthlySelect(csv), target('monthly'), split);
          [rows, blank, monthlyParquet] = [out.kept, out.rejected, out.wrote ? `monthly/${meta.id}.parquet` : null];
        } else {
          const stage = `stage_${tag}`;
          await c.run(`CREATE TEMP TABLE ${stage} AS ${fannieStageSelect(csv, meta.id)}`);
          blank = Number((await c.rows(`SELECT count(*) FILTER (WHERE Rejected) AS n FROM ${stage}`))[0]?.n ?? 0);
          loans = await copy(c, fannieLoansFromStage(stage), target('loans'));
          rows = await copy(c, fannieMonthlyFromStage(stage), target('monthly'));
          await c.run(`DROP TABLE ${stage}`);
          loansParquet = `loans/${meta.id}.parquet`;
          monthlyParquet = `monthly/${meta.id}.parquet`;
        }
        const rejected = await collectRejects(c, rejects.table, meta, problems, { file, entry, blank });
        for (const w of written) if (w.from !== w.to && existsSync(w.from)) renameSync(w.from, w.to);
        onPercent(100);
        return {
          id: meta.id, name: meta.label, sizeBytes: entry.size, layout: meta.layout, loans, performanceRows: rows,
          rejectedLines: rejected, loansParquet, monthlyParquet,
        };
      } finally {
        clearInterval(timer);
      }
    });
  } catch (error) {
    for (const w of written) if (!store.isRemote) rmSync(w.from, { force: true });
    throw error;
  } finally {
    rmSync(split, { recursive: true, force: true });
    await source.done();
  }
}

async function copy(c: StoreConnection, select: string, to: string): Promise<number> {
  const result = await c.rows(`COPY (${select}) TO ${literal(to)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`);
  return Number(result[0]?.Count ?? 0);
}

/**
 * COPY of a select that carries the column Rejected (a blank required field): one pass over the
 * source, partitioned on Rejected under `dir`; the kept rows become the Parquet at `to`, the
 * rejected ones are only counted (their lines are found afterwards: collectRejects).
 */
async function copyKeepingRejected(c: StoreConnection, select: string, to: string, dir: string): Promise<{ kept: number; rejected: number; wrote: boolean }> {
  const total = Number((await c.rows(`COPY (${select}) TO ${literal(dir)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880, PARTITION_BY (Rejected), OVERWRITE_OR_IGNORE)`))[0]?.Count ?? 0);
  const files = (part: string): string[] => {
    try {
      return readdirSync(path.join(dir, part)).filter((f) => f.endsWith('.parquet')).map((f) => path.join(dir, part, f));
    } catch {
      return [];
    }
  };
  const [kept, rejectedFiles] = [files('Rejected=false'), files('Rejected=true')];
  const rejected = rejectedFiles.length ? Number((await c.rows(`SELECT count(*) AS n FROM read_parquet([${rejectedFiles.map(literal).join(', ')}])`))[0]?.n ?? 0) : 0;
  const local = !/^[a-z][a-z0-9+.-]*:\/\//i.test(to);
  if (kept.length === 1 && local) renameSync(kept[0] as string, to);
  else if (kept.length || rejectedFiles.length) {
    // Several part files, none (every row rejected: an empty file of the same columns), or object storage.
    await copy(c, `SELECT * FROM read_parquet([${(kept.length ? kept : rejectedFiles).map(literal).join(', ')}])${kept.length ? '' : ' WHERE false'}`, to);
  }
  // An empty source writes nothing (no Parquet to list in the manifest).
  return { kept: total - rejected, rejected, wrote: kept.length + rejectedFiles.length > 0 };
}

/**
 * Rejected lines: those DuckDB's reader rejected (its reject table: line, column, message) and the
 * `blank` ones that leave a required field blank; the first of them, by line, kept as problems.
 */
async function collectRejects(
  c: StoreConnection, table: string, meta: { label: string; layout: GseLayoutName }, problems: ImportProblem[],
  source: { file: string; entry: SourceEntry; blank: number },
): Promise<number> {
  const [count] = await c.rows(`SELECT count(DISTINCT line) AS n FROM ${table}`);
  const room = MAX_PROBLEMS - problems.length;
  const found: ImportProblem[] = [];
  if (room > 0) {
    // A wrong field count is reported once per missing column, one problem per line is enough. A
    // value DuckDB could not convert is named by checking the rejected line against the layout in
    // JavaScript (parseLine): DuckDB 1.5 names the wrong column once a query reads only some columns.
    const rows = await c.rows(`SELECT DISTINCT ON (line) line, error_type, error_message, csv_line
      FROM ${table} ORDER BY line, CASE WHEN error_type = 'CAST' THEN 1 ELSE 0 END LIMIT ${room}`);
    for (const r of rows) {
      const line = Number(r.line);
      if (r.error_type !== 'CAST') {
        found.push({ File: meta.label, Line: line, Field: 'line', Message: `expected ${GSE_LAYOUTS[meta.layout].width} pipe-delimited fields, found ${/Found: (\d+)/.exec(String(r.error_message))?.[1] ?? 'another number'}` });
        continue;
      }
      const errors: string[] = [];
      parseLine(String(r.csv_line ?? ''), line, GSE_LAYOUTS[meta.layout], errors);
      const named = errors.map((e) => /^line \d+, (field \d+ \(.*?\)): (.*)$/.exec(e)).filter((m) => m !== null);
      if (!named.length) found.push({ File: meta.label, Line: line, Field: 'line', Message: String(r.error_message).slice(0, 500) });
      for (const m of named) found.push({ File: meta.label, Line: line, Field: m[1] ?? '', Message: (m[2] ?? '').slice(0, 500) });
    }
    if (source.blank > 0) {
      // The reader passed these lines, so their numbers are found by reading the source once more
      // (only when there are some), skipping the lines it rejected.
      const skip = new Set((await c.rows(`SELECT DISTINCT line FROM ${table}`)).map((r) => Number(r.line)));
      const blanks = await blankRequiredLines(source.file, source.entry, GSE_LAYOUTS[meta.layout], skip, Math.min(source.blank, room));
      for (const b of blanks) found.push({ File: meta.label, Line: b.line, Field: b.field, Message: 'required value is missing' });
    }
  }
  found.sort((a, b) => a.Line - b.Line);
  problems.push(...found.slice(0, room));
  await c.run(`DROP TABLE IF EXISTS ${table}`);
  return Number(count?.n ?? 0) + source.blank;
}
