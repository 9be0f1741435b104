/**
 * A stochastic model of the monthly economic inputs the credit models read (issue 35 #1):
 *
 * - Home prices. Annualised monthly growth x_t = trend_t + noise_t: the trend is an AR(1) around its
 *   mean (momentum: this year's growth carries into next year's; mean reversion: it decays to the long-run
 *   mean with `persistence` per month) and the noise is month-to-month measurement-like variation.
 * - Rates. One factor: the 2-year Treasury follows a Vasicek short-rate process. The 10-year loads on
 *   that factor (`loading`) plus a mean-reverting term spread; the 30-year mortgage rate is the 10-year
 *   plus a mean-reverting spread, the 15-year the 30-year less a mean-reverting discount.
 * - Unemployment mean-reverts and rises when home-price growth falls below its mean path.
 *
 * Every series is its MEAN PATH plus a zero-start DEVIATION. With the user's base path, that path is the
 * mean. Without one, home-price growth decays from today's (the settlement month's) to its long-run mean,
 * rates and unemployment stay at today's levels (the 2004–2021 sample's own averages, a decade at zero rates
 * and the post-crisis unemployment, are not imposed on a forward-looking path: docs/economic-scenarios.md),
 * and the mortgage spreads revert to their means. Values are fractions in the units POST /simulate takes
 * (Hpi/Hpa: annual growth, rates, unemployment), clamped to the ranges it accepts and rounded to 1e-6 so a
 * returned path replayed through POST /simulate runs on exactly the numbers the stochastic run used.
 */
import { valueAt, type RateInput } from '../rates/vector.ts';
import { pathNormals } from './path-random.ts';

export interface EconomicScenarioParameters {
  version: string;
  /** What the parameters were fitted on (for the record; the generator does not read it). */
  fittedOn: { source: string; from: string; to: string; unemploymentMonthsLeftOut: string[] };
  homePrices: { meanGrowth: number; persistence: number; trendVolatility: number; noiseVolatility: number };
  /** Vasicek speed (per year) and volatility (per √year) of the 2-year's deviations from its mean path. */
  shortRate: { meanReversion: number; volatility: number };
  /** The 10-year's deviation = loading × the 2-year's + an AR(1) term-spread deviation (monthly persistence, volatility). */
  tsy10: { loading: number; spreadPersistence: number; spreadVolatility: number };
  /**
   * The 30-year's mean spread over the 10-year (for the mean path), its loading on the 10-year's moves
   * and the AR(1) deviation of what the loading leaves.
   */
  mortgage30: { meanSpread: number; loading: number; persistence: number; volatility: number };
  mortgage15: { meanDiscount: number; persistence: number; volatility: number };
  /** Monthly: deviation(t) = (1 − κ/12)·deviation(t−1) + homePriceLoading·HPA deviation(t) + volatility·ε. */
  unemployment: { meanReversion: number; homePriceLoading: number; volatility: number };
}

/** Values in the settlement month (fractions), from which the paths start. */
export interface EconomicStart { hpa: number; tsy2: number; tsy10: number; mtg30: number; mtg15: number; unemployment: number }

/** The user's base paths: where given, the series scatters around it instead of the model's mean. */
export interface EconomicBase {
  hpa?: RateInput | null; tsy2?: RateInput | null; tsy10?: RateInput | null;
  mtg30?: RateInput | null; mtg15?: RateInput | null; unemployment?: RateInput | null;
}

/** One path's monthly vectors (element 0 = projection month 1). */
export interface EconomicPath {
  hpa: Float64Array; tsy2: Float64Array; tsy10: Float64Array;
  mtg30: Float64Array; mtg15: Float64Array; unemployment: Float64Array;
}

export type EconomicSeries = keyof EconomicPath;
export const ECONOMIC_SERIES: readonly EconomicSeries[] = ['hpa', 'tsy2', 'tsy10', 'mtg30', 'mtg15', 'unemployment'];

/** The ranges POST /simulate accepts for each input (economic-paths.ts validateCreditModelInputs). */
export const ECONOMIC_BOUNDS: Record<EconomicSeries, readonly [number, number]> = {
  hpa: [-0.5, 0.5], tsy2: [-0.02, 0.25], tsy10: [-0.02, 0.25], mtg30: [0, 0.3], mtg15: [0, 0.3], unemployment: [0, 0.5],
};

const MONTH = 1 / 12;
const SQRT_MONTH = Math.sqrt(MONTH);

const finish = (series: EconomicSeries, v: number): number => {
  const [lo, hi] = ECONOMIC_BOUNDS[series];
  return Math.round(Math.min(hi, Math.max(lo, v)) * 1e6) / 1e6;
};

const hasPath = (v: RateInput | null | undefined): v is RateInput => v !== null && v !== undefined && (typeof v === 'number' || v.length > 0);

/** The mean paths: each series' base where given, else as the module's comment says. */
export function meanPaths(p: EconomicScenarioParameters, start: EconomicStart, base: EconomicBase, months: number): EconomicPath {
  const out = emptyPath(months);
  const hp = p.homePrices;
  let hpaTrend = start.hpa - hp.meanGrowth;
  let spread30 = start.mtg30 - start.tsy10 - p.mortgage30.meanSpread;
  let discount15 = start.mtg30 - start.mtg15 - p.mortgage15.meanDiscount;
  for (let t = 0; t < months; t++) {
    hpaTrend *= hp.persistence;
    spread30 *= p.mortgage30.persistence;
    discount15 *= p.mortgage15.persistence;
    const tsy10 = hasPath(base.tsy10) ? valueAt(base.tsy10, t) : start.tsy10;
    const mtg30 = hasPath(base.mtg30) ? valueAt(base.mtg30, t) : tsy10 + p.mortgage30.meanSpread + spread30;
    out.hpa[t] = hasPath(base.hpa) ? valueAt(base.hpa, t) : hp.meanGrowth + hpaTrend;
    out.tsy2[t] = hasPath(base.tsy2) ? valueAt(base.tsy2, t) : start.tsy2;
    out.tsy10[t] = tsy10;
    out.mtg30[t] = mtg30;
    out.mtg15[t] = hasPath(base.mtg15) ? valueAt(base.mtg15, t) : mtg30 - p.mortgage15.meanDiscount - discount15;
    out.unemployment[t] = hasPath(base.unemployment) ? valueAt(base.unemployment, t) : start.unemployment;
  }
  return out;
}

/**
 * Path number `path` of the run with `seed`: the mean paths plus this path's deviations. The draws
 * depend on (seed, path) only, so any split of the paths over batches gives the same numbers.
 */
export function economicPath(p: EconomicScenarioParameters, means: EconomicPath, seed: number, path: number): EconomicPath {
  const months = means.hpa.length;
  const out = emptyPath(months);
  const z = pathNormals(seed, path);
  const hp = p.homePrices;
  const shortDecay = 1 - p.shortRate.meanReversion * MONTH;
  const unemploymentDecay = 1 - p.unemployment.meanReversion * MONTH;
  let trend = 0;
  let shortDev = 0;
  let spread10 = 0;
  let spread30 = 0;
  let discount15 = 0;
  let unemploymentDev = 0;
  for (let t = 0; t < months; t++) {
    // Six draws a month in a fixed order: the stream is the path's whatever the series' values.
    trend = hp.persistence * trend + hp.trendVolatility * z();
    const hpaDev = trend + hp.noiseVolatility * z();
    shortDev = shortDecay * shortDev + p.shortRate.volatility * SQRT_MONTH * z();
    spread10 = p.tsy10.spreadPersistence * spread10 + p.tsy10.spreadVolatility * z();
    spread30 = p.mortgage30.persistence * spread30 + p.mortgage30.volatility * z();
    discount15 = p.mortgage15.persistence * discount15 + p.mortgage15.volatility * z();
    unemploymentDev = unemploymentDecay * unemploymentDev + p.unemployment.homePriceLoading * hpaDev + p.unemployment.volatility * z();
    const tsy10Dev = p.tsy10.loading * shortDev + spread10;
    const mtg30Dev = p.mortgage30.loading * tsy10Dev + spread30;
    out.hpa[t] = finish('hpa', (means.hpa[t] as number) + hpaDev);
    out.tsy2[t] = finish('tsy2', (means.tsy2[t] as number) + shortDev);
    out.tsy10[t] = finish('tsy10', (means.tsy10[t] as number) + tsy10Dev);
    out.mtg30[t] = finish('mtg30', (means.mtg30[t] as number) + mtg30Dev);
    out.mtg15[t] = finish('mtg15', (means.mtg15[t] as number) + mtg30Dev - discount15);
    out.unemployment[t] = finish('unemployment', (means.unemployment[t] as number) + unemploymentDev);
  }
  return out;
}

function emptyPath(months: number): EconomicPath {
  return {
    hpa: new Float64Array(months), tsy2: new Float64Array(months), tsy10: new Float64Array(months),
    mtg30: new Float64Array(months), mtg15: new Float64Array(months), unemployment: new Float64Array(months),
  };
}
