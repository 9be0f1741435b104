/**
 * `npm run data -- import-gse FILE... [--layout …]` and `npm run data -- vintages [--by year|quarter] [filters]`
 * (data-cli.ts dispatches here). Progress goes to stderr; the answer is JSON on stdout.
 */
import { parseArgs } from 'node:util';
import { VintageQuerySchema } from '@opencrt/contracts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { GseLayoutName } from '../modules/loan-data/gse-layouts.ts';
import { importGseFiles } from '../modules/loan-data/gse-import.service.ts';
import { openLoanDataStore } from '../modules/loan-data/loan-data.store.ts';
import { vintageCurves } from '../modules/loan-data/vintage.service.ts';

export class LoanDataUsageError extends Error {}

const LAYOUTS: GseLayoutName[] = ['freddie-origination', 'freddie-performance', 'fannie-crt'];

export async function importGseCommand(args: string[], config: AppConfig, db: Db): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { layout: { type: 'string' } }, strict: true });
  if (!positionals.length) throw new LoanDataUsageError('import-gse takes one or more FILEs (plain text or .zip)');
  if (values.layout && !LAYOUTS.includes(values.layout as GseLayoutName)) throw new LoanDataUsageError(`--layout must be ${LAYOUTS.join(', ')}`);
  const store = await openLoanDataStore(config.loanData);
  try {
    let lastShown = '';
    const outcome = await importGseFiles(store, db, positionals.map((p) => ({ path: p })), {
      ...(values.layout ? { layout: values.layout as GseLayoutName } : {}),
      onProgress: ({ file, percent }) => {
        const shown = `${file} ${Math.floor(percent)}%`;
        if (shown !== lastShown) process.stderr.write(`\r${shown}   `);
        lastShown = shown;
      },
    });
    process.stderr.write('\n');
    for (const name of outcome.Skipped) console.error(`${name}: imported before, skipped`);
    for (const p of outcome.Problems) console.error(`${p.File} line ${p.Line}, ${p.Field}: ${p.Message}`);
    if (outcome.RejectedLines > outcome.Problems.length) console.error(`(first ${outcome.Problems.length} problems shown; ${outcome.RejectedLines} lines rejected in all)`);
    console.log(JSON.stringify({ Files: outcome.Files, Loans: outcome.Loans, PerformanceRows: outcome.PerformanceRows, RejectedLines: outcome.RejectedLines }));
    return 0;
  } finally {
    await store.close();
  }
}

/** `--by quarter --ficoMin 700 --state CA,TX …`: every filter of GET /api/vintages, checked by the same contract. */
export async function vintagesCommand(args: string[], config: AppConfig, db: Db): Promise<number> {
  const { values } = parseArgs({
    args, strict: true,
    options: Object.fromEntries(Object.keys(VintageQuerySchema.shape).map((k) => [k, { type: 'string' as const }])),
  });
  const parsed = VintageQuerySchema.safeParse(values);
  if (!parsed.success) throw new LoanDataUsageError(parsed.error.issues.map((i) => i.message).join('; '));
  const store = await openLoanDataStore(config.loanData);
  try {
    console.log(JSON.stringify(await vintageCurves(store, db, parsed.data)));
    return 0;
  } finally {
    await store.close();
  }
}
