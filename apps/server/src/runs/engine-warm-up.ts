/**
 * Engine warm-up after start (issue 27). A fresh worker runs the engine's large functions (the
 * reference waterfall, the yield and DM solvers) slowly at first: V8 optimises them, meets new
 * object shapes and number representations as the runs vary, throws the optimised code away and
 * compiles again (a trace of the first 50×50 matrix after start showed 110 "wrong map"
 * deoptimisations and ~6 s of optimising compilation on a 2-core box). So the first analyst's
 * 50×50 matrix took 2–4 s and the next one 1.1 s. This runs, in the background right after the
 * server listens, the kinds of runs users ask for — deal runs in both layouts, bond matrices over
 * the whole axis range, yield and price quotes — on one reference-tranche deal of the catalogue,
 * on every worker, with no user's run slot taken (user id 0 is nobody's).
 *
 * It does nothing without such a deal, and a failure is only logged: the server is up either way.
 */
import { ymdToIso, type SimulationRequest } from '@opencrt/engine';
import type { ModuleContext } from '../modules/module.ts';
import { dealsDb } from '../modules/deals/deals.tables.ts';
import { toEngineRequest } from '../modules/simulation/request-inputs.ts';
import { runDealKey } from '../modules/simulation/simulation.service.ts';
import type { Quote } from '../modules/simulation/bond-run.tasks.ts';
import { dealInput } from './deal-cache.ts';
import { splitRows } from './row-groups.ts';

/** The run slot owner of the warm-up: no user has id 0. */
const WARM_UP_USER = 0;

export interface WarmUpReport { dealName: string; runs: number; ms: number }

const axis = (n: number, last: number) => Array.from({ length: n }, (_, i) => Math.round(((i * last) / (n - 1)) * 1000) / 1000);

export async function warmUpEngine(ctx: ModuleContext): Promise<WarmUpReport | null> {
  const started = performance.now();
  const deal = await dealsDb(ctx.db).selectFrom('deals').select(['deal_name', 'issue_date']).where('deal_type', '=', 'STACR').orderBy('issue_date', 'desc').orderBy('deal_name').executeTakeFirst();
  if (!deal) return null;
  const start = await ctx.runDeals.start(ctx.db, deal.deal_name, deal.issue_date);
  const spec = start?.spec;
  if (!start || !spec) return null;
  // The same key as a user's rep-line run of the deal (prepareRun), so the workers keep its spec once.
  const input = dealInput(runDealKey(deal.deal_name, start.specVersion, null), start.state, () => ({ spec, tape: null }));
  const floating = spec.tranches.filter((t) => t.marginPct !== null && t.originalNotional > 0);
  const bondName = floating[Math.floor(floating.length / 2)]?.name ?? spec.tranches[0]?.name;
  if (!bondName) return null;
  const request = async (cpr: number, cdr: number): Promise<SimulationRequest> => ({
    ...(await toEngineRequest({
      DealName: deal.deal_name, SettlementDate: deal.issue_date, Cpr: [0, cpr], Cdr: [0, cdr], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04],
      RunLoanLevel: false, CleanupCall: false, UseMortgageInsurance: false,
    }, () => Promise.reject(new Error('no vectors in a warm-up')))),
    SettlementDate: deal.issue_date, RunLoanLevel: false,
  });
  const options = { userId: WARM_UP_USER };
  const settlementIso = ymdToIso(deal.issue_date) ?? spec.dates.closingDate;
  const threads = Math.max(1, ctx.runs.parallelism);
  let runs = 0;
  // Deal runs, rows and columns, two per worker, as one batch each (one run slot, whatever the
  // number of threads: separate runs would meet the per-user cap on a many-core machine).
  for (const layout of ['rows', 'columns'] as const) {
    const inputs = await Promise.all(Array.from({ length: 2 * threads }, async (_, i) => ({
      deal: input, request: await request(0.04 + i / 100, 0.002 * i), shallow: false, layout, encoding: 'br' as const,
    })));
    runs += (await ctx.runs.runBatch('simulateJson', inputs, options)).length;
  }
  // A bond matrix over the whole range of the axes users give (CPR 0–60 %, CDR 0–10 %), both quotes.
  for (const quote of [{ type: 'yield', price: 100, yield: 0, spread: null, benchmark: 0 }, { type: 'price', price: 0, yield: 0.06, spread: null, benchmark: 0 }] satisfies Quote[]) {
    const cprs = axis(32, 60);
    const groups = splitRows(axis(32, 10), cprs.length, threads);
    const base = await request(0, 0);
    const outcomes = await ctx.runs.runBatch('bondMatrixRows', groups.map((cdrPct) => ({ deal: input, request: base, settlementIso, bondName, quote, cprPct: cprs, cdrPct })), options);
    runs += outcomes.length;
  }
  return { dealName: deal.deal_name, runs, ms: Math.round(performance.now() - started) };
}
