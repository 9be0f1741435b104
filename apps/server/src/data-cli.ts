/**
 * Data tool: `npm run data -- <command> [options]`.
 *
 *   load-catalogue
 *       (Re)load the demo deal catalogue from data/deals into the configured database.
 *   import-loans --deal NAME --layout freddie --origination FILE [--performance FILE] [--as-of YYYYMMDD]
 *   import-loans --deal NAME --layout fannie --file FILE
 *       Replace a deal's loan tape with a file in the agencies' public pipe-delimited layout.
 *       Malformed rows are listed with line and field, and nothing is written.
 *   export-loans --deal NAME --layout freddie|fannie --out DIR
 *       Write a deal's stored tape in the public layout (e.g. to try the importer).
 *   write-structures
 *       Rebuild data/deals/structures/<id>.json for the demo STACR/CAS/ILN deals without an
 *       offering-memorandum file and for every RMBS, ABS and agency deal (no database needed).
 *   import-gse FILE... [--layout freddie-origination|freddie-performance|fannie-crt]
 *       Import GSE loan-level files (plain or .zip) into the Parquet store (cli/loan-data-commands.ts);
 *       prints {"Files","Loans","PerformanceRows","RejectedLines"} as one JSON line.
 *   vintages [--by year|quarter] [--ficoMin N --state CA,TX …]
 *       Vintage curves of the imported loans as JSON (the same as GET /api/vintages).
 *   backup FILE
 *       Write the embedded database (DATA_DIR) to FILE (gzipped tarball).
 *   restore FILE
 *       Replace the embedded database with a backup; the current one is kept beside it, renamed.
 *       With DATABASE_URL, use pg_dump / pg_restore instead (README "Operations").
 *
 * Uses DATABASE_URL (PostgreSQL) or the embedded PGlite database in DATA_DIR, like the server.
 * The embedded database is one process's at a time: every command here is refused, naming the
 * server's pid, while a server (or another command) holds DATA_DIR's lock (db/data-dir-lock.ts).
 * Exit codes: 0 done, 1 rejected input or failure, 2 usage error.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { backupEmbedded, restoreEmbedded } from './db/backup.ts';
import { loadCatalogue } from './modules/deals/deals.catalogue.ts';
import { TapeRejected, importLoanTape } from './modules/deals/loan-import.service.ts';
import { exportLoanTape } from './modules/deals/loan-export.service.ts';
import { DEFAULT_DATA_DIR, loadDealRecords } from './modules/deals/deal-catalog.loader.ts';
import { STRUCTURE_TARGETS, buildReferenceDealSpec } from './modules/deals/deal-structure.builder.ts';
import { buildCashDealSpec, buildTemplates, cashStructureTargets } from './modules/deals/cash-structure.builder.ts';
import { LoanDataUsageError, importGseCommand, vintagesCommand } from './cli/loan-data-commands.ts';

class UsageError extends Error {}

/** Write the built structures as pretty JSON; returns the file paths. */
function writeStructures(): string[] {
  // Built from the catalog files alone, so that a missing or stale structure file is no obstacle.
  const records = loadDealRecords(DEFAULT_DATA_DIR, { structures: false });
  return STRUCTURE_TARGETS.map((t) => {
    const record = records.find((r) => r.file.id === t.catalogId);
    if (!record) throw new Error(`catalog deal ${t.catalogId} is missing`);
    const file = path.join(DEFAULT_DATA_DIR, 'deals', 'structures', `${t.identity.id}.json`);
    writeFileSync(file, `${JSON.stringify(buildReferenceDealSpec(record, t.identity), null, 2)}\n`);
    return file;
  }).concat(cashStructureTargets(records).map((record) => {
    const file = path.join(DEFAULT_DATA_DIR, 'deals', 'structures', `${record.file.id}.json`);
    writeFileSync(file, `${JSON.stringify(buildCashDealSpec(record), null, 2)}\n`);
    return file;
  })).concat(buildTemplates(records).map(({ file: name, spec }) => {
    const file = path.join(DEFAULT_DATA_DIR, 'deals', 'templates', name);
    writeFileSync(file, `${JSON.stringify(spec, null, 2)}\n`);
    return file;
  }));
}

const USAGE = `usage:
  npm run data -- load-catalogue
  npm run data -- import-loans --deal NAME --layout freddie --origination FILE [--performance FILE] [--as-of YYYYMMDD]
  npm run data -- import-loans --deal NAME --layout fannie --file FILE
  npm run data -- export-loans --deal NAME --layout freddie|fannie --out DIR
  npm run data -- write-structures
  npm run data -- import-gse FILE... [--layout freddie-origination|freddie-performance|fannie-crt]
  npm run data -- vintages [--by year|quarter] [--source freddie|fannie --yearFrom Y --ficoMin N --state CA,TX …]
  npm run data -- backup FILE | restore FILE`;

/** `backup FILE` / `restore FILE` of the embedded database (db/backup.ts). */
async function backupOrRestore(command: 'backup' | 'restore', positionals: string[]): Promise<number> {
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError(`${command} takes one FILE`);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new UsageError(`${command} is for the embedded database; with DATABASE_URL use pg_dump / pg_restore (README "Operations")`);
  }
  if (command === 'backup') {
    const bytes = await backupEmbedded(config.dataDir, file);
    console.log(`Backed up ${config.dataDir} to ${file} (${(bytes / 1e6).toFixed(1)} MB)`);
    return 0;
  }
  const previous = await restoreEmbedded(file, config.dataDir);
  console.log(`Restored ${file} into ${config.dataDir}${previous ? `; the database it replaced is in ${previous}` : ''}`);
  return 0;
}

/** import-gse / vintages: their own options, the same database and data directory as the server. */
async function loanData(command: 'import-gse' | 'vintages', rest: string[]): Promise<number> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema });
  try {
    await migrateToLatest(handle.db);
    return command === 'import-gse' ? await importGseCommand(rest, config, handle.db) : await vintagesCommand(rest, config, handle.db);
  } finally {
    await handle.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'import-gse' || command === 'vintages') return loanData(command, rest);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: command === 'backup' || command === 'restore',
    options: {
      deal: { type: 'string' }, layout: { type: 'string' }, origination: { type: 'string' }, performance: { type: 'string' },
      file: { type: 'string' }, 'as-of': { type: 'string' }, out: { type: 'string' },
    },
    strict: true,
  });
  if (!command || !['load-catalogue', 'import-loans', 'export-loans', 'write-structures', 'backup', 'restore'].includes(command)) {
    throw new UsageError(`unknown command: ${command ?? '(none)'}`);
  }
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, positionals);
  if (command === 'write-structures') {
    for (const file of writeStructures()) console.log(`wrote ${file}`);
    return 0;
  }
  const layout = values.layout;
  if (command !== 'load-catalogue') {
    if (!values.deal) throw new UsageError('--deal is required');
    if (layout !== 'freddie' && layout !== 'fannie') throw new UsageError('--layout must be freddie or fannie');
  }
  if (command === 'import-loans') {
    if (layout === 'freddie' && !values.origination) throw new UsageError('--origination is required for the freddie layout');
    if (layout === 'fannie' && !values.file) throw new UsageError('--file is required for the fannie layout');
    if (values['as-of'] && !/^\d{8}$/.test(values['as-of'])) throw new UsageError('--as-of must be YYYYMMDD');
  }
  if (command === 'export-loans' && !values.out) throw new UsageError('--out is required');

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema });
  try {
    await migrateToLatest(handle.db);
    if (command === 'load-catalogue') {
      const r = await loadCatalogue(handle.db);
      console.log(`Deal catalogue loaded: ${r.deals} deals, ${r.loans} loans in ${(r.milliseconds / 1000).toFixed(1)} s`);
      return 0;
    }
    const deal = values.deal ?? '';
    if (command === 'export-loans') {
      mkdirSync(values.out ?? '.', { recursive: true });
      const files = await exportLoanTape(handle.db, deal, layout as 'freddie' | 'fannie');
      for (const [name, text] of Object.entries(files)) {
        const file = path.join(values.out ?? '.', name);
        writeFileSync(file, text);
        console.log(`wrote ${file}`);
      }
      return 0;
    }
    const read = (f: string): string => readFileSync(f, 'utf8');
    const main = layout === 'freddie' ? read(values.origination ?? '') : read(values.file ?? '');
    const n = await importLoanTape(handle.db, deal, {
      layout: layout as 'freddie' | 'fannie',
      main,
      performance: values.performance ? read(values.performance) : null,
      asOfDate: values['as-of'] ? Number(values['as-of']) : Number(new Date().toISOString().slice(0, 10).replaceAll('-', '')),
    });
    console.log(`Imported ${n} loans into ${deal}`);
    return 0;
  } catch (error) {
    if (error instanceof TapeRejected) {
      console.error(`File rejected, nothing was written (${error.errors.length} problem(s)):`);
      for (const e of error.errors.slice(0, 50)) console.error(`  ${e}`);
      if (error.errors.length > 50) console.error(`  … and ${error.errors.length - 50} more`);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
  if (error instanceof UsageError || error instanceof LoanDataUsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  console.error('data tool failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
