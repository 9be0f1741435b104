import { type CirtMatrixRequestBody, type CirtRequestBody, type CirtResponse, type ReinsuranceMatrixResponse } from '@opencrt/contracts';
import {
  addMonthsOnDay, userCollateralProblems, ymdToIso,
  type CirtPolicyTerms, type CirtPoolMonth, type CirtRunInput, type SimulationRequest,
} from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { DEAL_NOT_FOUND } from '../deals/deals.service.ts';
import { applyCreditModel, type ModelDeal } from '../credit-models/credit-model.service.ts';
import type { ModuleContext } from '../module.ts';
import { elapsedMs, isAdmin } from '../simulation/simulation.service.ts';
import { mergeRowGroups, splitRows } from '../../runs/row-groups.ts';
import { checkMatrixBody, REINSURANCE_GRIDS } from './acis-runs.service.ts';
import { cancellationOf, monthIndex } from './cancellation-date.ts';
import { cutAfterExhausted } from './cashflow-rows.ts';
import { cirtScenarioOf } from './cirt-scenario.ts';
import { cirtStepdowns } from './cirt-terms.loader.ts';
import { customCirtStepdowns } from '../custom-deals/custom-cirt-terms.ts';
import { checkReinsuranceRequest, checkSettlementAfterClosing, checkSettlementBeforeMaturity } from './reinsurance-inputs.ts';

/** Deal month (1 = the month of the first payment date) of a date YYYYMMDD. */
const dealMonthOf = (ymd: number, firstPayment: number): number => monthIndex(ymd) - monthIndex(firstPayment) + 1;

/**
 * Everything a CIRT run needs from the database and the catalog: policy terms (retention $ =
 * attachment % × original pool, limit $ = the insured layer's balance, premium on UPB from the
 * layer's coupon), the remittance history up to the settlement date, and the pool at that date.
 */
export async function prepareCirt(...args: Parameters<typeof prepareCirtPolicy>): Promise<CirtRunInput> {
  return (await prepareCirtPolicy(...args)).input;
}

/**
 * prepareCirt, with what a stochastic run replaces per path: the request before the credit model
 * and the pool the model ran on (its line, balance, start and horizon).
 */
export async function prepareCirtPolicy(
  ctx: ModuleContext, user: AuthUser, body: CirtRequestBody,
  /**
   * 'refuse' (the CIRT screen and API): an activity date before the deal's closing is refused.
   * 'closing' (portfolio lines): the portfolio's one date is the activity date of every line, and a
   * policy written after it is valued from its closing, as before issue 34.
   */
  beforeClosing: 'refuse' | 'closing' = 'refuse',
): Promise<{ input: CirtRunInput; unmodelled: SimulationRequest; modelDeal: ModelDeal; layerName: string }> {
  const repo = createDealsRepository(ctx.db);
  const deal = await repo.findAssigned(user.id, body.DealName);
  if (!deal) throw new NotFound(DEAL_NOT_FOUND);
  if (deal.deal_type !== 'CIRT') throw new Invalid(`${deal.deal_name} is not a CIRT deal.`);
  checkSettlementBeforeMaturity(body.SettlementDate, deal.maturity_date);
  if (beforeClosing === 'refuse') checkSettlementAfterClosing(body.SettlementDate, deal);
  // A CIRT reference pool is disclosed as monthly pool remittances, never as a loan tape: a
  // loan-level request would silently run the rep line (issue 34 #6), so it is refused.
  if (body.RunLoanLevel === true) {
    throw new Invalid(`Loan-level runs are not available for ${deal.deal_name}: a CIRT deal has no loan tape (its reference pool is reported as pool totals only). Run it without RunLoanLevel.`);
  }
  const checked = await checkReinsuranceRequest(ctx, user, body);
  const settings = checked.settings;
  let request = checked.request;
  const prerun = request.UserCollateralCashflow ?? null;
  if (prerun) {
    const problems = userCollateralProblems(prerun);
    if (problems.length) throw new Invalid(problems.join('\n'));
    // The file replaces the speeds (spec 002: either a cashflow or the speeds); missing ones are 0.
    request = { ...request, Cpr: request.Cpr ?? 0, Cdr: request.Cdr ?? 0, LossSeverity: request.LossSeverity ?? 0, Delinquency: request.Delinquency ?? 0 };
  }
  const layer = (await repo.bonds(deal.deal_name)).find((b) => !b.is_senior && (b.coupon as { kind?: string } | null)?.kind === 'premium');
  const coupon = layer?.coupon as { monthlyPctOfUpb?: number; annualPctOfLimit?: number } | undefined;
  if (!layer || layer.attachment_pct === null || layer.detachment_pct === null || !coupon) throw new Invalid(`The CIRT policy of ${deal.deal_name} is not complete.`);
  const pool = Number(deal.original_balance);
  const firstPayment = deal.first_payment_date;
  const cancelDate = cancellationOf(body.Cancellation, body.CancellationDate, deal.optional_cancellation_date);
  const cancellationMonth = cancelDate === null ? null : dealMonthOf(cancelDate, firstPayment);
  const terms: CirtPolicyTerms = {
    originalPoolBalance: pool,
    retention: (layer.attachment_pct / 100) * pool,
    limit: Number(layer.original_balance),
    limitPct: (layer.detachment_pct - layer.attachment_pct) / 100,
    premium: typeof coupon.monthlyPctOfUpb === 'number' ? { basis: 'upb', monthlyRate: coupon.monthlyPctOfUpb / 100 } : { basis: 'limit', annualRate: (coupon.annualPctOfLimit ?? 0) / 100 },
    stepdowns: deal.custom_deal_id !== null ? await customCirtStepdowns(ctx, deal.deal_name) : cirtStepdowns(deal.deal_name),
    cleanUpFraction: Number(deal.early_redemption_pct) / 100,
    cancellationMonth,
    termMonths: dealMonthOf(deal.maturity_date, firstPayment) - 1,
  };
  const settlement = Math.max(Number(request.SettlementDate ?? 0) || deal.issue_date, deal.issue_date);
  const remits = (await repo.remitHistory(deal.deal_name)).slice().reverse();
  const past = remits.filter((r) => r.date <= settlement);
  let cumulative = 0;
  const history: CirtPoolMonth[] = past.map((r) => {
    const loss = Number(r.cumulative_loss) - cumulative;
    cumulative = Number(r.cumulative_loss);
    const dlq = (Number(r.delinquency60_pct) + Number(r.delinquency90plus_pct)) / 100;
    const iso = ymdToIso(r.date) ?? '';
    return {
      paymentDate: iso, upbEnd: Number(r.current_balance), loss, nonPerforming: dlq * Number(r.current_balance),
      cpr: Number(r.cpr_1mo) / 100, cdr: 0, severity: 0, delinquency: dlq, historical: true,
    };
  });
  // deals.wam/wala are at the factor date (after every remittance); roll them back to the settlement.
  const h = history.length;
  const wamAtStart = Number(deal.wam) + remits.length - h;
  const walaAtStart = Number(deal.wala) - remits.length + h;
  const startBalance = past.at(-1) ? Number(past.at(-1)?.current_balance) : pool;
  const poolLine = { balance: startBalance, grossRate: Number(deal.wac) / 100, netRate: Number(deal.wac) / 100, remainingTerm: Math.max(1, wamAtStart), age: walaAtStart };
  // A credit model gives the pool's speeds (on the deal's loans when it has a tape, else its WAC/WAM line).
  const unmodelled = request;
  const modelDeal: ModelDeal = { dealName: deal.deal_name, settlementDate: settlement, poolBalance: startBalance, lines: [poolLine], months: poolLine.remainingTerm };
  if (!prerun) request = await applyCreditModel(ctx, user, request, modelDeal);
  const scenario = cirtScenarioOf(request);
  const firstProjected = ymdToIso(firstPayment) ?? '';
  const payDay = firstPayment % 100;
  const firstProjectedDate = addMonthsOnDay(firstProjected, h, payDay);
  return {
    input: {
      terms, history,
      lines: [poolLine],
      scenario, userCollateral: prerun, firstProjectedDate, paymentDay: payDay, userLimit: settings.initialLimit,
      collateral: { collateralPct: settings.collateralPct, interestRate: settings.interestRate }, includeHistorical: false,
    },
    unmodelled, modelDeal, layerName: layer.bond_name,
  };
}

const engineFailure = (error: unknown): never => {
  if (error instanceof Error && !(error instanceof Invalid) && /CIRT policy/.test(error.message)) throw new Invalid(error.message);
  throw error;
};

/**
 * POST /simulate/cirt?includeHistorical=: the policy's reinsurer cashflow (spec 001 §3.7).
 * Run Scenario (Blended) — includeHistorical=true, the remittance months shown first — is for
 * administrators only.
 */
export async function runCirtRequest(ctx: ModuleContext, user: AuthUser, body: CirtRequestBody, includeHistorical: boolean, signal?: AbortSignal): Promise<CirtResponse> {
  if (includeHistorical && !rolesGrant(user.roles, 'admin')) throw new Forbidden('Run Scenario (Blended) is for administrators only.');
  const started = performance.now();
  const input = await prepareCirt(ctx, user, body);
  const run = await ctx.runs.run('cirt', { ...input, includeHistorical }, { userId: user.id, signal }).catch(engineFailure);
  const cf = run.cashflow;
  return {
    CirtCashflow: cutAfterExhausted(cf.rows),
    MiscVariables: {
      Share: run.share, DealLimitAtStart: run.dealLimitAtStart, CancellationMonth: input.terms.cancellationMonth, TermMonths: input.terms.termMonths,
      PremiumBasis: input.terms.premium.basis, HistoricalMonths: input.history.length, YieldConvention: '12 x monthly IRR of NetInsuranceCashflow (fraction)',
    },
    PolicyInformation: run.policy,
    Wal: cf.wal,
    LossWindow: cf.lossWindow,
    WritedownPct: cf.writedownPct,
    FirstLossPeriod: cf.firstLossPeriod,
    CirtCashflowTotals: cf.totals,
    LineMetrics: cf.lineMetrics,
    Yield: cf.yield,
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}

/** POST /simulate/cirt/matrix: ROI and line metrics over the CPR × CDR grid ([cdr][cpr]). */
export async function runCirtMatrixRequest(ctx: ModuleContext, user: AuthUser, body: CirtMatrixRequestBody, signal?: AbortSignal): Promise<ReinsuranceMatrixResponse> {
  const { cprs, cdrs } = checkMatrixBody(body);
  const started = performance.now();
  const input = await prepareCirt(ctx, user, { ...body, Cpr: body.Cpr ?? 0, Cdr: body.Cdr ?? 0 });
  const groups = splitRows(cdrs, cprs.length, ctx.runs.parallelism);
  const outcomes = await ctx.runs.runBatch('cirtMatrixRows', groups.map((rows) => ({ run: input, cprPct: cprs, cdrPct: rows })), { userId: user.id, signal });
  const m = (() => { try { return mergeRowGroups(outcomes, REINSURANCE_GRIDS); } catch (e) { return engineFailure(e); } })();
  return {
    Cpr: cprs, Cdr: cdrs, Yield: m.Yield,
    LineMetrics: { RateOnLine: m.RateOnLine, LossOnLine: m.LossOnLine, ReturnOnLine: m.ReturnOnLine },
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}
