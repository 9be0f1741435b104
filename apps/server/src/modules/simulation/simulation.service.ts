import { ScenarioInputSchema, type CreditModelRun, type SimulationLayout, type SimulationRequestBody } from '@opencrt/contracts';
import {
  isCreditModel, prerunProblems, startingLines, validateSimulationRequest, ymdToIso,
  type DealSpec, type DealState, type SimulationRequest, type SimulationResponse,
} from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { checkModelInputs, checkModelRole, runCreditModelFor } from '../credit-models/credit-model.service.ts';
import { DEAL_NOT_FOUND } from '../deals/deals.service.ts';
import type { ModuleContext } from '../module.ts';
import { createScenariosService } from '../scenarios/scenarios.service.ts';
import { resolveUserVector } from '../vectors/index.ts';
import { dealInput, type DealInput } from '../../runs/deal-cache.ts';
import type { SimulateJsonInput } from '../../runs/engine-tasks.ts';
import type { AnswerEncoding } from '../../http/answer-encoding.ts';
import { findLoanTape, loadLoanTapeOf } from './loan-tape.loader.ts';
import { toEngineRequest } from './request-inputs.ts';
import { recoveryLagProblem } from './loss-timing-input.ts';
import { shallowResponse } from './shallow-response.ts';
import { scenarioFractionFields, withUnitMessages } from './rate-units.ts';
import { checkSettlementAfterClosing, checkSettlementBeforeMaturity } from '../acis-cirt/reinsurance-inputs.ts';

export interface PreparedRun {
  dealName: string;
  spec: DealSpec;
  state: DealState | null;
  request: SimulationRequest;
  settlementIso: string;
  /**
   * The deal as run tasks take it: a content key (name, structure version, tape version) and the
   * state; the worker caches spec and tape by the key, so they travel only on its first run there.
   */
  deal: DealInput;
  /** A credit-model run's own vectors, loan level and rep line (issue 24); null without a model. */
  creditModel: CreditModelRun | null;
  /** The request as `request` but before the credit model replaced its vectors (stochastic runs model each path). */
  unmodelled: SimulationRequest;
}

/**
 * A saved scenario (visible to the user) as the run's four vectors: per-period percent values
 * become fractions with the leading period-0 element of the request convention (spec 000 §3).
 */
async function scenarioVectors(ctx: ModuleContext, user: AuthUser, id: number) {
  const scenario = await createScenariosService(ctx).get(user, id);
  const vector = (values: readonly number[]) => [0, ...values.map((x) => x / 100)];
  // A saved forward curve (percent, period 1 first) becomes the run's IndexCurve (fractions).
  const curve = scenario.IndexCurve ?? [];
  return {
    Cpr: vector(scenario.Cpr), Cdr: vector(scenario.Cdr), LossSeverity: vector(scenario.LossSeverity), Delinquency: vector(scenario.Delinquency),
    ...(curve.length > 0 ? { IndexCurve: curve.map((x) => x / 100) } : {}),
  };
}

/**
 * Resolves deal (assigned to the user), inputs, permissions and the starting state of a run.
 * `refuseReinsurance`: ACIS and CIRT deals are reinsurance on a reference pool; they run through
 * /simulate/acis and /simulate/cirt (which reuse this for the STACR side), never as a pool run of
 * their own, so the deal and bond routes refuse them.
 */
export async function prepareRun(
  ctx: ModuleContext, user: AuthUser, body: SimulationRequestBody, loanLevel: boolean,
  /**
   * beforeClosing 'closing' (portfolio lines): the portfolio's one date is every line's settlement,
   * and a deal that closed after it runs from its closing, as before issue 34; 'refuse' elsewhere.
   */
  { refuseReinsurance = false, beforeClosing = 'refuse', creditModelComparison = false }: {
    refuseReinsurance?: boolean; beforeClosing?: 'refuse' | 'closing';
    /** Answers that show CreditModel (full /simulate): run the model's rep-line comparison too (else RepLine is null). */
    creditModelComparison?: boolean;
  } = {},
): Promise<PreparedRun> {
  const deal = await ctx.runDeals.assigned(ctx.db, user.id, body.DealName);
  if (!deal) throw new NotFound(DEAL_NOT_FOUND);
  if (refuseReinsurance && (deal.deal_type === 'ACIS' || deal.deal_type === 'CIRT')) {
    throw new Invalid(`${deal.deal_name} is a ${deal.deal_type} deal: run it on the ${deal.deal_type} analysis screen.`);
  }
  checkModelRole(user, body.PrepaymentModel);
  if (body.SelectedScenarioId) body = { ...body, ...(await scenarioVectors(ctx, user, body.SelectedScenarioId)) };
  const request = await toEngineRequest({ ...body, DealName: deal.deal_name }, (name) => resolveUserVector(ctx.db, user.id, name));
  const problems = validateSimulationRequest(request);
  if (problems.length) throw new Invalid(withUnitMessages(problems.map((p) => p.message), scenarioFractionFields(request)).join('\n'));
  checkModelInputs(request);

  if (loanLevel) {
    if (!rolesGrant(user.roles, 'runs:loan-level')) throw new Forbidden('Loan-level runs need the LDM_User or AFT_User role.');
    if (/^BELL/i.test(deal.deal_name)) throw new Invalid(`Loan-level runs are not available for ${deal.deal_name}.`);
  }
  const settlement = Number(request.SettlementDate ?? 0) || deal.issue_date;
  // On or after the maturity nothing is left to project: such a run answered negative WALs
  // (issue 23 #1). Deal, bond, breakeven, ACIS (its STACR side), portfolio and vendor-grid runs all
  // come through here.
  checkSettlementBeforeMaturity(settlement, deal.maturity_date);
  if (beforeClosing === 'refuse') checkSettlementAfterClosing(settlement, deal);
  const effective = settlement;
  const start = await ctx.runDeals.start(ctx.db, deal.deal_name, effective);
  if (!start?.spec) throw new Invalid(`The ${deal.deal_type} waterfall of ${deal.deal_name} is not modelled yet.`);
  const spec = start.spec;
  if (request.BondName && !spec.tranches.some((t) => t.name === request.BondName) && !(spec.macrClasses ?? []).some((m) => m.name === request.BondName)) {
    throw new NotFound(`Bond ${request.BondName} was not found in ${deal.deal_name}.`);
  }
  // A group the deal does not have would run an empty pool and answer zeros as if they were results.
  const groups = [...new Set(spec.collateral.repLines.map((l) => l.collateralGroup))].sort((x, y) => x - y);
  if (request.CollateralGroup != null && !groups.includes(request.CollateralGroup)) {
    throw new Invalid(`CollateralGroup must be one of ${deal.deal_name}'s collateral groups (${groups.join(', ')}), or empty for all.`);
  }
  const lagProblem = recoveryLagProblem(spec, request.RecoveryLagMonths);
  if (lagProblem) throw new Invalid(lagProblem);
  const prerun = prerunProblems(spec, request);
  if (prerun.length) throw new Invalid(prerun.join('\n'));
  const poolBalance = start.state?.poolBalance ?? spec.collateral.cutOffBalance;
  // A credit model turns the economic inputs into the run's four vectors (on the deal's loans).
  const lines = startingLines(spec, start.state, request.CollateralGroup ?? null);
  const { request: modelled, run: creditModel } = await runCreditModelFor(ctx, user, request, {
    dealName: deal.deal_name, settlementDate: effective, poolBalance, lines, months: Math.max(0, ...lines.map((l) => l.remainingTerm)),
  }, undefined, { repLineComparison: creditModelComparison });
  const tapeRef = loanLevel ? await findLoanTape(ctx.db, deal.deal_name, effective, poolBalance) : null;
  if (loanLevel && !tapeRef) throw new Invalid(`No loan tape is loaded for ${deal.deal_name}.`);
  const key = runDealKey(deal.deal_name, start.specVersion, tapeRef?.version ?? null);
  return {
    dealName: deal.deal_name,
    spec,
    state: start.state,
    request: { ...modelled, SettlementDate: effective, RunLoanLevel: loanLevel },
    unmodelled: { ...request, SettlementDate: effective, RunLoanLevel: loanLevel },
    settlementIso: ymdToIso(effective) ?? spec.dates.closingDate,
    // The tape is read only when a worker lacks this key (first run, restart, eviction).
    deal: dealInput(key, start.state, async () => ({ spec, tape: tapeRef ? await loadLoanTapeOf(ctx.db, tapeRef) : null })),
    creditModel,
  };
}

/** The key run workers cache a deal's spec and tape under: name, structure version, tape version (or rep lines). */
export function runDealKey(dealName: string, specVersion: string | number, tapeVersion: string | number | null): string {
  return `${dealName}|${specVersion}|${tapeVersion ?? 'rep-lines'}`;
}

/** A /simulate answer: JSON bytes, compressed in `encoding` when not null. */
export interface SimulationAnswer { bytes: Buffer; encoding: AnswerEncoding | null }

/**
 * POST /simulate: the deal's collateral and bond cashflows for one scenario, as JSON bytes in the
 * asked layout (the worker writes and compresses it; see the simulateJson task). Admins get
 * RunTime (spec 000 §6), in milliseconds, and credit-model runs their CreditModel: both are added
 * to the worker's bytes here, so those answers leave uncompressed (the HTTP layer compresses them).
 */
export async function runSimulation(
  ctx: ModuleContext, user: AuthUser, body: SimulationRequestBody,
  options: { shallow: boolean; loanLevel: boolean; layout?: SimulationLayout | undefined; encoding?: AnswerEncoding | null; signal?: AbortSignal | undefined },
): Promise<SimulationAnswer> {
  const started = performance.now();
  const run = await prepareRun(ctx, user, body, options.loanLevel || body.RunLoanLevel === true, { refuseReinsurance: true, creditModelComparison: !options.shallow });
  const addsMembers = isAdmin(user) || (run.creditModel !== null && !options.shallow);
  const encoding = addsMembers ? null : options.encoding ?? null;
  const input: SimulateJsonInput = { deal: run.deal, request: run.request, shallow: options.shallow, layout: options.layout ?? 'rows', encoding };
  const cached = asBuffer(await ctx.runResults.get(input, async () => ctx.runs.run('simulateJson', input, { userId: user.id, signal: options.signal })));
  if (!addsMembers) return { bytes: cached, encoding };
  // The model's own vectors ride beside the rows (not in the cached bytes: they are the request's).
  const json = run.creditModel && !options.shallow ? withMember(cached, 'CreditModel', run.creditModel) : cached;
  return { bytes: isAdmin(user) ? withMember(json, 'RunTime', elapsedMs(started)) : json, encoding: null };
}

/** The bytes as a Buffer over the same memory (a queue worker's answer arrives as a plain Uint8Array). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The answer object `json` with a member added last (the object's closing brace replaced). */
function withMember(json: Buffer, name: string, value: unknown): Buffer {
  return Buffer.concat([json.subarray(0, json.lastIndexOf('}')), Buffer.from(`,${JSON.stringify(name)}:${JSON.stringify(value)}}`)]);
}

/**
 * POST /simulate/save_scenario/{name}: runs like /simulate and stores the run's path as the
 * caller's scenario; it answers the run (an object: the rows are read back to build the scenario).
 */
export async function runAndSaveScenario(
  ctx: ModuleContext, user: AuthUser, body: SimulationRequestBody,
  options: { shallow: boolean; loanLevel: boolean; saveScenarioName: string; signal?: AbortSignal | undefined },
): Promise<SimulationResponse & { RunTime?: number; CreditModel?: CreditModelRun }> {
  if (!options.saveScenarioName.trim()) throw new Invalid("Please provide the scenario's name");
  const started = performance.now();
  const run = await prepareRun(ctx, user, body, options.loanLevel || body.RunLoanLevel === true, { refuseReinsurance: true, creditModelComparison: !options.shallow });
  const response: SimulationResponse & { RunTime?: number } = await ctx.runs.run(
    'simulate', { deal: run.deal, request: run.request }, { userId: user.id, signal: options.signal },
  );
  // A credit-model run stores the model's monthly vectors (exact); a CPR/CDR run its collateral rows.
  await saveRunScenario(ctx, user, options.saveScenarioName, run.dealName, response, isCreditModel(run.request.PrepaymentModel) ? run.request : null, run.request.IndexCurve ?? null);
  const answer: SimulationResponse & { RunTime?: number; CreditModel?: CreditModelRun } = options.shallow ? shallowResponse(response) : { ...response };
  if (run.creditModel && !options.shallow) answer.CreditModel = run.creditModel;
  if (isAdmin(user)) answer.RunTime = elapsedMs(started);
  return answer;
}

/** True for administrators (they see run times). */
export function isAdmin(user: AuthUser): boolean {
  return user.roles.includes('Admin');
}

/** Milliseconds since `started` (performance.now()), rounded to 0.1 ms. */
export function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

/**
 * POST /simulate/save_scenario/{name}: stores the run's per-period CPR, CDR, severity and
 * delinquency (percent, from the collateral rows: the path the run used) as the caller's own
 * scenario for the deal, overriding one of the same name, deal and vendor.
 */
export async function saveRunScenario(
  ctx: ModuleContext, user: AuthUser, scenarioName: string, dealName: string, response: SimulationResponse, monthly: SimulationRequest | null = null,
  indexCurve: readonly number[] | null = null,
): Promise<void> {
  const name = scenarioName.trim();
  if (!name) throw new Invalid("Please provide the scenario's name");
  const rows = response.CollateralCashflow;
  if (rows.length === 0) throw new Invalid('The run has no collateral periods to store.');
  const pct = (pick: (r: (typeof rows)[number]) => number) => rows.map((r) => Math.round(pick(r) * 100 * 1e8) / 1e8);
  // Monthly request vectors (leading period-0 element) cut to the run's months: scenario percent.
  const months = (v: SimulationRequest['Cpr']) => (Array.isArray(v) ? v.slice(1) : [v]).map((x) => Math.round(x * 100 * 1e8) / 1e8);
  // The run's forward curve (fractions) is saved with it, in the scenario's percent.
  const curve = { IndexCurve: (indexCurve ?? []).map((x) => Math.round(x * 100 * 1e8) / 1e8) };
  const input = ScenarioInputSchema.parse(monthly ? {
    ...curve,
    ScenarioName: name, DealName: dealName, Vendor: RUN_SCENARIO_VENDOR, Shared: false,
    Cpr: months(monthly.Cpr), Cdr: months(monthly.Cdr), LossSeverity: months(monthly.LossSeverity), Delinquency: months(monthly.Delinquency),
  } : {
    ...curve,
    ScenarioName: name, DealName: dealName, Vendor: RUN_SCENARIO_VENDOR, Shared: false,
    Cpr: pct((r) => r.CprRate), Cdr: pct((r) => r.CdrRate), LossSeverity: pct((r) => r.LossSeverityRate), Delinquency: pct((r) => r.DelinquencyRate),
  });
  await createScenariosService(ctx).save(user, [input], 'override');
}

/** Vendor of scenarios stored from a run. */
export const RUN_SCENARIO_VENDOR = 'OpenCRT';
