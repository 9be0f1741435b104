/**
 * One portfolio line under one scenario (spec 002 "Response entry"): the engine task behind
 * POST /simulate/portfolio and the vendor grid. Pure: it runs inside the run service's workers and
 * gets everything (deal spec, state, policy terms) from the route's preparation.
 */
import {
  bondMetrics, bondRows, classDayCount, cutRows, irrMonthly, lineMetrics, paymentDateCollateralRows, pricingCashflows, requestToScenario, requestVectorToRate,
  runAcis, runCirt, runRequest, settlementOf, spreadFromPrice, yieldFromPrice, isoToYmd,
  type AcisLayerTerms, type BondCashflowRow, type CirtRunInput, type CollateralTerms, type InsuranceRow,
  type InsuranceYield, type SimulationRequest,
} from '@opencrt/engine';
import { resolveDeal, type DealInput } from '../../runs/deal-cache.ts';
import { cutAfterExhausted } from '../acis-cirt/cashflow-rows.ts';
import { acisStacrRun } from '../acis-cirt/reinsurance.tasks.ts';

/** A scenario's four vectors in the request convention (fractions, leading period-0 element). */
export interface ScenarioVectors { Cpr: number[]; Cdr: number[]; LossSeverity: number[]; Delinquency: number[] }

export type PortfolioLineInput =
  | { kind: 'ACIS'; deal: DealInput; request: SimulationRequest; layer: AcisLayerTerms; collateral: CollateralTerms; settlementIso: string; vectors: ScenarioVectors | null }
  | { kind: 'CIRT'; cirt: CirtRunInput; vectors: ScenarioVectors | null }
  | { kind: 'Bond'; deal: DealInput; request: SimulationRequest; settlementIso: string; bondName: string; price: number; faceAmt: number; benchmark: number; vectors: ScenarioVectors | null };

export interface PortfolioLineOutput {
  kind: 'ACIS' | 'CIRT' | 'Bond';
  insuranceRows: InsuranceRow[];
  bondRows: BondCashflowRow[];
  yield: InsuranceYield;
  spread: InsuranceYield;
  lineMetrics: { RateOnLine: number | null; LossOnLine: number | null; ReturnOnLine: number | null };
  wal: number;
  writedownPct: number;
  projectedLosses: number;
  originalBalance: number;
  currentBalance: number;
  collateralLossesPct: number | null;
}

const noSpread: InsuranceYield = { IsSuccessful: false, Value: null, ErrorMessage: "Can't compute Spread." };
const outcome = (r: { IsSuccessful: boolean; Value?: number | null; ErrorMessage?: string | null }): InsuranceYield =>
  r.IsSuccessful ? { IsSuccessful: true, Value: r.Value ?? null, ErrorMessage: null } : { IsSuccessful: false, Value: null, ErrorMessage: r.ErrorMessage ?? null };

/** Reference-pool loss of insurance rows: Σ CollateralLosses over the pool at the first row, percent. */
function poolLossPct(rows: readonly InsuranceRow[]): number | null {
  const start = rows[0]?.CollateralBalance ?? 0;
  if (!(start > 0)) return null;
  return (100 * rows.reduce((s, r) => s + (r.IsHistorical ? 0 : r.CollateralLosses), 0)) / start;
}

function insuranceOutput(kind: 'ACIS' | 'CIRT', cf: ReturnType<typeof runAcis>, limit: number): PortfolioLineOutput {
  const rows = cutAfterExhausted(cf.rows);
  return {
    kind, insuranceRows: rows, bondRows: [], yield: cf.yield, spread: noSpread, lineMetrics: cf.lineMetrics, wal: cf.wal,
    writedownPct: cf.writedownPct, projectedLosses: cf.totals.InsurerPaidLosses, originalBalance: limit,
    currentBalance: rows[0]?.RemainingLiability ?? limit, collateralLossesPct: poolLossPct(rows),
  };
}

/** Runs one line; throws the engine's message when the line cannot run. */
export function runPortfolioLine(input: PortfolioLineInput): PortfolioLineOutput {
  if (input.kind === 'ACIS') {
    const request = input.vectors ? { ...input.request, ...input.vectors } : input.request;
    const { spec, state } = resolveDeal(input.deal);
    // Coverage ends at the STACR clean-up redemption; the STACR time call is not exercised (as /simulate/acis).
    const deal = acisStacrRun(spec, { ...requestToScenario(spec, request), cleanUpCall: true, timeCall: false }, state, request.UserCollateralCashflow, input.settlementIso);
    return insuranceOutput('ACIS', runAcis(deal, input.layer, input.collateral, input.settlementIso), input.layer.initialLimit);
  }
  if (input.kind === 'CIRT') {
    const v = input.vectors;
    const cirt: CirtRunInput = v ? {
      ...input.cirt,
      scenario: {
        ...input.cirt.scenario,
        prepay: { kind: 'annual', values: requestVectorToRate(v.Cpr) }, default: { kind: 'annual', values: requestVectorToRate(v.Cdr) },
        severity: requestVectorToRate(v.LossSeverity), delinquency: requestVectorToRate(v.Delinquency),
      },
    } : input.cirt;
    return insuranceOutput('CIRT', runCirt(cirt).cashflow, cirt.userLimit);
  }
  const request = input.vectors ? { ...input.request, ...input.vectors } : input.request;
  const { spec, state } = resolveDeal(input.deal);
  // The collateral is the entry's prerun cashflow when it has one (runRequest), else the rep lines.
  const deal = runRequest(spec, { ...request, RunLoanLevel: false }, state);
  // The collateral rows give the bond rows their CPR / CDR / severity / delinquency columns (as the bond screen's run does).
  const collateral = paymentDateCollateralRows(deal.flows, deal.pool, deal.paymentDates.map(isoToYmd));
  const bond = bondRows(deal, collateral, input.bondName)[0];
  if (!bond) throw new Error(`Bond ${input.bondName} was not found in ${spec.dealName}.`);
  const scale = bond.originalBalance > 0 ? input.faceAmt / bond.originalBalance : 0;
  const metrics = bondMetrics(bond.rows, bond.startBalance, input.settlementIso, false, bond.interestOnly ? bond.startBalance : null);
  // Accrued interest in the class's day count (30/360 fixed, act/360 floaters), as the bond screen's runs (issue 25 #3).
  const pricing = pricingCashflows(bond, input.settlementIso, settlementOf(spec, request, state).accrualStart, classDayCount(spec, input.bondName));
  const y = yieldFromPrice(pricing, input.price);
  const s = spreadFromPrice(pricing, input.price, input.benchmark, metrics.Wal);
  const rows = cutRows(bond.rows.map((r) => ({
    ...r, Balance: r.Balance * scale, Interest: r.Interest * scale, Principal: r.Principal * scale, Cash: r.Cash * scale, ActualWriteDown: r.ActualWriteDown * scale,
  })), bond.startBalance * scale);
  const first = collateral[0];
  const poolStart = first ? first.Balance + first.ScheduledPrincipal + first.PrepaidPrincipal + first.Defaults : 0;
  return {
    kind: 'Bond', insuranceRows: [], bondRows: rows, yield: outcome(y), spread: outcome(s),
    lineMetrics: { RateOnLine: null, LossOnLine: null, ReturnOnLine: null }, wal: metrics.Wal, writedownPct: metrics.WritedownPct,
    projectedLosses: rows.reduce((sum, r) => sum + r.ActualWriteDown, 0), originalBalance: input.faceAmt, currentBalance: bond.startBalance * scale,
    collateralLossesPct: poolStart > 0 ? (100 * collateral.reduce((sum, r) => sum + r.Losses, 0)) / poolStart : null,
  };
}

/** Portfolio yield of summed insurance rows: 12 × monthly IRR of the summed net cashflow. */
export function insurancePortfolioYield(rows: readonly InsuranceRow[]): InsuranceYield {
  return outcome(irrMonthly(rows.map((r) => r.NetInsuranceCashflow)));
}

/** Line metrics of summed insurance rows (limit-years of the summed liability). */
export function insurancePortfolioLineMetrics(rows: readonly InsuranceRow[]) {
  const m = lineMetrics(rows[0]?.RemainingLiability ?? 0, rows.slice(1).map((r) => ({
    period: r.Period, limit: r.RemainingLiability, premium: r.InsurancePremium, insurerPaidLoss: r.InsurerPaidLosses,
  })));
  return { RateOnLine: m.rateOnLine, LossOnLine: m.lossOnLine, ReturnOnLine: m.marginOnLine };
}

/** What a grid cell keeps of a line: metrics only (rows stay in the worker), or the error's message. */
export interface PortfolioCellMetrics {
  Error: string | null;
  Yield: number | null;
  YieldError: string | null;
  RateOnLine: number | null;
  LossOnLine: number | null;
  ReturnOnLine: number | null;
  CollateralLossesPct: number | null;
  Wal: number | null;
  WritedownPct: number | null;
  Spread: number | null;
  CurrentBalance: number | null;
}

/** The vendor grid's task: one line under one scenario, answered as metrics; a failure is the cell's Error. */
export function runPortfolioCell(input: PortfolioLineInput): PortfolioCellMetrics {
  try {
    const o = runPortfolioLine(input);
    return {
      Error: null, Yield: o.yield.IsSuccessful ? o.yield.Value : null, YieldError: o.yield.IsSuccessful ? null : o.yield.ErrorMessage,
      RateOnLine: o.lineMetrics.RateOnLine, LossOnLine: o.lineMetrics.LossOnLine, ReturnOnLine: o.lineMetrics.ReturnOnLine,
      CollateralLossesPct: o.collateralLossesPct, Wal: o.wal, WritedownPct: o.writedownPct, Spread: o.spread.IsSuccessful ? o.spread.Value : null,
      CurrentBalance: o.currentBalance,
    };
  } catch (error) {
    // A deal not cached in this worker must reach the run service, which resends the deal.
    if (error instanceof Error && error.name === 'DealNotCached') throw error;
    return {
      Error: error instanceof Error ? error.message : String(error), Yield: null, YieldError: null, RateOnLine: null, LossOnLine: null,
      ReturnOnLine: null, CollateralLossesPct: null, Wal: null, WritedownPct: null, Spread: null, CurrentBalance: null,
    };
  }
}
