/**
 * `npm run -s model:fit -- --population [--vintage 2007 | --yearFrom … --yearTo …] [--ficoMin 700 --state CA,TX …]
 *   [--model LDM|LDM_3] [--maxLoans 5000] [--save NAME]` (issue 33 #5): fits the credit model's
 * calibration factors (TuneCpr, TuneCdr, TuneSeverity) to the imported loans' actual vintage curves
 * (population-fit.ts) on the historical macro path and prints one JSON object: the factors, the
 * fit's error against the untuned model's, and each vintage's error. Filters are GET /api/vintages'
 * (the same contract checks them). Progress on stderr.
 *
 * `--save NAME` stores the factors as a named calibration in the app's database: the vintage
 * screen's back-test and GET /api/vintages/backtest?calibration=NAME run with it. Why not the
 * parameter file: credit-model-parameters.json holds the model's structural parameters, one set
 * for every user and deal, each with its reason, and its fit is to the published vintage table
 * (`model:fit:vintages --write`); a population's factors are run-level multipliers, the same
 * TuneCpr/TuneCdr/TuneSeverity a run request carries, and there can be one per population.
 */
import { parseArgs } from 'node:util';
import { CALIBRATION_NAME, LoanFilterSchema, type LoanFilter } from '@opencrt/contracts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openLoanDataStore } from '../modules/loan-data/loan-data.store.ts';
import { saveCalibration } from '../modules/loan-data/model-calibrations.repository.ts';
import { fitPopulation, type FitTarget } from '../modules/loan-data/population-fit.ts';
import { vintageCurves } from '../modules/loan-data/vintage.service.ts';
import { historicalMacro, MACRO_PATH } from '../modules/loan-data/vintage-backtest.service.ts';
import { cohortsOf, macroMonthsFor } from '../modules/loan-data/vintage-model.ts';
import { vintageCohortLoans } from '../modules/loan-data/vintage-population.ts';

export class FitUsageError extends Error {}

const FILTER_KEYS = Object.keys(LoanFilterSchema.shape);

interface FitArgs { filter: LoanFilter; population: string; model: 'LDM' | 'LDM_3'; maxLoans: number; save: string | null }

export function parseFitArgs(args: string[]): FitArgs {
  const { values } = parseArgs({
    args: args.filter((a) => a !== '--'), strict: true,
    options: {
      population: { type: 'boolean' }, vintage: { type: 'string' }, model: { type: 'string' }, maxLoans: { type: 'string' }, save: { type: 'string' },
      ...Object.fromEntries(FILTER_KEYS.map((k) => [k, { type: 'string' as const }])),
    },
  });
  const { population: _p, vintage, model = 'LDM_3', maxLoans = '5000', save, ...rawFilter } = values as Record<string, string | undefined>;
  const raw: Record<string, string> = Object.fromEntries(Object.entries(rawFilter).filter((e): e is [string, string] => typeof e[1] === 'string'));
  if (vintage !== undefined) {
    if (!/^\d{4}$/.test(vintage)) throw new FitUsageError('--vintage is an origination year, e.g. 2007');
    raw.yearFrom = vintage;
    raw.yearTo = vintage;
  }
  const parsed = LoanFilterSchema.safeParse(raw);
  if (!parsed.success) throw new FitUsageError(parsed.error.issues.map((i) => i.message).join('; '));
  if (model !== 'LDM' && model !== 'LDM_3') throw new FitUsageError('--model is LDM or LDM_3 (AFT runs untuned: nothing to fit)');
  const cap = Number(maxLoans);
  if (!Number.isInteger(cap) || cap < 100 || cap > 50_000) throw new FitUsageError('--maxLoans must be a whole number between 100 and 50000 (loans per vintage)');
  if (save !== undefined && !CALIBRATION_NAME.test(save)) throw new FitUsageError('--save takes a name of letters, digits, . - _ (at most 60)');
  return { filter: parsed.data, population: new URLSearchParams(raw).toString(), model, maxLoans: cap, save: save ?? null };
}

/** Runs the fit; returns the exit code (usage errors throw FitUsageError). */
export async function populationFitCommand(args: string[]): Promise<number> {
  const options = parseFitArgs(args);
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema });
  try {
    await migrateToLatest(handle.db);
    const store = await openLoanDataStore(config.loanData);
    try {
      const macro = historicalMacro(config.repoRoot);
      const vintages = await vintageCurves(store, handle.db, { ...options.filter, by: 'year' });
      const targets: FitTarget[] = [];
      let loans = 0;
      for (const v of vintages) {
        const cohort = await vintageCohortLoans(store, handle.db, options.filter, v.Vintage, options.maxLoans);
        const cohorts = cohortsOf(cohort.loans, macro);
        if (macroMonthsFor(cohorts, macro) === 0) {
          process.stderr.write(`vintage ${v.Vintage}: skipped, its loans first pay outside the macro path (${macro.months[0]} to ${macro.months.at(-1)})\n`);
          continue;
        }
        loans += cohort.loans.length;
        targets.push({ Vintage: v.Vintage, cohorts, actual: v.Months });
      }
      if (!targets.length) throw new Error(`no imported vintage matches the filters on the macro path ${MACRO_PATH}`);
      process.stderr.write(`fitting ${options.model} to ${targets.length} vintage(s), ${loans} loans …\n`);
      const t0 = performance.now();
      const fit = fitPopulation(targets, options.model, macro);
      const seconds = Math.round((performance.now() - t0) / 100) / 10;
      const vintagesFitted = targets.map((t) => t.Vintage);
      if (options.save) {
        await saveCalibration(handle.db, {
          Name: options.save, Model: fit.Model, TuneCpr: fit.TuneCpr, TuneCdr: fit.TuneCdr, TuneSeverity: fit.TuneSeverity,
          Population: options.population, Vintages: vintagesFitted, Loans: loans, Error: fit.Error,
        });
        process.stderr.write(`saved calibration ${options.save}\n`);
      }
      console.log(JSON.stringify({
        Model: fit.Model, TuneCpr: fit.TuneCpr, TuneCdr: fit.TuneCdr, TuneSeverity: fit.TuneSeverity,
        // A factor at the search's edge (0.1 or 10): the model's shape, not its level, misses the population.
        AtBound: (['TuneCpr', 'TuneCdr', 'TuneSeverity'] as const).filter((k) => fit[k] <= 0.101 || fit[k] >= 9.9),
        Error: fit.Error, UntunedError: fit.UntunedError,
        Vintages: fit.Vintages.map((v) => ({ Vintage: v.Vintage, Months: v.Months, Error: v.Error })),
        Population: options.population, Loans: loans, MacroPath: MACRO_PATH, Evaluations: fit.Evaluations, Seconds: seconds, Saved: options.save,
      }));
      return 0;
    } finally {
      await store.close();
    }
  } finally {
    await handle.close();
  }
}
