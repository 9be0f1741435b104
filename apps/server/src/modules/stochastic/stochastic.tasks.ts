/**
 * Engine work of POST /simulate/stochastic, run in the run service's workers: a batch of economic
 * paths, each drawn from its own seeded stream (engine stochastic/), run through the credit model
 * and the deal exactly as POST /simulate runs one request with those vectors.
 */
import {
  bondDiscountMargin, bondMetrics, bondRows, creditModelInputsOf, creditModelVectors, economicPath, isoToYmd, paymentDateCollateralRows, runCreditModel, runRequest,
  settlementOf, withModelVectors, type EconomicPath, type EconomicScenarioParameters, type ModelLoanTape, type SimulationRequest,
} from '@opencrt/engine';
import { resolveDeal, type DealInput } from '../../runs/deal-cache.ts';

export interface StochasticBatchInput {
  deal: DealInput;
  /** The prepared request (settlement, loan level, model and its tunes); its macro vectors are replaced per path. */
  request: SimulationRequest;
  settlementIso: string;
  /** The tape the credit model runs on (the same as POST /simulate's for this deal). */
  modelTape: ModelLoanTape;
  months: number;
  startCalendarMonth: number;
  parameters: EconomicScenarioParameters;
  /** Mean paths (the user's base where given); each path adds its own deviations. */
  means: EconomicPath;
  /** The settlement month's values: each returned vector's period-0 element. */
  start: { hpa: number; tsy2: number; tsy10: number; mtg30: number; mtg15: number; unemployment: number };
  seed: number;
  /** Paths [from, to) of the run. */
  from: number;
  to: number;
  /** Paths below this number also answer their economic vectors. */
  returnBelow: number;
  /** Pool balance at settlement: the denominator of cumulative collateral loss. */
  poolBalance: number;
}

export interface StochasticSample {
  Path: number;
  Hpi: number[]; Mtg30Year: number[]; Mtg15Year: number[]; Tsy2Year: number[]; Tsy10Year: number[]; NationalUnemploymentForecast: number[];
}

export interface StochasticBatchOutput {
  from: number;
  to: number;
  classNames: string[];
  /** [class][path − from]: write-down, percent of the class's balance at settlement. */
  lossPct: Float64Array[];
  /** [class][path − from]: WAL in years (NaN when the class has none). */
  wal: Float64Array[];
  /** [class][path − from]: discount margin at par, basis points (NaN when the class does not float or it fails). */
  dmBp: Float64Array[];
  /** Periods of the collateral rows (the same on every path of a deal). */
  periods: number;
  /** [(path − from) × periods + period]: cumulative collateral loss, percent of the pool at settlement (single precision: fan charts). */
  cumulativeLossPct: Float32Array;
  /** Cumulative collateral loss at the last period, full precision. */
  finalLossPct: Float64Array;
  /** [(path − from) × months + month]: home-price index, settlement = 100 (single precision: fan charts). */
  hpiIndex: Float32Array;
  samples: StochasticSample[];
}

/** The request's economic vectors for one path, in the request convention (leading period-0 element). */
export function requestWithPath(request: SimulationRequest, path: EconomicPath, start: StochasticBatchInput['start']): SimulationRequest {
  const vector = (first: number, values: Float64Array) => [first, ...Array.from(values)];
  const hpi = vector(start.hpa, path.hpa);
  return {
    ...request,
    Hpi: hpi, Hpa: hpi,
    Tsy2Year: vector(start.tsy2, path.tsy2), Tsy10Year: vector(start.tsy10, path.tsy10),
    Mtg30Year: vector(start.mtg30, path.mtg30), Mtg15Year: vector(start.mtg15, path.mtg15),
    NationalUnemploymentForecast: vector(start.unemployment, path.unemployment),
  };
}

/**
 * A path's economy into the batch's outputs (shared by deal and reinsurance batches): its home-price
 * index (settlement = 100) for the fan, and its request vectors when the path is one to return.
 */
export function recordEconomy(
  economy: EconomicPath, withPath: SimulationRequest, path: number, i: number,
  input: Pick<StochasticBatchInput, 'months' | 'returnBelow'>, hpiIndex: Float32Array, samples: StochasticSample[],
): void {
  let index = 100;
  for (let t = 0; t < input.months; t++) {
    index *= 1 + (economy.hpa[t] as number) / 12;
    hpiIndex[i * input.months + t] = index;
  }
  if (path < input.returnBelow) {
    samples.push({
      Path: path, Hpi: withPath.Hpi as number[], Mtg30Year: withPath.Mtg30Year as number[], Mtg15Year: withPath.Mtg15Year as number[],
      Tsy2Year: withPath.Tsy2Year as number[], Tsy10Year: withPath.Tsy10Year as number[], NationalUnemploymentForecast: withPath.NationalUnemploymentForecast as number[],
    });
  }
}

export function stochasticBatchTask(input: StochasticBatchInput): StochasticBatchOutput {
  const { spec, state, tape } = resolveDeal(input.deal);
  const count = input.to - input.from;
  const accrualStart = settlementOf(spec, input.request, state).accrualStart;
  let classNames: string[] = [];
  let lossPct: Float64Array[] = [];
  let wal: Float64Array[] = [];
  let dmBp: Float64Array[] = [];
  let periods = 0;
  let cumulativeLossPct = new Float32Array(0);
  const finalLossPct = new Float64Array(count);
  const hpiIndex = new Float32Array(count * input.months);
  const samples: StochasticSample[] = [];
  for (let path = input.from; path < input.to; path++) {
    const i = path - input.from;
    const economy = economicPath(input.parameters, input.means, input.seed, path);
    const withPath = requestWithPath(input.request, economy, input.start);
    // As POST /simulate: the model's vectors from these inputs, then the deal on them.
    const sums = runCreditModel(input.modelTape, creditModelInputsOf(withPath, input.startCalendarMonth), input.months);
    const modelled = withModelVectors(withPath, creditModelVectors(sums));
    const run = runRequest(spec, { ...modelled, RunLoanLevel: tape !== null && input.request.RunLoanLevel === true }, state, tape);
    // What responseOf builds for POST /simulate, less what a path does not read (misc variables, a
    // second pass over the bonds): the same rows and the same bondMetrics, so the same numbers.
    const collateral = paymentDateCollateralRows(run.flows, run.pool, run.paymentDates.map(isoToYmd));
    const bonds = bondRows(run, collateral, input.request.BondName ?? null);
    if (i === 0) {
      classNames = bonds.map((b) => b.name);
      lossPct = classNames.map(() => new Float64Array(count));
      wal = classNames.map(() => new Float64Array(count));
      dmBp = classNames.map(() => new Float64Array(count));
      periods = collateral.length;
      cumulativeLossPct = new Float32Array(count * periods);
    }
    bonds.forEach((b, k) => {
      const metrics = bondMetrics(b.rows, b.startBalance, input.settlementIso, false, b.interestOnly ? b.startBalance : null);
      (lossPct[k] as Float64Array)[i] = metrics.WritedownPct;
      (wal[k] as Float64Array)[i] = metrics.Wal > 0 ? metrics.Wal : Number.NaN;
      const dm = !b.interestOnly && b.startBalance > 0 ? bondDiscountMargin(run, b, input.settlementIso, accrualStart, 100) : null;
      (dmBp[k] as Float64Array)[i] = dm?.result.IsSuccessful ? dm.result.Value * 1e4 : Number.NaN;
    });
    let cumulative = 0;
    collateral.forEach((row, t) => {
      if (t >= periods) return;
      cumulative += row.Losses;
      cumulativeLossPct[i * periods + t] = input.poolBalance > 0 ? (cumulative / input.poolBalance) * 100 : 0;
    });
    finalLossPct[i] = input.poolBalance > 0 ? (cumulative / input.poolBalance) * 100 : 0;
    recordEconomy(economy, withPath, path, i, input, hpiIndex, samples);
  }
  return { from: input.from, to: input.to, classNames, lossPct, wal, dmBp, periods, cumulativeLossPct, finalLossPct, hpiIndex, samples };
}
