import { describe, expect, it } from 'vitest';
import {
  backtestInputs, backtestPaths, generateBacktestTape, hpiBetaOfState, normalQuantile, parseMacroCsv, runBacktest, stratifiedNormalScores, validateBacktestProfile,
  type BacktestLoans, type BacktestProfile,
} from './backtest.ts';
import { CREDIT_MODEL_PARAMETERS as P } from './model-parameters.ts';
import { runCreditModelOnPaths } from './run-credit-model.ts';
import csv from '../../../../data/macro/us-macro-monthly-2004-2021.csv?raw';

const macro = parseMacroCsv(csv);

/** Freddie Mac's 2007 vintage, 60-80 LTV (STACR 2020-DNA1 historical performance presentation). */
const LOANS_60_80: BacktestLoans = { Count: 5000, Seed: 7, Fico: 720, Dti: 39.1, Ltv: 75.3, Cltv: 77.9, NoteRate: 6.33, TermMonths: 360, MiPct: 0, AverageBalance: 180_000 };
/** 80-97 LTV: the presentation gives only the outcomes; these means (and 26% MI cover) are our assumption. */
const LOANS_80_97: BacktestLoans = { Count: 5000, Seed: 7, Fico: 705, Dti: 40.5, Ltv: 91, Cltv: 91.5, NoteRate: 6.55, TermMonths: 360, MiPct: 26, AverageBalance: 170_000 };
const profile = (over: Partial<BacktestProfile> = {}, loans: Partial<BacktestLoans> = {}): BacktestProfile => ({
  Model: 'LDM', Start: '2007-01', Months: 144, Macro: 'data/macro/us-macro-monthly-2004-2021.csv', ...over, Loans: { ...LOANS_60_80, ...loans },
});

/** The calibration band: ±25% relative on default and net loss, ±8 points on severity. */
function expectInBand(r: { CumulativeDefaultPct: number; SeverityPct: number; NetLossPct: number }, def: number, sev: number, loss: number) {
  expect(Math.abs(r.CumulativeDefaultPct / def - 1)).toBeLessThanOrEqual(0.25);
  expect(Math.abs(r.SeverityPct - sev)).toBeLessThanOrEqual(8);
  expect(Math.abs(r.NetLossPct / loss - 1)).toBeLessThanOrEqual(0.25);
}

describe('macro history and profile checks', () => {
  it('parses the shipped macro CSV: 216 consecutive months 2004-01..2021-12', () => {
    expect(macro.months.length).toBe(216);
    expect([macro.months[0], macro.months.at(-1)]).toEqual(['2004-01', '2021-12']);
    expect(macro.hpi[macro.months.indexOf('2007-04')]).toBe(224.49);
    expect(macro.unemploymentPct[macro.months.indexOf('2020-04')]).toBe(14.8);
  });

  it('names what is wrong with a malformed CSV', () => {
    expect(() => parseMacroCsv('month,foo\n2004-01,1')).toThrow(/missing column\(s\) fhfa_po_sa_hpi/);
    const head = csv.split('\n')[0];
    expect(() => parseMacroCsv(`${head}\n2004-01,180,5,4,1,4,x`)).toThrow(/line 2: unemployment_pct 'x' is not a number/);
    expect(() => parseMacroCsv(`${head}\n2004-01,180,5,4,1,4,5\n2004-03,180,5,4,1,4,5`)).toThrow(/2004-03 does not follow 2004-01/);
  });

  it('rejects malformed profiles with every problem named', () => {
    expect(() => validateBacktestProfile([])).toThrow(/JSON object/);
    expect(() => validateBacktestProfile({ ...profile(), Model: 'XYZ' })).toThrow(/Model must be "LDM", "LDM_3" or "AFT"/);
    expect(() => validateBacktestProfile({ ...profile(), Start: '2007-13', Months: 0 })).toThrow(/Start must be a month.*; Months must be an integer/);
    expect(() => validateBacktestProfile(profile({}, { Fico: 1000, Count: 1.5 }))).toThrow(/Loans.Count must be an integer.*Loans.Fico must be a number in \[300, 850\]/);
    expect(() => validateBacktestProfile(profile({}, { Cltv: 70 }))).toThrow(/Cltv \(70\) must be at least Loans.Ltv/);
    expect(validateBacktestProfile(profile())).toEqual(profile());
  });

  it('a path too short for Start + Months is an error, not a shorter run', () => {
    expect(() => backtestPaths(macro, 'LDM', '2012-01', 121)).toThrow(/macro path too short: 121 months from 2012-01 need data to 2022-01, the path ends 2021-12/);
    expect(() => backtestPaths(macro, 'LDM', '2003-12', 12)).toThrow(/outside the macro path/);
    expect(backtestPaths(macro, 'LDM', '2012-01', 120).months).toBe(120);
  });
});

describe('seeded back-test tape', () => {
  const tape = generateBacktestTape(LOANS_60_80, 6.22);
  const mean = (a: ArrayLike<number>) => Array.from(a).reduce((s, x) => s + x, 0) / a.length;
  const sd = (a: ArrayLike<number>) => {
    const m = mean(a);
    return Math.sqrt(mean(Array.from(a, (x) => (x - m) ** 2)));
  };

  it('keeps the profile means and disperses around them', () => {
    expect(mean(tape.creditScore)).toBeCloseTo(720, 3);
    expect(mean(tape.dtiPct)).toBeCloseTo(39.1, 3);
    expect(mean(tape.balance)).toBeCloseTo(180_000, 3);
    const ltv = Array.from(tape.balance, (b, i) => (100 * b) / (tape.propertyValue[i] as number));
    expect(mean(ltv)).toBeCloseTo(75.3, 3);
    expect(Math.max(...ltv)).toBeLessThanOrEqual(80 + 1e-9);
    expect(Math.min(...ltv)).toBeGreaterThanOrEqual(60 - 1e-9);
    const cltv = Array.from(tape.balance, (b, i) => (100 * (b + (tape.otherLienBalance[i] as number))) / (tape.propertyValue[i] as number));
    expect(mean(cltv)).toBeCloseTo(77.9, 0);
    expect(sd(tape.creditScore)).toBeGreaterThan(30);
    expect(sd(tape.balance) / 180_000).toBeGreaterThan(0.3);
    expect(new Set(tape.hpiBeta).size).toBeGreaterThanOrEqual(4);
    expect(Math.abs(mean(tape.valueNoise))).toBeLessThan(0.05);
    expect(tape.miCoverage.every((c) => c === 0)).toBe(true);
  });

  it('is a function of the seed', () => {
    const again = generateBacktestTape(LOANS_60_80, 6.22);
    const other = generateBacktestTape({ ...LOANS_60_80, Seed: 8 }, 6.22);
    expect(Array.from(again.creditScore)).toEqual(Array.from(tape.creditScore));
    expect(Array.from(other.creditScore)).not.toEqual(Array.from(tape.creditScore));
  });

  it('MI cover only on loans above 80% LTV', () => {
    const t = generateBacktestTape({ ...LOANS_80_97, Count: 500 }, 6.22);
    expect(t.miCoverage.every((c, i) => (c === 0.26) === ((t.balance[i] as number) / (t.propertyValue[i] as number) > 0.8))).toBe(true);
  });
});

describe('back-test against Freddie Mac vintage performance', () => {
  it('2007 vintage, 60-80 LTV: default 10.5%, severity 47.7%, net loss 5.0% within the band (LDM 2.2, LDM 3.0, AFT)', () => {
    for (const Model of ['LDM', 'LDM_3', 'AFT'] as const) expectInBand(runBacktest(profile({ Model }), macro), 10.5, 47.7, 5.0);
  });

  it('2007 vintage, 80-97 LTV with MI: default 18.4%, severity net of MI 32.9%, net loss 6.1% within the band', () => {
    for (const Model of ['LDM', 'LDM_3'] as const) expectInBand(runBacktest(profile({ Model }, LOANS_80_97), macro), 18.4, 32.9, 6.1);
  });

  it('the same parameters give benign vintages near-zero losses (2012 at its own rate and credit)', () => {
    for (const Model of ['LDM', 'LDM_3'] as const) {
      const r = runBacktest(profile({ Model, Start: '2012-01', Months: 120 }, { Count: 2000, NoteRate: 4.0, Fico: 760, Dti: 33 }), macro);
      expect(r.CumulativeDefaultPct).toBeLessThan(1);
      expect(r.NetLossPct).toBeLessThan(0.25); // under a twentieth of the 2007 vintage's 5.0 %
    }
  });

  it('2018 cohort at 4.5%: the 2020-21 refinance wave, faster than the aggregate (3-month CPR 36.9 in June 2020)', () => {
    const r = runBacktest(profile({ Start: '2018-06', Months: 42 }, { Count: 2000, NoteRate: 4.5, Fico: 750, Dti: 36 }), macro);
    const cpr3 = (ym: string) => {
      const t = (Number(ym.slice(0, 4)) - 2018) * 12 + Number(ym.slice(5, 7)) - 6;
      return ((r.Cpr[t] as number) + (r.Cpr[t - 1] as number) + (r.Cpr[t - 2] as number)) / 3;
    };
    expect(cpr3('2018-12')).toBeLessThan(10); // out of the money: turnover only
    expect(cpr3('2020-06')).toBeGreaterThan(36.9);
    expect(cpr3('2020-06')).toBeLessThan(70);
  });

  it('loan level matters: the dispersed tape defaults more than its rep line (convexity)', () => {
    const paths = backtestPaths(macro, 'LDM', '2007-01', 144);
    const tape = generateBacktestTape({ ...LOANS_60_80, Count: 2000 }, 6.22);
    const rep = generateBacktestTape({ ...LOANS_60_80, Count: 1 }, 6.22);
    rep.creditScore[0] = 720; rep.dtiPct[0] = 39.1; rep.noteRate[0] = 0.0633; rep.hpiBeta[0] = 1; rep.valueNoise[0] = 0; rep.otherLienBalance[0] = 0;
    rep.propertyValue[0] = (rep.balance[0] as number) / 0.779;
    const run = (t: typeof tape) => {
      const s = runCreditModelOnPaths(t, backtestInputs('LDM', 1), paths, P);
      return s.defaultEvents.reduce((a, b) => a + b, 0) / t.balance.reduce((a, b) => a + b, 0);
    };
    expect(run(tape)).toBeGreaterThan(1.5 * run(rep));
  });

  it('LDM 3.0 reads the unemployment path, LDM 2.2 and AFT do not', () => {
    const worse = { ...macro, unemploymentPct: macro.unemploymentPct.map((u) => u + 3) };
    const p = profile({}, { Count: 500 });
    expect(runBacktest(p, worse)).toEqual(runBacktest(p, macro));
    expect(runBacktest({ ...p, Model: 'AFT' }, worse)).toEqual(runBacktest({ ...p, Model: 'AFT' }, macro));
    expect(runBacktest({ ...p, Model: 'LDM_3' }, worse).CumulativeDefaultPct).toBeGreaterThan(runBacktest({ ...p, Model: 'LDM_3' }, macro).CumulativeDefaultPct * 1.1);
  });

  it('vectors: one value a month, in percent, consistent with the totals', () => {
    const r = runBacktest(profile({}, { Count: 500 }), macro);
    for (const v of [r.Cpr, r.Cdr, r.Severity]) {
      expect(v).toHaveLength(144);
      expect(v.every((x) => x >= 0 && x <= 100)).toBe(true);
    }
    expect(Math.abs((r.SeverityPct * r.CumulativeDefaultPct) / 100 - r.NetLossPct)).toBeLessThan(0.01);
    expect(Math.max(...r.Cdr)).toBeGreaterThan(1);
  });
});

describe('dispersion of real tapes', () => {
  it('home-price beta by property state', () => {
    expect(hpiBetaOfState('CA')).toBe(2.6);
    expect(hpiBetaOfState('nv')).toBe(2.6);
    expect(hpiBetaOfState('OH')).toBe(0.6);
    expect(hpiBetaOfState('TX')).toBe(0.3);
    expect(hpiBetaOfState(null)).toBe(0.3);
  });

  it('normal quantiles and stratified scores', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
    const z = stratifiedNormalScores(1000, 42);
    const sorted = Array.from(z).sort((a, b) => a - b);
    expect(sorted[0]).toBeCloseTo(normalQuantile(0.0005), 9);
    expect(sorted.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9);
    expect(Array.from(z)).not.toEqual(sorted);
    expect(Array.from(stratifiedNormalScores(1000, 42))).toEqual(Array.from(z));
    expect(Array.from(stratifiedNormalScores(1, 42))).toEqual([0]);
  });
});
