import {
  PRICE_TAB_REQUIRED, SPREAD_TAB_REQUIRED, YIELD_TAB_REQUIRED, dmNotFloatingMessage,
  type BondRunRequestBody, type BondRunResponse, type BondRunType, type MatrixRequestBody, type MatrixResponse, type MatrixType,
} from '@opencrt/contracts';
import { MATRIX_CDR_PCT, MATRIX_CPR_PCT, floatingCouponOf, type DealSpec } from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import { splitRows, mergeRowGroups } from '../../runs/row-groups.ts';
import type { RunOptions } from '../../runs/run-service.ts';
import type { Quote } from './bond-run.tasks.ts';
import { elapsedMs, isAdmin, prepareRun } from './simulation.service.ts';

/** The price tab's message when a discount margin comes with another quote. */
export const ONE_PRICE_QUOTE = 'Give the price tab one quote: Yield, Spread with Benchmark Rate, or Discount Margin.';

/** The quote a metric is computed from, checked with the spec 001 §5.1 messages. */
function quoteOf(type: BondRunType, body: BondRunRequestBody | MatrixRequestBody): Quote {
  const has = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);
  if (type === 'price' && has(body.DiscountMargin)) {
    // Price from DM (issue 25 #2): the DM alone, in basis points on the wire.
    if (has(body.Yield) || has(body.Spread)) throw new Invalid(ONE_PRICE_QUOTE);
    return { type, price: 0, yield: 0, spread: null, benchmark: 0, dm: body.DiscountMargin / 1e4 };
  }
  if (type === 'price') {
    // Yield alone, or Spread over the benchmark (yield = benchmark + spread).
    if (has(body.Yield)) return { type, price: 0, yield: body.Yield, spread: null, benchmark: 0 };
    if (has(body.Spread) && has(body.ReferenceCurve)) return { type, price: 0, yield: 0, spread: body.Spread, benchmark: body.ReferenceCurve };
    throw new Invalid(PRICE_TAB_REQUIRED);
  }
  if (type === 'yield') {
    if (!has(body.Price)) throw new Invalid(YIELD_TAB_REQUIRED);
    return { type, price: body.Price, yield: 0, spread: null, benchmark: 0 };
  }
  if (!has(body.Price) || !has(body.ReferenceCurve)) throw new Invalid(SPREAD_TAB_REQUIRED);
  return { type, price: body.Price, yield: 0, spread: null, benchmark: body.ReferenceCurve };
}

/** A DM quote needs a floating class (a fixed, interest-only or retained class has no DM). */
function checkDmQuote(quote: Quote | null, spec: DealSpec, bondName: string): void {
  if (quote && typeof quote.dm === 'number' && floatingCouponOf(spec, bondName) === null) throw new Invalid(dmNotFloatingMessage(bondName));
}

/**
 * POST /simulate/{price|yield|spread}: one bond under one scenario and its metric (spec 001 §3.9).
 * A metric that cannot be computed is IsSuccessful false with the solver's message; the bond's
 * cashflows are still returned.
 */
export async function runBond(
  ctx: ModuleContext, user: AuthUser, type: BondRunType, body: BondRunRequestBody, options: { loanLevel: boolean; signal?: AbortSignal | undefined },
): Promise<BondRunResponse> {
  const quote = quoteOf(type, body);
  const started = performance.now();
  const run = await prepareRun(ctx, user, body, options.loanLevel || body.RunLoanLevel === true, { refuseReinsurance: true });
  checkDmQuote(quote, run.spec, body.BondName);
  const result = await ctx.runs.run('bondRun', {
    deal: run.deal, request: run.request, settlementIso: run.settlementIso, bondName: body.BondName, quote,
  }, { userId: user.id, signal: options.signal });
  const outcome = result.metric;
  if (!result.found || !outcome) throw new Invalid(`Bond ${body.BondName} was not found in ${run.dealName}.`);
  const dm = result.discountMargin;
  // Accrued interest and both prices (issue 25 #3), per 100 of face, at the run's clean price.
  const priced = Number.isFinite(result.cleanPrice) && result.accrued !== null;
  const accrued = priced ? result.accrued?.per100 ?? null : null;
  return {
    Value: outcome.IsSuccessful ? outcome.Value : null,
    IsSuccessful: outcome.IsSuccessful,
    ErrorMessage: outcome.IsSuccessful ? null : outcome.ErrorMessage,
    Simulation: { BondsCashflows: result.simulation.BondsCashflows, MiscVariables: { ...result.simulation.MiscVariables } },
    DiscountMargin: dm && {
      Margin: dm.margin, Value: dm.result.IsSuccessful ? dm.result.Value : null,
      IsSuccessful: dm.result.IsSuccessful, ErrorMessage: dm.result.IsSuccessful ? null : dm.result.ErrorMessage,
    },
    AccruedInterest: accrued,
    CleanPrice: accrued === null ? null : result.cleanPrice,
    DirtyPrice: accrued === null ? null : result.cleanPrice + accrued,
    AccrualDays: result.accrued?.days ?? null,
    AccrualDayCount: result.accrued?.dayCount ?? null,
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}

/**
 * POST /simulate/{type}/matrix: one bond over the CPR × CDR grid (percent axes, grids [cdr][cpr]):
 * WAL, write-down % and, for price/yield/spread, the metric of each cell (null where it fails),
 * and for a floating class the discount margin at each cell's price.
 */
export async function runMatrix(
  ctx: ModuleContext, user: AuthUser, type: MatrixType, body: MatrixRequestBody, options: { loanLevel: boolean; signal?: AbortSignal | undefined },
): Promise<MatrixResponse> {
  if (body.PrepaymentModel && body.PrepaymentModel !== 'UserDefined') throw new Invalid('Matrix does not support prepayment models.');
  if (body.UserCollateralCashflow) throw new Invalid('Matrix does not support prerun cashflows.');
  if (body.SelectedScenarioId) throw new Invalid('Not supported scenario type.');
  const cprs = body.MatrixCpr ?? [...MATRIX_CPR_PCT];
  const cdrs = body.MatrixCdr ?? [...MATRIX_CDR_PCT];
  if (cprs.length === 0 || cdrs.length === 0) throw new Invalid('A matrix needs at least one CPR and one CDR.');
  const quote = type === 'wal' ? null : quoteOf(type, body);
  const started = performance.now();
  // CPR and CDR come from the axes; the request's own only need to be valid numbers.
  const run = await prepareRun(ctx, user, { ...body, Cpr: body.Cpr ?? 0, Cdr: body.Cdr ?? 0 }, options.loanLevel || body.RunLoanLevel === true, { refuseReinsurance: true });
  checkDmQuote(quote, run.spec, body.BondName);
  // Rows in groups: they spread over the workers and a disconnect cancels the groups not yet run.
  const runOptions: RunOptions = { userId: user.id, signal: options.signal };
  const groups = splitRows(cdrs, cprs.length, ctx.runs.parallelism);
  const outcomes = await ctx.runs.runBatch('bondMatrixRows', groups.map((rows) => ({
    deal: run.deal, request: run.request, settlementIso: run.settlementIso, bondName: body.BondName, quote, cprPct: cprs, cdrPct: rows,
  })), runOptions);
  const matrix = mergeRowGroups(outcomes, ['Wal', 'WritedownPct', 'Metric', 'DiscountMargin'] as const);
  const finite = (grid: number[][]) => grid.map((row) => row.map((x) => (Number.isFinite(x) ? x : null)));
  return {
    Cpr: cprs,
    Cdr: cdrs,
    Wal: finite(matrix.Wal),
    WritedownPct: finite(matrix.WritedownPct),
    Metric: matrix.Metric ? finite(matrix.Metric) : null,
    DiscountMargin: matrix.DiscountMargin ? finite(matrix.DiscountMargin) : null,
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}
