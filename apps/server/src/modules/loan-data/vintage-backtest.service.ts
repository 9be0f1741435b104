/**
 * GET /api/vintages/backtest (issue 33 #5): the credit model run on a vintage's own loans over the
 * historical macro path, drawn on the actual curves' definitions (vintage-model.ts), with its error
 * against the vintage's actual curves under the same filters. The engine work runs on the run
 * service's pool (task creditModel with given paths), one cohort per task; the event loop only
 * reads the store and adds the cohorts' sums.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseMacroCsv, type MacroHistory } from '@opencrt/engine';
import type { VintageBacktest, VintageBacktestQuery } from '@opencrt/contracts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import type { LoanStore } from './loan-store.ts';
import { findCalibration } from './model-calibrations.repository.ts';
import { vintageCurves } from './vintage.service.ts';
import { addSums, cohortRuns, cohortsOf, fitError, macroMonthsFor, modelCurves, UNTUNED, type Tunes } from './vintage-model.ts';
import { vintageCohortLoans } from './vintage-population.ts';

/** The historical macro path every back-test runs on (data/macro/SOURCES.md). */
export const MACRO_PATH = 'data/macro/us-macro-monthly-2004-2021.csv';

let macroCache: MacroHistory | null = null;
/** The macro path, parsed once per process. */
export function historicalMacro(repoRoot: string): MacroHistory {
  return (macroCache ??= parseMacroCsv(readFileSync(path.join(repoRoot, MACRO_PATH), 'utf8')));
}

/** The tunes a back-test runs with: a saved calibration's (for its own model), or none. */
async function tunesOf(ctx: ModuleContext, query: VintageBacktestQuery): Promise<Tunes> {
  if (!query.calibration) return UNTUNED;
  const c = await findCalibration(ctx.db, query.calibration);
  if (!c) throw new NotFound(`No calibration named ${query.calibration} (npm run model:fit -- --population … --save NAME saves one)`);
  if (c.Model !== query.model) throw new Invalid(`calibration ${c.Name} was fitted to ${c.Model}: ask model=${c.Model}, or no calibration`);
  return { TuneCpr: c.TuneCpr, TuneCdr: c.TuneCdr, TuneSeverity: c.TuneSeverity };
}

export async function vintageBacktest(ctx: ModuleContext, user: AuthUser, store: LoanStore, query: VintageBacktestQuery, signal?: AbortSignal): Promise<VintageBacktest> {
  const { vintage, model, calibration, maxLoans, ...filter } = query;
  if (model === 'AFT' && calibration) throw new Invalid('calibration: AFT runs untuned, so it takes no calibration');
  const tunes = await tunesOf(ctx, query);
  const by = vintage.length > 4 ? 'quarter' : 'year';
  const year = Number(vintage.slice(0, 4));
  const actual = (await vintageCurves(store, ctx.db, { ...filter, by, yearFrom: year, yearTo: year })).find((v) => v.Vintage === vintage);
  if (!actual) throw new NotFound(`No imported loans of vintage ${vintage} match the filters`);
  const macro = historicalMacro(ctx.config.repoRoot);
  const { population, loans } = await vintageCohortLoans(store, ctx.db, filter, vintage, maxLoans);
  const cohorts = cohortsOf(loans, macro);
  const covered = macroMonthsFor(cohorts, macro);
  if (covered === 0) {
    throw new Invalid(`vintage ${vintage}: its loans first pay from ${cohorts[0]?.start} to ${cohorts.at(-1)?.start}; the macro path ${MACRO_PATH} covers ${macro.months[0]} to ${macro.months.at(-1)}`);
  }
  const lastActual = actual.Months.at(-1)?.MonthOnBook ?? 0;
  const months = Math.max(1, Math.min(lastActual, covered));
  const outcomes = await ctx.runs.runBatch('creditModel', cohortRuns(cohorts, model, tunes, months, macro), { userId: user.id, signal });
  const sums = addSums(outcomes.map((o) => {
    if (!o.ok) throw new Error(o.message);
    return o.value;
  }));
  if (!sums) throw new Error('The credit model returned nothing.');
  const original = loans.reduce((s, l) => s + l.OriginalUpb, 0);
  const curves = modelCurves(sums, original);
  return {
    Vintage: vintage, Model: model, Calibration: calibration ?? null, ...tunes,
    PopulationLoans: population, ModelLoans: loans.length, Cohorts: cohorts.length, MacroPath: MACRO_PATH,
    ...curves,
    Error: fitError(actual.Months, curves.Months),
    Note: months < lastActual
      ? `The model stops at month ${months}: the macro path ends ${macro.months.at(-1)}, before the vintage's last reported month (${lastActual}).`
      : null,
  };
}
