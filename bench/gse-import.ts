/**
 * GSE import and vintage benchmark (issue 33): prints figures, never asserts on time.
 *  1. writes a generated Freddie performance file of about GSE_BENCH_MB megabytes (default 1024;
 *     the 5 GB is GSE_BENCH_MB=5120) and its origination file, over 25 vintages (2000–2024);
 *  2. imports both through the importer (DuckDB → Parquet) and reports monthly rows/s and the
 *     process's peak RSS (DuckDB runs in-process, so its memory is in it);
 *  3. computes the vintage curves (25 vintages) over the imported monthly rows, twice.
 * Usage: npm run bench:gse   (GSE_BENCH_MB=300 npm run bench:gse for a quick run)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { generatePopulation } from '../apps/server/src/modules/loan-data/gse-generator.ts';
import { writeGseFile } from '../apps/server/src/modules/loan-data/gse-generator.format.ts';
import { importGseFiles } from '../apps/server/src/modules/loan-data/gse-import.service.ts';
import { codeTypeStatements } from '../apps/server/src/modules/loan-data/gse-sql.ts';
import { openLoanStore } from '../apps/server/src/modules/loan-data/loan-store.ts';
import { vintageCurves } from '../apps/server/src/modules/loan-data/vintage.service.ts';

const targetMb = Number(process.env.GSE_BENCH_MB ?? 1024);
const dir = mkdtempSync(path.join(process.env.GSE_BENCH_DIR ?? tmpdir(), 'opencrt-gse-bench-'));
const years = Array.from({ length: 25 }, (_, i) => 2000 + i);
// About 150 bytes a monthly line and 75 lines a loan on average (prepayments cut histories short).
const loansPerYear = Math.max(10, Math.round((targetMb * 1e6) / 150 / 75 / years.length));
let peakRss = 0;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 50);

try {
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${loansPerYear} loans a year × 25 years, 120 months of history`);
  const t0 = performance.now();
  const loans = generatePopulation({ years, loansPerYear, months: 120, seed: 33 });
  const perf = path.join(dir, 'bench_svcg.txt');
  const orig = path.join(dir, 'bench_orig.txt');
  const lines = await writeGseFile(perf, loans, 'freddie-performance');
  await writeGseFile(orig, loans, 'freddie-origination');
  console.log(`generated ${(statSync(perf).size / 1e6).toFixed(0)} MB, ${lines.toLocaleString('en-US')} monthly lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const handle = await openDatabase({ dataDir: path.join(dir, 'pg') });
  await migrateToLatest(handle.db);
  const store = await openLoanStore({ location: path.join(dir, 'store'), scratchDir: path.join(dir, 'scratch'), setUp: codeTypeStatements(), memoryLimit: process.env.OPENCRT_LOAN_DATA_MEMORY ?? '1GB' });
  peakRss = process.memoryUsage().rss;
  const rssBefore = peakRss;
  const t1 = performance.now();
  const cpu1 = process.cpuUsage();
  const outcome = await importGseFiles(store, handle.db, [{ path: orig }, { path: perf }]);
  const seconds = (performance.now() - t1) / 1000;
  const cpu = process.cpuUsage(cpu1);
  console.log(`import: ${JSON.stringify({ Files: outcome.Files, Loans: outcome.Loans, PerformanceRows: outcome.PerformanceRows, RejectedLines: outcome.RejectedLines })}`);
  console.log(`import: ${seconds.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (includes the sha256 of both files), ${(outcome.PerformanceRows / seconds / 1e6).toFixed(2)} M monthly rows/s; peak RSS ${(peakRss / 1e6).toFixed(0)} MB (${(rssBefore / 1e6).toFixed(0)} MB before)`);

  for (const run of [1, 2]) {
    const t2 = performance.now();
    const vintages = await vintageCurves(store, handle.db, { by: 'year' });
    console.log(`vintage curves (run ${run}): ${vintages.length} vintages, ${vintages.reduce((a, v) => a + v.Months.length, 0)} vintage-months over ${outcome.PerformanceRows.toLocaleString('en-US')} monthly rows in ${((performance.now() - t2) / 1000).toFixed(2)} s`);
  }
  console.log(`peak RSS overall ${(peakRss / 1e6).toFixed(0)} MB`);
  await store.close();
  await handle.close();
} finally {
  clearInterval(sampler);
  rmSync(dir, { recursive: true, force: true });
}
