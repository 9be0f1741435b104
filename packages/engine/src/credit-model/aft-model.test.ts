/**
 * Issue 34 #2: AFT as an agency-prepayment model of its own: turnover with seasoning and
 * seasonality, the refinance S-curve with burnout, HPA driving turnover and cash-out, defaults only
 * through HPA. Back-tested on the 2018 cohort at 4.5 % through the 2020-21 refinance wave.
 */
import { describe, expect, it } from 'vitest';
import { parseMacroCsv, runBacktest, type BacktestProfile } from './backtest.ts';
import csv from '../../../../data/macro/us-macro-monthly-2004-2021.csv?raw';

const macro = parseMacroCsv(csv);
const cohort = (Model: BacktestProfile['Model']): BacktestProfile => ({
  Model, Start: '2018-06', Months: 43, Macro: '',
  Loans: { Count: 3000, Seed: 7, Fico: 750, Dti: 36, Ltv: 75.3, Cltv: 77.9, NoteRate: 4.5, TermMonths: 360, MiPct: 0, AverageBalance: 180_000 },
});
/** 3-month average CPR (percent) ending in month 'YYYY-MM' of a run started 2018-06. */
const cpr3 = (cpr: readonly number[], ym: string) => {
  const t = (Number(ym.slice(0, 4)) - 2018) * 12 + Number(ym.slice(5, 7)) - 6;
  return ((cpr[t] ?? 0) + (cpr[t - 1] ?? 0) + (cpr[t - 2] ?? 0)) / 3;
};

describe('AFT (issue 34 #2)', () => {
  const aft = runBacktest(cohort('AFT'), macro);
  const ldm = runBacktest(cohort('LDM'), macro);

  it('follows the 2020-21 refinance wave on the 2018 4.5 % cohort: slow in 2019, 30-60 % CPR in mid-2020, still fast in 2021', () => {
    expect(cpr3(aft.Cpr, '2019-01')).toBeLessThan(12);
    expect(cpr3(aft.Cpr, '2020-06')).toBeGreaterThan(30);
    expect(cpr3(aft.Cpr, '2020-06')).toBeLessThan(60);
    expect(cpr3(aft.Cpr, '2021-07')).toBeGreaterThan(20);
    expect(cpr3(aft.Cpr, '2020-06')).toBeGreaterThan(4 * cpr3(aft.Cpr, '2019-01'));
  });

  it('differs from LDM 2.2 on the same path: 2021\'s home-price boom adds turnover and cash-out to AFT only', () => {
    // 2021: trailing HPA of 10-18 %; AFT prepays faster than LDM 2.2 in the same months.
    expect(cpr3(aft.Cpr, '2021-07')).toBeGreaterThan(cpr3(ldm.Cpr, '2021-07') + 3);
    // Defaults move only through HPA: the same small default in a rising market (within a fifth).
    expect(Math.abs(aft.CumulativeDefaultPct - ldm.CumulativeDefaultPct)).toBeLessThanOrEqual(0.2 * Math.max(ldm.CumulativeDefaultPct, 0.05));
  });
});
