import {
  PRICE_TAB_REQUIRED, SPREAD_TAB_REQUIRED, YIELD_TAB_REQUIRED,
  type BondRunRequestBody, type BondRunResponse, type BondRunType, type MatrixRequestBody, type MatrixResponse, type MatrixType,
} from '@opencrt/contracts';
import {
  bondRows, MATRIX_CDR_PCT, MATRIX_CPR_PCT, priceFromSpread, priceFromYield, pricingCashflows, projectLoans, requestToScenario,
  responseOf, runAnyDeal, runBondMatrix, settlementOf, spreadFromPrice, yieldFromPrice,
  type AnalyticsResult, type BondRows, type CollateralScenario,
} from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import { elapsedMs, isAdmin, prepareRun, refuseReinsuranceDeal, type PreparedRun } from './simulation.service.ts';

/**
 * The quote a metric is computed from, checked with the spec 001 §5.1 messages. `spread` set on
 * the price tab means "price from spread over the benchmark".
 */
interface Quote { type: BondRunType; price: number; yield: number; spread: number | null; benchmark: number }

function quoteOf(type: BondRunType, body: BondRunRequestBody | MatrixRequestBody): Quote {
  const has = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);
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

/**
 * The engine analytics on the bond's pricing cash flows: yields are bond-equivalent (the PPM
 * yield tables' convention), prices per 100 of current face, the benchmark a flat rate.
 */
function metricOf(quote: Quote, run: PreparedRun, bond: BondRows): AnalyticsResult {
  // The engine's accrual rule: the first accrual start from closing, else the last paid date.
  const cf = pricingCashflows(bond, run.settlementIso, settlementOf(run.spec, run.request, run.state).accrualStart);
  if (quote.type === 'price') return quote.spread === null ? priceFromYield(cf, quote.yield) : priceFromSpread(cf, quote.spread, quote.benchmark, null);
  if (quote.type === 'yield') return yieldFromPrice(cf, quote.price);
  return spreadFromPrice(cf, quote.price, quote.benchmark, null);
}

function projectorOf(run: PreparedRun) {
  const tape = run.tape;
  return tape ? (sc: CollateralScenario, months: number) => projectLoans(tape, sc, months) : undefined;
}

/**
 * POST /simulate/{price|yield|spread}: one bond under one scenario and its metric (spec 001 §3.9).
 * A metric that cannot be computed is IsSuccessful false with the solver's message; the bond's
 * cashflows are still returned.
 */
export async function runBond(ctx: ModuleContext, user: AuthUser, type: BondRunType, body: BondRunRequestBody, options: { loanLevel: boolean }): Promise<BondRunResponse> {
  const quote = quoteOf(type, body);
  if (body.UserCollateralCashflow) throw new Invalid('Prerun collateral cashflows cannot be run here yet.');
  const started = performance.now();
  await refuseReinsuranceDeal(ctx, user, body.DealName);
  const run = await prepareRun(ctx, user, body, options.loanLevel || body.RunLoanLevel === true);
  // Any family: reference-tranche deals (STACR, CAS, ILN) and cash-flow deals (RMBS, ABS, agency).
  const deal = runAnyDeal(run.spec, requestToScenario(run.spec, run.request), run.state, projectorOf(run));
  const response = responseOf(deal, body.BondName, run.settlementIso);
  const bond = bondRows(deal, [], body.BondName)[0];
  if (!bond) throw new Invalid(`Bond ${body.BondName} was not found in ${run.dealName}.`);
  const outcome = metricOf(quote, run, bond);
  return {
    Value: outcome.IsSuccessful ? outcome.Value : null,
    IsSuccessful: outcome.IsSuccessful,
    ErrorMessage: outcome.IsSuccessful ? null : outcome.ErrorMessage,
    Simulation: { BondsCashflows: response.BondsCashflows, MiscVariables: { ...response.MiscVariables } },
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}

/**
 * POST /simulate/{type}/matrix: one bond over the CPR × CDR grid (percent axes, grids [cdr][cpr]):
 * WAL, write-down % and, for price/yield/spread, the metric of each cell (null where it fails).
 */
export async function runMatrix(ctx: ModuleContext, user: AuthUser, type: MatrixType, body: MatrixRequestBody, options: { loanLevel: boolean }): Promise<MatrixResponse> {
  if (body.PrepaymentModel && body.PrepaymentModel !== 'UserDefined') throw new Invalid('Matrix does not support prepayment models.');
  if (body.UserCollateralCashflow) throw new Invalid('Matrix does not support prerun cashflows.');
  if (body.SelectedScenarioId) throw new Invalid('Not supported scenario type.');
  const cprs = body.MatrixCpr ?? [...MATRIX_CPR_PCT];
  const cdrs = body.MatrixCdr ?? [...MATRIX_CDR_PCT];
  if (cprs.length === 0 || cdrs.length === 0) throw new Invalid('A matrix needs at least one CPR and one CDR.');
  const quote = type === 'wal' ? null : quoteOf(type, body);
  const started = performance.now();
  // CPR and CDR come from the axes; the request's own only need to be valid numbers.
  await refuseReinsuranceDeal(ctx, user, body.DealName);
  const run = await prepareRun(ctx, user, { ...body, Cpr: body.Cpr ?? 0, Cdr: body.Cdr ?? 0 }, options.loanLevel || body.RunLoanLevel === true);
  const matrix = runBondMatrix(run.spec, requestToScenario(run.spec, run.request), body.BondName, run.state, run.settlementIso, {
    cprPct: cprs, cdrPct: cdrs, ...(run.tape ? { tape: run.tape } : {}),
    ...(quote ? { metric: (bond: BondRows) => { const m = metricOf(quote, run, bond); return m.IsSuccessful ? m.Value : Number.NaN; } } : {}),
  });
  const finite = (grid: number[][]) => grid.map((row) => row.map((x) => (Number.isFinite(x) ? x : null)));
  return {
    Cpr: matrix.Cpr,
    Cdr: matrix.Cdr,
    Wal: finite(matrix.Wal),
    WritedownPct: finite(matrix.WritedownPct),
    Metric: matrix.Metric ? finite(matrix.Metric) : null,
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}
