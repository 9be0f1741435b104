/**
 * Engine work of POST /simulate/stochastic on an ACIS or CIRT deal, run in the run service's
 * workers: each path's economic vectors go through the credit model, then the layer is run exactly
 * as POST /simulate/acis or /simulate/cirt runs a request carrying those vectors (acisTask, runCirt),
 * so a returned path replays to the same layer loss. The batch answers the shape of a deal's batch
 * (the layer is the one "class") plus each path's line metrics.
 */
import {
  creditModelInputsOf, creditModelVectors, economicPath, requestToScenario, runAcis, runCirt, runCreditModel, withModelVectors,
  type AcisLayerTerms, type CirtRunInput, type ReinsurerCashflow, type SimulationRequest,
} from '@opencrt/engine';
import type { StochasticResponse } from '@opencrt/contracts';
import { resolveDeal, type DealInput } from '../../runs/deal-cache.ts';
import { cirtScenarioOf } from '../acis-cirt/cirt-scenario.ts';
import { acisStacrRun } from '../acis-cirt/reinsurance.tasks.ts';
import { stochasticSummaryTask, type StochasticSummaryInput } from './stochastic-summary.ts';
import { recordEconomy, requestWithPath, type StochasticBatchInput, type StochasticBatchOutput, type StochasticSample } from './stochastic.tasks.ts';

/** The layer a path runs: an ACIS layer on its STACR deal, or a CIRT policy. */
export type ReinsuranceLayer =
  | { kind: 'acis'; name: string; layer: AcisLayerTerms; collateral: { collateralPct: number; interestRate: number } }
  | { kind: 'cirt'; name: string; policy: CirtRunInput };

export type ReinsuranceBatchInput = Omit<StochasticBatchInput, 'deal' | 'poolBalance'> & {
  layer: ReinsuranceLayer;
  /** ACIS: the STACR deal under the layer (top level: the run service sends it by key, as `deal` of any task). */
  deal: DealInput | null;
};

export interface ReinsuranceBatchOutput extends StochasticBatchOutput {
  /** [path − from]: RateOnLine and LossOnLine of the path, percent a year on limit-years (NaN when undefined). */
  rateOnLinePct: Float64Array;
  lossOnLinePct: Float64Array;
}

/** The reinsurer cashflow of one path's modelled request. */
function runLayer(layer: ReinsuranceLayer, deal: DealInput | null, modelled: SimulationRequest, settlementIso: string): ReinsurerCashflow {
  if (layer.kind === 'cirt') return runCirt({ ...layer.policy, scenario: cirtScenarioOf(modelled), includeHistorical: false }).cashflow;
  if (!deal) throw new Error('An ACIS layer runs on its STACR deal.');
  const { spec, state } = resolveDeal(deal);
  // As prepareAcis: the STACR run ends cover at the clean-up redemption; the time call is not exercised.
  const scenario = { ...requestToScenario(spec, modelled), cleanUpCall: true, timeCall: false };
  return runAcis(acisStacrRun(spec, scenario, state, null, settlementIso), layer.layer, layer.collateral, settlementIso);
}

const pct = (x: number | null) => (x === null || !Number.isFinite(x) ? Number.NaN : x * 100);

export function reinsuranceStochasticBatchTask(input: ReinsuranceBatchInput): ReinsuranceBatchOutput {
  const count = input.to - input.from;
  // Cumulative reference-pool loss by period over the model horizon (after cover ends it stays flat).
  const periods = input.months;
  const lossPct = new Float64Array(count);
  const wal = new Float64Array(count);
  const rateOnLinePct = new Float64Array(count);
  const lossOnLinePct = new Float64Array(count);
  const cumulativeLossPct = new Float32Array(count * periods);
  const finalLossPct = new Float64Array(count);
  const hpiIndex = new Float32Array(count * input.months);
  const samples: StochasticSample[] = [];
  for (let path = input.from; path < input.to; path++) {
    const i = path - input.from;
    const economy = economicPath(input.parameters, input.means, input.seed, path);
    const withPath = requestWithPath(input.request, economy, input.start);
    const sums = runCreditModel(input.modelTape, creditModelInputsOf(withPath, input.startCalendarMonth), input.months);
    const cf = runLayer(input.layer, input.deal, withModelVectors(withPath, creditModelVectors(sums)), input.settlementIso);
    lossPct[i] = cf.writedownPct;
    wal[i] = cf.wal > 0 ? cf.wal : Number.NaN;
    rateOnLinePct[i] = pct(cf.lineMetrics.RateOnLine);
    lossOnLinePct[i] = pct(cf.lineMetrics.LossOnLine);
    // Row 0 is the start of cover: its pool balance is the denominator.
    const projected = cf.rows.filter((r) => !r.IsHistorical);
    const pool = projected[0]?.CollateralBalance ?? 0;
    let cumulative = 0;
    for (let t = 0; t < periods; t++) {
      cumulative += projected[t + 1]?.CollateralLosses ?? 0;
      cumulativeLossPct[i * periods + t] = pool > 0 ? (cumulative / pool) * 100 : 0;
    }
    finalLossPct[i] = pool > 0 ? (cumulative / pool) * 100 : 0;
    recordEconomy(economy, withPath, path, i, input, hpiIndex, samples);
  }
  return {
    from: input.from, to: input.to, classNames: [input.layer.name], lossPct: [lossPct], wal: [wal], dmBp: [new Float64Array(count).fill(Number.NaN)],
    periods, cumulativeLossPct, finalLossPct, hpiIndex, samples, rateOnLinePct, lossOnLinePct,
  };
}

function meanOf(batches: readonly ReinsuranceBatchOutput[], pick: (b: ReinsuranceBatchOutput) => Float64Array): number {
  let sum = 0;
  let n = 0;
  for (const b of batches) for (const v of pick(b)) if (Number.isFinite(v)) { sum += v; n++; }
  return n > 0 ? sum / n : 0;
}

/**
 * The deal summary of the layer, plus its line metrics: expected loss on line and rate on line are
 * the means over paths of each path's LossOnLine and RateOnLine (as POST /simulate/acis and /cirt
 * answer them), and the margin over expected loss is their difference.
 */
export function reinsuranceStochasticSummaryTask(input: StochasticSummaryInput & { batches: ReinsuranceBatchOutput[] }): Omit<StochasticResponse, 'RunTime'> {
  const summary = stochasticSummaryTask(input);
  const round = (x: number) => Number(x.toFixed(6));
  const lossOnLine = meanOf(input.batches, (b) => b.lossOnLinePct);
  const rateOnLine = meanOf(input.batches, (b) => b.rateOnLinePct);
  return {
    ...summary,
    Classes: summary.Classes.map((c) => ({
      ...c, ExpectedLossOnLinePct: round(lossOnLine), RateOnLinePct: round(rateOnLine), MarginOverExpectedLossPct: round(rateOnLine - lossOnLine),
    })),
  };
}
