/**
 * Fits the economic scenario model (economic-scenario-model.ts) to a monthly macro history and
 * compares the statistics of simulated paths with the history's (issue 35 #1: the note shows the
 * fit). Least squares throughout; the methods are in docs/economic-scenarios.md.
 */
import type { MacroHistory } from '../credit-model/backtest.ts';
import { economicPath, meanPaths, type EconomicPath, type EconomicScenarioParameters, type EconomicStart } from './economic-scenario-model.ts';

/**
 * Months left out of the unemployment fit: the 2020 lockdown lay-offs (14.8 % in April 2020) were
 * not a housing-driven shock, and one such month outweighs the rest of the sample in a least-squares fit.
 */
export const UNEMPLOYMENT_MONTHS_LEFT_OUT = ['2020-03', '2020-04', '2020-05', '2020-06', '2020-07', '2020-08', '2020-09', '2020-10', '2020-11', '2020-12'];

const mean = (xs: ArrayLike<number>): number => { let s = 0; for (let i = 0; i < xs.length; i++) s += xs[i] as number; return s / xs.length; };
const variance = (xs: ArrayLike<number>): number => { const m = mean(xs); let s = 0; for (let i = 0; i < xs.length; i++) s += ((xs[i] as number) - m) ** 2; return s / xs.length; };

/** Ordinary least squares y = X·b (normal equations, Gaussian elimination with partial pivoting). */
export function leastSquares(rows: readonly (readonly number[])[], y: readonly number[]): number[] {
  const k = rows[0]?.length ?? 0;
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  rows.forEach((row, n) => {
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) (a[i] as number[])[j]! += (row[i] as number) * (row[j] as number);
      (a[i] as number[])[k]! += (row[i] as number) * (y[n] as number);
    }
  });
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs((a[r] as number[])[col]!) > Math.abs((a[pivot] as number[])[col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const p = a[col] as number[];
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const row = a[r] as number[];
      const f = (row[col] as number) / (p[col] as number);
      for (let c = col; c <= k; c++) row[c]! -= f * (p[c] as number);
    }
  }
  return a.map((row, i) => (row[k] as number) / (row[i] as number));
}

/** AR(1) through the origin of a zero-mean series: persistence and innovation standard deviation. */
function ar1(deviations: readonly number[]): { persistence: number; volatility: number } {
  let num = 0;
  let den = 0;
  for (let t = 1; t < deviations.length; t++) { num += (deviations[t] as number) * (deviations[t - 1] as number); den += (deviations[t - 1] as number) ** 2; }
  const persistence = num / den;
  const innovations = deviations.slice(1).map((d, t) => d - persistence * (deviations[t] as number));
  return { persistence, volatility: Math.sqrt(variance(innovations)) };
}

/** Sample autocorrelation at a lag. */
export function autocorrelation(xs: readonly number[], lag: number): number {
  const m = mean(xs);
  let num = 0;
  let den = 0;
  for (let t = 0; t < xs.length; t++) {
    den += ((xs[t] as number) - m) ** 2;
    if (t >= lag) num += ((xs[t] as number) - m) * ((xs[t - lag] as number) - m);
  }
  return num / den;
}

/**
 * Home prices: a persistent AR(1) trend plus white noise has autocorrelations ρ_k = A·φ^k (A = trend
 * share of the variance). φ and A minimise the squared gap to the sample autocorrelations at lags
 * 1–24 (a grid over φ, A in closed form), which keeps the year-over-year momentum an AR on monthly
 * growth alone understates.
 */
function fitHomePrices(growth: readonly number[]): EconomicScenarioParameters['homePrices'] {
  const lags = Array.from({ length: 24 }, (_, i) => i + 1);
  const acf = lags.map((k) => autocorrelation(growth, k));
  let best = { error: Infinity, phi: 0, share: 0 };
  for (let phi = 0.5; phi < 0.9995; phi += 0.0005) {
    const powers = lags.map((k) => phi ** k);
    const share = Math.min(1, powers.reduce((s, p, i) => s + p * (acf[i] as number), 0) / powers.reduce((s, p) => s + p * p, 0));
    const error = powers.reduce((s, p, i) => s + ((acf[i] as number) - share * p) ** 2, 0);
    if (error < best.error) best = { error, phi, share };
  }
  const total = variance(growth);
  const trendVariance = best.share * total;
  return {
    meanGrowth: mean(growth),
    persistence: best.phi,
    trendVolatility: Math.sqrt(trendVariance * (1 - best.phi ** 2)),
    noiseVolatility: Math.sqrt(Math.max(0, total - trendVariance)),
  };
}

/** Fits every part of the model to the history (percent columns as fractions). */
export function fitEconomicScenarioModel(history: MacroHistory, version: string, source: string): EconomicScenarioParameters {
  const n = history.months.length;
  const pct = (xs: number[]) => xs.map((x) => x / 100);
  const tsy2 = pct(history.tsy2Pct);
  const tsy10 = pct(history.tsy10Pct);
  const mtg30 = pct(history.mtg30Pct);
  const mtg15 = pct(history.mtg15Pct);
  const unemployment = pct(history.unemploymentPct);
  // growth[k]: annualised log growth from month k to month k + 1.
  const growth = Array.from({ length: n - 1 }, (_, k) => 12 * Math.log((history.hpi[k + 1] as number) / (history.hpi[k] as number)));

  // Vasicek on the 2-year, fitted on 12-month changes (monthly changes understate the year's moves:
  // rate cycles trend for months): Δ₁₂r = a + b·r, κ = −ln(1 + b), σ from the residual's variance
  // σ²(1 − e^(−2κ))/(2κ).
  const yearAhead = (xs: number[]) => xs.slice(0, -12);
  const [a, b] = leastSquares(yearAhead(tsy2).map((r) => [1, r]), annualChanges(tsy2)) as [number, number];
  const shortKappa = -Math.log(1 + b);
  const shortResiduals = annualChanges(tsy2).map((d, t) => d - a - b * (tsy2[t] as number));
  const shortSigma = Math.sqrt(variance(shortResiduals) * (2 * shortKappa) / (1 - Math.exp(-2 * shortKappa)));

  const [intercept, loading] = leastSquares(tsy2.map((r) => [1, r]), tsy10) as [number, number];
  const termSpread = ar1(tsy10.map((y, t) => y - intercept - loading * (tsy2[t] as number)));
  const meanSpread = mean(mtg30.map((m, t) => m - (tsy10[t] as number)));
  // The 30-year follows the 10-year's yearly moves by less than one for one (spreads widen in rallies):
  // the loading is the slope of its 12-month changes on the 10-year's; the rest is an AR(1).
  const tsy10Changes = annualChanges(tsy10);
  const [, mortgageLoading] = leastSquares(tsy10Changes.map((d) => [1, d]), annualChanges(mtg30)) as [number, number];
  const mortgageRest = mtg30.map((m, t) => m - mortgageLoading * (tsy10[t] as number));
  const meanRest = mean(mortgageRest);
  const discount15 = mtg30.map((m, t) => m - (mtg15[t] as number));
  const meanDiscount = mean(discount15);

  // Unemployment on 12-month changes: Δ₁₂u = c0 + c1·u + c2·(annual log HPA), windows touching the
  // lockdown months left out. Monthly: κ = −ln(1 + c1); a year's HPA is the sum of 12 months' annualised
  // growth / 12, so the monthly loading on annualised growth is c2 / 12; σ as for the short rate.
  const annualGrowth = Array.from({ length: n - 12 }, (_, t) => Math.log((history.hpi[t + 12] as number) / (history.hpi[t] as number)));
  const kept = annualGrowth.map((_, t) => t).filter((t) => !history.months.slice(t, t + 13).some((m) => UNEMPLOYMENT_MONTHS_LEFT_OUT.includes(m)));
  const unemploymentChanges = annualChanges(unemployment);
  const [c0, c1, c2] = leastSquares(kept.map((t) => [1, unemployment[t] as number, annualGrowth[t] as number]), kept.map((t) => unemploymentChanges[t] as number)) as [number, number, number];
  const unemploymentKappa = -Math.log(1 + c1);
  const unemploymentResiduals = kept.map((t) => (unemploymentChanges[t] as number) - c0 - c1 * (unemployment[t] as number) - c2 * (annualGrowth[t] as number));
  const unemploymentSigma = Math.sqrt(variance(unemploymentResiduals) * (2 * unemploymentKappa) / (1 - Math.exp(-2 * unemploymentKappa)) / 12);

  const round = (x: number) => Number(x.toPrecision(6));
  return {
    version,
    fittedOn: { source, from: history.months[0] as string, to: history.months[n - 1] as string, unemploymentMonthsLeftOut: UNEMPLOYMENT_MONTHS_LEFT_OUT },
    homePrices: Object.fromEntries(Object.entries(fitHomePrices(growth)).map(([k, v]) => [k, round(v)])) as EconomicScenarioParameters['homePrices'],
    shortRate: { meanReversion: round(shortKappa), volatility: round(shortSigma) },
    tsy10: { loading: round(loading), spreadPersistence: round(termSpread.persistence), spreadVolatility: round(termSpread.volatility) },
    mortgage30: { meanSpread: round(meanSpread), loading: round(mortgageLoading), ...roundAll(ar1(mortgageRest.map((r) => r - meanRest)), round) },
    mortgage15: { meanDiscount: round(meanDiscount), ...roundAll(ar1(discount15.map((d) => d - meanDiscount)), round) },
    unemployment: { meanReversion: round(unemploymentKappa), homePriceLoading: round(c2 / 12), volatility: round(unemploymentSigma) },
  };
}

const roundAll = (o: { persistence: number; volatility: number }, round: (x: number) => number) => ({ persistence: round(o.persistence), volatility: round(o.volatility) });

/** Mean, volatility and lag-12 autocorrelation of a series' 12-month changes (log changes for the HPI). */
export interface AnnualChangeStats { Mean: number; Volatility: number; Autocorrelation12: number }

/** The statistics of the history and of simulated paths of the same length, series by series. */
export interface FitComparison { Series: string; History: AnnualChangeStats; Simulated: AnnualChangeStats }

function annualStats(changes: readonly number[]): AnnualChangeStats {
  return { Mean: mean(changes), Volatility: Math.sqrt(variance(changes)), Autocorrelation12: autocorrelation(changes, 12) };
}

const annualChanges = (levels: ArrayLike<number>): number[] => Array.from({ length: levels.length - 12 }, (_, t) => (levels[t + 12] as number) - (levels[t] as number));

/** Annual HPA (log) from monthly annualised growth: the sum of 12 months' growth / 12. */
function annualHpa(growth: ArrayLike<number>): number[] {
  const out: number[] = [];
  let window = 0;
  for (let t = 0; t < growth.length; t++) {
    window += (growth[t] as number) / 12;
    if (t >= 12) window -= (growth[t - 12] as number) / 12;
    if (t >= 11) out.push(window);
  }
  return out;
}

/**
 * Simulates `paths` paths as long as the history, from its first month's values, and averages each
 * path's statistics; beside them the history's own. HPA: annual log change; rates and unemployment:
 * 12-month change in points.
 */
export function compareFitWithHistory(p: EconomicScenarioParameters, history: MacroHistory, paths: number, seed: number): FitComparison[] {
  const n = history.months.length;
  const growth = Array.from({ length: n - 1 }, (_, k) => 12 * Math.log((history.hpi[k + 1] as number) / (history.hpi[k] as number)));
  const levels: Record<'tsy2' | 'tsy10' | 'mtg30' | 'mtg15' | 'unemployment', number[]> = {
    tsy2: history.tsy2Pct.map((x) => x / 100), tsy10: history.tsy10Pct.map((x) => x / 100), mtg30: history.mtg30Pct.map((x) => x / 100),
    mtg15: history.mtg15Pct.map((x) => x / 100), unemployment: history.unemploymentPct.map((x) => x / 100),
  };
  const start: EconomicStart = {
    hpa: growth[0] as number, tsy2: levels.tsy2[0] as number, tsy10: levels.tsy10[0] as number,
    mtg30: levels.mtg30[0] as number, mtg15: levels.mtg15[0] as number, unemployment: levels.unemployment[0] as number,
  };
  const means = meanPaths(p, start, {}, n - 1);
  const simulated: EconomicPath[] = Array.from({ length: paths }, (_, i) => economicPath(p, means, seed, i));
  const average = (stats: AnnualChangeStats[]): AnnualChangeStats => ({
    Mean: mean(stats.map((s) => s.Mean)), Volatility: mean(stats.map((s) => s.Volatility)), Autocorrelation12: mean(stats.map((s) => s.Autocorrelation12)),
  });
  const rows: FitComparison[] = [{ Series: 'HPA', History: annualStats(annualHpa(growth)), Simulated: average(simulated.map((s) => annualStats(annualHpa(s.hpa)))) }];
  for (const key of ['tsy2', 'tsy10', 'mtg30', 'mtg15'] as const) {
    rows.push({ Series: key, History: annualStats(annualChanges(levels[key])), Simulated: average(simulated.map((s) => annualStats(annualChanges(s[key])))) });
  }
  // The history's unemployment without the 12-month windows the fit left out (the lockdown spike).
  const unemploymentKept = annualChanges(levels.unemployment).filter((_, t) => !history.months.slice(t, t + 13).some((m) => UNEMPLOYMENT_MONTHS_LEFT_OUT.includes(m)));
  rows.push({ Series: 'unemployment', History: annualStats(unemploymentKept), Simulated: average(simulated.map((s) => annualStats(annualChanges(s.unemployment)))) });
  return rows;
}
