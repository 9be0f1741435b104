import { type AcisMatrixRequestBody, type AcisRequestBody, type AcisResponse, type ReinsuranceMatrixResponse } from '@opencrt/contracts';
import {
  MATRIX_CDR_PCT, MATRIX_CPR_PCT, requestToScenario, ymdToIso,
  type AcisLayerTerms, type DealScenario,
} from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { DEAL_NOT_FOUND } from '../deals/deals.service.ts';
import type { ModuleContext } from '../module.ts';
import { elapsedMs, isAdmin, prepareRun, type PreparedRun } from '../simulation/simulation.service.ts';
import { acisStacrState } from './acis-state.service.ts';
import { cancellationOf } from './cancellation-date.ts';
import { cutAfterExhausted } from './cashflow-rows.ts';
import { checkReinsuranceRequest, checkSettlementBeforeMaturity, type ReinsuranceSettings } from './reinsurance-inputs.ts';
import { dealInput } from '../../runs/deal-cache.ts';
import { mergeRowGroups, splitRows } from '../../runs/row-groups.ts';
import type { AcisTaskInput } from './reinsurance.tasks.ts';

export interface AcisPrepared {
  run: PreparedRun;
  layer: AcisLayerTerms;
  scenario: DealScenario;
  settings: ReinsuranceSettings;
  stacrDealName: string;
}

/** The last day of a date's month, ISO (the cover runs to the end of the chosen call month; MiscVariables.CoverEndDate showed '2025-06-31'). */
function monthEndIso(ymd: number): string {
  const y = Math.floor(ymd / 10000);
  const m = Math.floor(ymd / 100) % 100;
  return `${y}-${String(m).padStart(2, '0')}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

const couponRate = (coupon: unknown): number | null => {
  const c = coupon as { kind?: string; annualPctOfLimit?: number } | null;
  return c?.kind === 'premium' && typeof c.annualPctOfLimit === 'number' ? c.annualPctOfLimit / 100 : null;
};

/**
 * Resolves an ACIS run: the ACIS deal (assigned to the user), the insured layer (its STACR
 * tranche and premium rate on limit from the deal's bonds), the STACR structure and state the
 * deals module stores for the ACIS deal, and the cover end: the policy maturity, or the
 * optional cancellation (ACIS call) date when Cancellation is on.
 */
export async function prepareAcis(ctx: ModuleContext, user: AuthUser, body: AcisRequestBody, beforeClosing: 'refuse' | 'closing' = 'refuse'): Promise<AcisPrepared> {
  const repo = createDealsRepository(ctx.db);
  const deal = await repo.findAssigned(user.id, body.DealName);
  if (!deal) throw new NotFound(DEAL_NOT_FOUND);
  if (deal.deal_type !== 'ACIS') throw new Invalid(`${deal.deal_name} is not an ACIS deal.`);
  checkSettlementBeforeMaturity(body.SettlementDate, deal.maturity_date);
  const checked = await checkReinsuranceRequest(ctx, user, body);
  const bonds = await repo.bonds(deal.deal_name);
  const bond = bonds.find((b) => b.bond_name.toLowerCase() === body.BondName.toLowerCase() && b.acis_stacr_bond);
  if (!bond?.acis_stacr_bond) throw new NotFound(`Bond ${body.BondName} was not found in ${deal.deal_name}.`);
  const rate = couponRate(bond.coupon);
  if (rate === null) throw new Invalid(`The premium of ${deal.deal_name} ${bond.bond_name} is not known.`);
  // The STACR run ignores the request's own call switch: Cancellation is the ACIS call here.
  const prepared = await prepareRun(ctx, user, { ...checked.body, DealName: deal.deal_name, Cancellation: false }, false, { beforeClosing });
  const start = await ctx.runDeals.start(ctx.db, deal.deal_name, Number(prepared.request.SettlementDate));
  const state = await acisStacrState(ctx.db, deal.deal_name, prepared.spec, prepared.state, start?.remitDate ?? null, bonds);
  const run: PreparedRun = { ...prepared, state, deal: dealInput(prepared.deal.key, state, () => ({ spec: prepared.spec, tape: null })) };
  const maturity = ymdToIso(deal.maturity_date);
  // The ACIS call: the chosen month (covered to its end) or the optional cancellation date itself.
  const callYmd = cancellationOf(body.Cancellation, body.CancellationDate, deal.optional_cancellation_date);
  const call = callYmd === null ? null : body.CancellationDate ? monthEndIso(callYmd) : ymdToIso(callYmd);
  const ends = [maturity, call].filter((x): x is string => x !== null).sort();
  const scenario: DealScenario = {
    ...requestToScenario(run.spec, run.request),
    // Coverage ends at the STACR clean-up redemption; the STACR time call is not exercised.
    cleanUpCall: true, timeCall: false,
  };
  return {
    run, scenario, settings: checked.settings, stacrDealName: run.spec.dealName,
    layer: { stacrTranche: bond.acis_stacr_bond, annualPremiumRate: rate, initialLimit: checked.settings.initialLimit, coverEndDate: ends[0] ?? null },
  };
}

const failed = (error: unknown): never => {
  if (error instanceof Error && /not in|no notional/.test(error.message)) throw new Invalid(error.message);
  throw error;
};

/** The engine inputs of an ACIS run. */
function acisTaskInput(p: AcisPrepared): AcisTaskInput {
  return {
    deal: p.run.deal, scenario: p.scenario, layer: p.layer, settlementIso: p.run.settlementIso,
    collateral: { collateralPct: p.settings.collateralPct, interestRate: p.settings.interestRate },
    prerun: p.run.request.UserCollateralCashflow ?? null,
  };
}

/** POST /simulate/acis: one ACIS layer's reinsurer cashflow and metrics (spec 001 §3.6). */
export async function runAcisRequest(ctx: ModuleContext, user: AuthUser, body: AcisRequestBody, signal?: AbortSignal): Promise<AcisResponse> {
  const started = performance.now();
  const p = await prepareAcis(ctx, user, body);
  const { cashflow: cf, misc } = await ctx.runs.run('acis', acisTaskInput(p), { userId: user.id, signal }).catch(failed);
  return {
    AcisCashflow: cutAfterExhausted(cf.rows),
    MiscVariables: {
      ...misc, StacrDealName: p.stacrDealName, StacrBondName: p.layer.stacrTranche, AnnualPremiumRate: p.layer.annualPremiumRate,
      CoverEndDate: p.layer.coverEndDate, YieldConvention: '12 x monthly IRR of NetInsuranceCashflow (fraction)',
    },
    Wal: cf.wal,
    ReductionInLiabilityWindow: cf.reductionWindow,
    InsurerPaidLosses: cf.totals.InsurerPaidLosses,
    FirstLossPeriod: cf.firstLossPeriod,
    AcisCashflowTotals: cf.totals,
    LineMetrics: cf.lineMetrics,
    Yield: cf.yield,
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}

/** The grids of a reinsurance matrix (merged from row groups). */
export const REINSURANCE_GRIDS = ['Yield', 'RateOnLine', 'LossOnLine', 'ReturnOnLine'] as const;

/** Checks of a matrix run shared by ACIS and CIRT (spec 000 §5 messages). */
export function checkMatrixBody(body: { PrepaymentModel?: string | null | undefined; UserCollateralCashflow?: unknown; SelectedScenarioId?: number | null | undefined; MatrixCpr?: number[] | undefined; MatrixCdr?: number[] | undefined }): { cprs: number[]; cdrs: number[] } {
  if (body.PrepaymentModel && body.PrepaymentModel !== 'UserDefined') throw new Invalid('Matrix does not support prepayment models.');
  if (body.UserCollateralCashflow) throw new Invalid('Matrix does not support prerun cashflows.');
  if (body.SelectedScenarioId) throw new Invalid('Not supported scenario type.');
  const cprs = body.MatrixCpr ?? [...MATRIX_CPR_PCT];
  const cdrs = body.MatrixCdr ?? [...MATRIX_CDR_PCT];
  if (cprs.length === 0 || cdrs.length === 0) throw new Invalid('A matrix needs at least one CPR and one CDR.');
  return { cprs, cdrs };
}

/** POST /simulate/acis/matrix: ROI and line metrics over the CPR × CDR grid ([cdr][cpr]). */
export async function runAcisMatrixRequest(ctx: ModuleContext, user: AuthUser, body: AcisMatrixRequestBody, signal?: AbortSignal): Promise<ReinsuranceMatrixResponse> {
  const { cprs, cdrs } = checkMatrixBody(body);
  const started = performance.now();
  // CPR and CDR come from the axes; the request's own only need to be valid numbers.
  const p = await prepareAcis(ctx, user, { ...body, Cpr: body.Cpr ?? 0, Cdr: body.Cdr ?? 0 });
  const input = acisTaskInput(p);
  const groups = splitRows(cdrs, cprs.length, ctx.runs.parallelism);
  const outcomes = await ctx.runs.runBatch('acisMatrixRows', groups.map((rows) => ({ ...input, cprPct: cprs, cdrPct: rows })), { userId: user.id, signal });
  const m = (() => { try { return mergeRowGroups(outcomes, REINSURANCE_GRIDS); } catch (e) { return failed(e); } })();
  return {
    Cpr: cprs, Cdr: cdrs, Yield: m.Yield,
    LineMetrics: { RateOnLine: m.RateOnLine, LossOnLine: m.LossOnLine, ReturnOnLine: m.ReturnOnLine },
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}
