import { describe, expect, it } from 'vitest';
import csv from '../../../../data/macro/us-macro-monthly-2004-2021.csv?raw';
import { parseMacroCsv } from '../credit-model/backtest.ts';
import { ECONOMIC_BOUNDS, ECONOMIC_SERIES, economicPath, meanPaths, type EconomicStart } from './economic-scenario-model.ts';
import { compareFitWithHistory, fitEconomicScenarioModel, leastSquares } from './fit-economic-scenarios.ts';
import { ECONOMIC_SCENARIO_PARAMETERS as P } from './index.ts';
import { pathKey, pathNormals } from './path-random.ts';

const TODAY: EconomicStart = { hpa: 0.02, tsy2: 0.035, tsy10: 0.041, mtg30: 0.0625, mtg15: 0.0555, unemployment: 0.044 };
const history = parseMacroCsv(csv);

describe('seeded path streams', () => {
  it('a path depends on (seed, path) only: alone, amid others, or in another order, the same numbers', () => {
    const means = meanPaths(P, TODAY, {}, 360);
    const alone = economicPath(P, means, 42, 7);
    const batch = [9, 8, 7, 6].map((i) => economicPath(P, means, 42, i));
    for (const series of ECONOMIC_SERIES) expect(Array.from(batch[2]![series])).toEqual(Array.from(alone[series]));
    expect(Array.from(economicPath(P, means, 43, 7).hpa)).not.toEqual(Array.from(alone.hpa));
    expect(Array.from(economicPath(P, means, 42, 8).hpa)).not.toEqual(Array.from(alone.hpa));
  });

  it('keys of neighbouring seeds and paths do not collide', () => {
    const keys = new Set<number>();
    for (let seed = 0; seed < 10; seed++) for (let path = 0; path < 10_000; path++) keys.add(pathKey(seed, path));
    expect(keys.size).toBeGreaterThan(99_990);
  });

  it('draws are standard normal: mean 0, variance 1, 2.5 % beyond ±1.96 each side', () => {
    const z = pathNormals(1, 0);
    const n = 200_000;
    let sum = 0; let squares = 0; let upper = 0;
    for (let i = 0; i < n; i++) { const x = z(); sum += x; squares += x * x; if (x > 1.96) upper++; }
    expect(Math.abs(sum / n)).toBeLessThan(0.01);
    expect(Math.abs(squares / n - 1)).toBeLessThan(0.01);
    expect(upper / n).toBeCloseTo(0.025, 2);
  });
});

describe('economic paths', () => {
  it('stay inside the ranges POST /simulate accepts, rounded to 1e-6, even from a crash start', () => {
    const crash: EconomicStart = { hpa: -0.45, tsy2: 0.001, tsy10: 0.005, mtg30: 0.02, mtg15: 0.015, unemployment: 0.14 };
    const means = meanPaths(P, crash, {}, 480);
    const wrong: string[] = [];
    let atFloor = 0;
    for (let path = 0; path < 100; path++) {
      const p = economicPath(P, means, 5, path);
      for (const series of ECONOMIC_SERIES) {
        const [lo, hi] = ECONOMIC_BOUNDS[series];
        p[series].forEach((v, t) => {
          if (!(v >= lo && v <= hi) || Math.abs(v * 1e6 - Math.round(v * 1e6)) > 1e-6) wrong.push(`${series}[${t}] of path ${path} = ${v}`);
          if (v === lo) atFloor++;
        });
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // From near zero, some rate paths reach the floor: the clamp is exercised, not vacuous.
    expect(atFloor).toBeGreaterThan(0);
  });

  it("scatter around the user's base path: the average of 2,000 paths is the base within 3 standard errors", () => {
    const base = { hpa: Array.from({ length: 120 }, (_, t) => (t < 24 ? -0.1 : 0.03)), tsy2: 0.04, unemployment: 0.06 };
    const means = meanPaths(P, TODAY, base, 120);
    const paths = Array.from({ length: 2000 }, (_, i) => economicPath(P, means, 11, i));
    for (const [series, month, expected] of [['hpa', 12, -0.1], ['hpa', 60, 0.03], ['tsy2', 60, 0.04], ['unemployment', 60, 0.06]] as const) {
      const values = paths.map((p) => p[series][month] as number);
      const avg = values.reduce((s, v) => s + v, 0) / values.length;
      const sd = Math.sqrt(values.reduce((s, v) => s + (v - avg) ** 2, 0) / (values.length - 1));
      expect(Math.abs(avg - expected)).toBeLessThan((3 * sd) / Math.sqrt(values.length));
      expect(sd).toBeGreaterThan(0);
    }
  });

  it('without a base, rates stay centred on today and home-price growth reverts to its long-run mean', () => {
    const means = meanPaths(P, TODAY, {}, 360);
    expect(means.tsy2[359]).toBe(TODAY.tsy2);
    expect(means.tsy10[359]).toBe(TODAY.tsy10);
    expect(means.hpa[0]).toBeCloseTo(P.homePrices.meanGrowth + (TODAY.hpa - P.homePrices.meanGrowth) * P.homePrices.persistence, 12);
    expect(means.hpa[359]).toBeCloseTo(P.homePrices.meanGrowth, 6);
    // The mortgage spread over the 10-year reverts to the fitted mean.
    const gap = TODAY.mtg30 - TODAY.tsy10 - P.mortgage30.meanSpread;
    expect((means.mtg30[359] as number) - (means.tsy10[359] as number)).toBeCloseTo(P.mortgage30.meanSpread + gap * P.mortgage30.persistence ** 360, 12);
  });

  it('home prices fall harder in bad years and unemployment rises with them (HPA loading < 0)', () => {
    const means = meanPaths(P, TODAY, {}, 36);
    const paths = Array.from({ length: 1000 }, (_, i) => economicPath(P, means, 3, i));
    const hpaYear3 = paths.map((p) => p.hpa.slice(24, 36).reduce((s, v) => s + v, 0) / 12);
    const unemploymentYear3 = paths.map((p) => p.unemployment[35] as number);
    const order = hpaYear3.map((_, i) => i).sort((a, b) => (hpaYear3[a] as number) - (hpaYear3[b] as number));
    const worst = order.slice(0, 100).map((i) => unemploymentYear3[i] as number);
    const best = order.slice(-100).map((i) => unemploymentYear3[i] as number);
    const avg = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
    expect(P.unemployment.homePriceLoading).toBeLessThan(0);
    expect(avg(worst) - avg(best)).toBeGreaterThan(0.01);
  });
});

describe('the fit', () => {
  it('least squares recovers known coefficients', () => {
    const rows = Array.from({ length: 50 }, (_, i) => [1, i, (i * 7) % 11]);
    const y = rows.map(([a, b, c]) => 2 * a! - 0.5 * b! + 3 * c!);
    const [b0, b1, b2] = leastSquares(rows, y);
    expect(b0).toBeCloseTo(2, 9);
    expect(b1).toBeCloseTo(-0.5, 9);
    expect(b2).toBeCloseTo(3, 9);
  });

  it('the committed parameters are what fitting data/macro gives (npm run -s model:fit-paths -- --write)', () => {
    expect(fitEconomicScenarioModel(history, P.version, P.fittedOn.source)).toEqual(P);
  });

  it('simulated annual volatility of HPA and of the rates is the history within 15 %; HPA keeps its momentum', () => {
    const rows = compareFitWithHistory(P, history, 300, 20261128);
    for (const row of rows) {
      expect(row.Simulated.Volatility / row.History.Volatility, row.Series).toBeGreaterThan(0.85);
      expect(row.Simulated.Volatility / row.History.Volatility, row.Series).toBeLessThan(1.15);
    }
    const hpa = rows.find((r) => r.Series === 'HPA')!;
    expect(hpa.Simulated.Autocorrelation12).toBeGreaterThan(0.3);
    expect(P.homePrices.persistence).toBeGreaterThan(0.9);
  });
});
