// Thread of one report run on an external source (report-client-runner.ts): the database client
// (node-postgres or mysql2) lives here, off the API process's heap, so whatever it throws (a string
// too long for V8 inside a socket handler, running out of this thread's memory limit) ends this
// thread and that report only. It checks the account's privileges when asked
// (report-privilege-checks.mjs), then reads the rows in batches sized by bytes, each cell cut at the
// cell cap, the answer cut at the row and byte caps; a single row larger than the byte cap is not
// read at all (the connection is dropped while it arrives). Plain JavaScript: no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { batchBytesOf, nextBatchRows, RowCollector } from './report-rows.mjs';
import { mysqlPrivilegeProblem, postgresPrivilegeProblem } from './report-privilege-checks.mjs';

// The application's own readings of bigint and numeric (db/database.ts): numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Extra time the client waits beyond the server-side timeout before dropping the connection. */
const CLIENT_GRACE_MS = 3000;

/** Thrown when one row is larger than the whole answer may be. */
class RowTooLarge extends Error {}

/**
 * Counts the bytes arriving on a socket and drops the connection when more than `limit` bytes
 * arrive after `mark()` without the caller having consumed them: one row (or one batch) too large.
 */
function socketGuard(socket, limit) {
  let received = 0;
  let markedAt = 0;
  const guard = {
    tripped: false,
    get received() { return received; },
    /** From here on: answers the count of bytes received so far. */
    mark() { markedAt = received; return received; },
  };
  socket.on('data', (chunk) => {
    received += chunk.length;
    if (!guard.tripped && received - markedAt > limit) {
      guard.tripped = true;
      socket.destroy();
    }
  });
  return guard;
}

async function runPostgres({ url, searchPath, text, values, limits, verify, verifyOnly }) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: Math.min(10_000, limits.timeoutMs + CLIENT_GRACE_MS),
    statement_timeout: limits.timeoutMs,
    query_timeout: limits.timeoutMs + CLIENT_GRACE_MS,
    application_name: 'opencrt-report',
    ...(searchPath ? { options: `-c search_path=${quoteIdent(searchPath)}` } : {}),
  });
  // A broken connection is reported by the query that was waiting on it.
  client.on('error', () => undefined);
  const deadline = Date.now() + limits.timeoutMs;
  try {
    await client.connect();
    const privilegeProblem = verify ? await postgresPrivilegeProblem(client) : undefined;
    if (verifyOnly || privilegeProblem) return { privilegeProblem };
    const guard = socketGuard(client.connection.stream, limits.maxBytes + 1024 * 1024);
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${Math.floor(limits.timeoutMs)}`);
    await client.query({ text: `declare report_rows no scroll cursor for ${text}`, values });
    const collected = new RowCollector(limits.maxRows, limits.maxBytes, limits.maxCellChars);
    const batchBytes = batchBytesOf(limits.maxBytes);
    let columns = [];
    let measuredBytes = 0;
    let measuredRows = 0;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw Object.assign(new Error('timeout'), { code: '57014' });
      await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(remaining))}`);
      const count = Math.min(nextBatchRows(batchBytes, measuredBytes, measuredRows), limits.maxRows + 1 - collected.rows.length);
      const before = guard.mark();
      let batch;
      try {
        batch = await client.query({ text: `fetch ${count} from report_rows`, rowMode: 'array' });
      } catch (error) {
        if (!guard.tripped) throw error;
        // The rows of this batch never arrived whole: the answer so far, cut, or nothing at all.
        if (collected.rows.length === 0) throw new RowTooLarge('row too large');
        collected.truncatedBy = 'bytes';
        return { result: collected.answer(columns) };
      }
      measuredBytes = guard.received - before;
      measuredRows = batch.rows.length;
      if (columns.length === 0) columns = batch.fields.map((f) => f.name);
      if (batch.rows.length === 0 || !batch.rows.every((row) => collected.add(row))) break;
    }
    await client.query('rollback');
    return { result: collected.answer(columns) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function runMysql({ url, text, values, limits, verify, verifyOnly }) {
  let conn;
  try {
    conn = await mysql.createConnection({
      uri: url, multipleStatements: false, connectTimeout: Math.min(10_000, limits.timeoutMs + CLIENT_GRACE_MS),
      decimalNumbers: true, supportBigNumbers: true, bigNumberStrings: false, dateStrings: true,
    });
    // A broken connection is reported by the query that was waiting on it.
    conn.on('error', () => undefined);
    const privilegeProblem = verify ? await mysqlPrivilegeProblem(conn) : undefined;
    if (verifyOnly || privilegeProblem) return { privilegeProblem };
    const [versionRows] = await conn.query('select version() as v');
    const isMaria = /mariadb/i.test(String(versionRows[0]?.v ?? ''));
    if (isMaria) await conn.query(`set session max_statement_time = ${(limits.timeoutMs / 1000).toFixed(3)}`);
    else await conn.query(`set session max_execution_time = ${Math.floor(limits.timeoutMs)}`);
    await conn.query("set session sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'");
    await conn.query(`set session sql_select_limit = ${limits.maxRows + 1}`);
    await conn.query('set session transaction read only');
    await conn.query('start transaction read only');
    const streamed = await streamMysql(conn, text, values, limits);
    if (!streamed.dropped) await conn.query('rollback');
    return { result: streamed.answer };
  } finally {
    conn?.destroy();
  }
}

/**
 * Reads the rows as the server sends them (mysql2 hands over one row at a time); drops the
 * connection once the answer is full, or when one row alone grows past the byte cap while it arrives.
 */
function streamMysql(conn, text, values, limits) {
  const core = conn.connection;
  const collected = new RowCollector(limits.maxRows, limits.maxBytes, limits.maxCellChars);
  const guard = socketGuard(core.stream, limits.maxBytes + 1024 * 1024);
  let columns = [];
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (dropped) => {
      if (settled) return;
      settled = true;
      resolve({ answer: collected.answer(columns), dropped });
    };
    guard.mark();
    core.query({ sql: text, values, rowsAsArray: true, timeout: limits.timeoutMs + CLIENT_GRACE_MS })
      .on('fields', (fields) => { columns = (fields ?? []).map((f) => f.name); })
      .on('result', (row) => {
        guard.mark();
        if (settled || collected.add(row)) return;
        conn.destroy();
        finish(true);
      })
      .on('error', (error) => {
        if (settled) return;
        if (guard.tripped && collected.rows.length > 0) { collected.truncatedBy = 'bytes'; finish(true); return; }
        settled = true;
        reject(guard.tripped ? new RowTooLarge('row too large') : error);
      })
      .on('end', () => finish(false));
  });
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

async function main(message) {
  try {
    const answer = message.dialect === 'mysql' ? await runMysql(message) : await runPostgres(message);
    parentPort.postMessage({ ok: true, ...answer });
  } catch (error) {
    parentPort.postMessage({
      ok: false, rowTooLarge: error instanceof RowTooLarge,
      error: { message: error?.message ?? String(error), code: typeof error?.code === 'string' ? error.code : undefined, errno: typeof error?.errno === 'number' ? error.errno : undefined },
    });
  }
}

await main(workerData);
