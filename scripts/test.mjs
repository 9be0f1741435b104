#!/usr/bin/env node
// The whole suite, as `npm test` runs it: typecheck + lint, unit tests, API tests on PGlite and on
// PostgreSQL, a production build of the web app, then browser e2e in Chromium.
// In CI (CI=true) a missing PostgreSQL or Chromium is a failure, never a silent skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const isCi = process.env.CI === 'true';
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const reports = mkdtempSync(path.join(tmpdir(), 'opencrt-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// CI shows only the tail of the log, so what failed is repeated at the very end.
const failures = [];
const started = Date.now();

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`--- ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failures.push(`step failed: ${title}`);
  return result.status === 0;
}

function vitest(title, projects, env = {}) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const args = ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const ok = run(title, process.execPath, args, env);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (!ok && !report.numFailedTests) totals.failed += 1; // a crash outside a test still counts
    failures.push(...failedTests(title, report));
  } else if (!ok) {
    totals.failed += 1;
  }
  return ok;
}

/** Each failed test of a vitest JSON report: step, file, name and the start of the error. */
function failedTests(title, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? '');
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      // Two lines: a fast-check failure gives its seed on the second.
      const reason = String(test.failureMessages?.[0] ?? '').split('\n').slice(0, 2).join(' ').slice(0, 400);
      lines.push(`[${title}] ${name} > ${test.fullName}\n    ${reason}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      lines.push(`[${title}] ${name}: ${String(file.message ?? 'failed outside a test').split('\n')[0].slice(0, 300)}`);
    }
  }
  return lines;
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try { await client.connect(); await client.query('select 1'); return true; } catch { return false; } finally { await client.end().catch(() => {}); }
}

const steps = [];
steps.push(run('typecheck and lint', 'npm', ['run', '-s', 'check']));
if (!steps.at(-1)) totals.failed += 1;
steps.push(vitest('unit tests', ['engine', 'contracts', 'cli', 'web']));
const noDbEnv = { DATABASE_URL: '' };
steps.push(vitest('API tests on PGlite', ['server'], noDbEnv));
if (await postgresReachable(pgUrl)) {
  steps.push(vitest('API tests on PostgreSQL', ['server'], { DATABASE_URL: pgUrl }));
} else if (isCi) {
  console.error(`\nPostgreSQL is not reachable at ${pgUrl}: CI requires the API tests on PostgreSQL.`);
  totals.failed += 1;
  steps.push(false);
} else {
  console.warn(`\nWARNING: PostgreSQL not reachable at ${pgUrl}; API tests ran on PGlite only (set TEST_DATABASE_URL).`);
}
steps.push(run('build web app', 'npm', ['run', '-s', 'build']));
if (!steps.at(-1)) totals.failed += 1;
steps.push(vitest('browser e2e (Chromium)', ['e2e'], noDbEnv));

rmSync(reports, { recursive: true, force: true });
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nWhole suite finished in ${minutes} min.`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
if (failures.length) console.log(`\nWhat failed:\n${failures.join('\n')}`);
process.exit(steps.every(Boolean) && totals.failed === 0 ? 0 : 1);
