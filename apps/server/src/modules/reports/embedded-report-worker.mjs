// Worker thread of the embedded database's reports (embedded-report-runner.ts). It holds its own
// PGlite with a copy of the report views' rows and nothing else, so a report cannot reach the
// application's database, and a report that runs too long is stopped by terminating this thread:
// PGlite runs queries synchronously, which would otherwise stall every request of the server.
// Plain JavaScript: it needs no TypeScript loader in the thread.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { batchBytesOf, nextBatchRows, RowCollector } from './report-rows.mjs';

/** @type {PGlite | undefined} */
let db;

const quote = (name) => `"${String(name).replaceAll('"', '""')}"`;

/**
 * Starts this thread's database. A new PGlite runs initdb, which takes seconds, so the first
 * thread hands back its empty data directory and later threads start from that copy.
 */
async function init(emptyDataDir) {
  const options = { parsers: { 20: (v) => Number(v), 1700: (v) => Number(v) } };
  if (emptyDataDir) {
    db = await PGlite.create({ ...options, loadDataDir: new Blob([emptyDataDir]) });
    return null;
  }
  db = await PGlite.create(options);
  const dump = await db.dumpDataDir('none');
  return new Uint8Array(await dump.arrayBuffer());
}

/** Replaces the snapshot: each view becomes a table of the same name and column types. */
async function load(tables) {
  if (!db) throw new Error('not started');
  const old = await db.query("select tablename from pg_tables where schemaname = 'public'");
  for (const row of old.rows) await db.exec(`drop table ${quote(row.tablename)}`);
  for (const table of tables) {
    const columns = table.columns.map((c) => `${quote(c.name)} ${c.type}`).join(', ');
    await db.exec(`create table ${quote(table.name)} (${columns})`);
    await db.query(`copy ${quote(table.name)} from '/dev/blob' with (format binary)`, [], { blob: new Blob([table.rows]) });
  }
  await db.exec('analyze');
}

/**
 * Runs a checked statement in a read-only transaction through a cursor, in batches sized by bytes
 * (from the JSON size measured per row), until the row cap or the byte cap; cells longer than the
 * cell cap are cut (report-rows.mjs).
 */
async function run({ text, values, maxRows, maxBytes, maxCellChars }) {
  if (!db) throw new Error('no snapshot loaded');
  await db.exec('begin transaction read only');
  try {
    await db.query(`declare report_rows no scroll cursor for ${text}`, values);
    const collected = new RowCollector(maxRows, maxBytes, maxCellChars);
    const batchBytes = batchBytesOf(maxBytes);
    let columns = [];
    let measuredBytes = 0;
    let measuredRows = 0;
    for (;;) {
      const count = Math.min(nextBatchRows(batchBytes, measuredBytes, measuredRows), maxRows + 1 - collected.rows.length);
      const batch = await db.query(`fetch ${count} from report_rows`, [], { rowMode: 'array' });
      if (columns.length === 0) columns = batch.fields.map((f) => f.name);
      if (batch.rows.length === 0) break;
      const before = collected.bytes;
      const full = !batch.rows.every((row) => collected.add(row));
      measuredBytes = Math.max(1, collected.bytes - before);
      measuredRows = batch.rows.length;
      if (full) break;
    }
    return collected.answer(columns);
  } finally {
    await db.exec('rollback');
  }
}

parentPort.on('message', async (message) => {
  try {
    const result = message.kind === 'init' ? await init(message.emptyDataDir) : message.kind === 'load' ? await load(message.tables) : await run(message);
    parentPort.postMessage({ id: message.id, ok: true, result: result ?? null }, result instanceof Uint8Array ? [result.buffer] : []);
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: { message: error?.message ?? String(error), code: error?.code } });
  }
});
