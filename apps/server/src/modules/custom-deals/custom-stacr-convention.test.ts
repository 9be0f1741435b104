/**
 * Issue 34 #7: one STACR convention. A STACR deal built in the custom editor runs in the offering
 * memorandum's convention like the shipped STACR deals (credit events taken at the event, no
 * recovery lag): the editor's rebuild of STACR 2026-DNA1's principal classes (its attachment points,
 * its pool as one WAC/WAM/WALA line) loses what DNA1 loses, when DNA1 loses it, class by class.
 * The editor API also takes the null coupon its schema allows (notes pay index + Spread). The
 * scenario keeps losses in the subordinate classes: under heavy losses DNA1's A-1 follows its
 * offering memorandum's scheduled senior reduction and supplemental reductions, which the editor's
 * senior/subordinate structure does not have (a structure difference, not a convention one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StacrAcisDeal } from '@opencrt/contracts';
import { simulate, type DealSpec, type SimulationRequest, type SimulationResponse } from '@opencrt/engine';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_DATA_DIR } from '../deals/deal-catalog.loader.ts';
import { buildCustomDeal } from './custom-deal.builder.ts';

/** DNA1's principal classes: name in the editor, DNA1's class, detachment (percent of the pool). */
const CLASSES = [
  ['A', 'A-H', 100], ['A1', 'A-1', 4.8], ['M1', 'M-1', 3.525], ['M2A', 'M-2A', 2.25], ['M2B', 'M-2B', 2.075],
  ['B1', 'B-1H', 1.9], ['B2', 'B-2H', 1.45], ['B3', 'B-3H', 0.25],
] as const;
const POOL = 22_781_151_551.84;

const rebuild = (): StacrAcisDeal => ({
    Type: 'STACR_ACIS', Name: 'STACR 2026-DNX', DependantNames: ['ACIS 2026-DNX'],
    STACR: {
      Name: 'STACR 2026-DNX',
      CollateralInformation: [{ ReferencePoolBalance: POOL, Wac: 6.793, Wam: 349, Wala: 10 }],
      ContractInformation: { ClosingDate: 20260217, FirstPayDate: 20260325, MaturityDate: 20460225, EarlyRedemptionDate: 20310225, CancellationPct: 10 },
      Structure: { CETarget: 3.525, DlqTarget: 50, DlqMonthsAverage: 6, UseCumLossTest: true },
      // Coupon null: the schema allows it and the notes pay SOFR + Spread.
      Liability: CLASSES.map(([name, , det], i) => ({
        BondName: name, Detachment: det, Thickness: det - (CLASSES[i + 1]?.[2] ?? 0), Balance: null, Coupon: null, Spread: i === 0 ? 0 : 1,
      })),
    },
    ACIS: {
      Name: 'ACIS 2026-DNX', Structure: { EffectiveDate: 20260217, MaturityDate: 20380217, MonthsToCall: 60 },
      Liability: CLASSES.slice(1).map(([name]) => ({ BondName: name, OfferedPct: 50, Balance: 1_000_000, Premium: 2, CallMultiplier: 1 })),
    },
});

interface Row { Period: number; Defaults: number; Losses: number }
interface Bond { BondName: string; WritedownPct: number; BondCashflow: { ActualWriteDown: number }[] }
interface Simulation { ProjectedLosses: number; CollateralCashflow: Row[]; BondsCashflows: Bond[] }

describe('a custom STACR deal runs like a shipped one (issue 34 #7)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('the editor\'s rebuild of DNA1 saves with null coupons, takes losses at the credit event and loses what DNA1 loses, class by class', async () => {
    const token = await t.token('analyst');
    const created = await t.request({ method: 'POST', url: '/api/deals/custom/stacr_acis', token, payload: rebuild() });
    expect(created.statusCode, created.body).toBe(200);
    const run = async (DealName: string, extra: object = {}) => {
      const res = await t.request({
        method: 'POST', url: '/api/simulate', token,
        payload: { DealName, SettlementDate: 20260217, Cpr: [0, 0.08], Cdr: [0, 0.006], LossSeverity: [0, 0.3], Delinquency: [0, 0], Libor: [0, 0.04], ...extra },
      });
      return res;
    };
    const custom = (await run('STACR 2026-DNX')).json() as Simulation;
    const dna1 = (await run('STACR 2026-DNA1')).json() as Simulation;
    // Credit events at the event: every period's loss is its defaults × severity, none waits.
    for (const deal of [custom, dna1]) {
      for (const r of deal.CollateralCashflow.slice(0, 60)) expect(r.Losses).toBeCloseTo(r.Defaults * 0.3, 0);
    }
    // A recovery lag is refused as on DNA1 (the convention has none).
    const lagged = await run('STACR 2026-DNX', { RecoveryLagMonths: 6 });
    expect(lagged.statusCode).toBe(400);
    expect(lagged.json().Message).toContain('Recovery Lag (months) does not apply to STACR 2026-DNX');
    // The pool loses what DNA1's loses (one line for DNA1's 31: within 1 %).
    expect(Math.abs(custom.ProjectedLosses / dna1.ProjectedLosses - 1)).toBeLessThan(0.01);
    // Each principal class is written down as its DNA1 class is (percent of its balance).
    const wd = (s: Simulation, name: string) => s.BondsCashflows.find((b) => b.BondName === name)?.WritedownPct ?? Number.NaN;
    for (const [name, dnaName] of CLASSES) {
      expect(Math.abs(wd(custom, name) - wd(dna1, dnaName)), `${name} vs ${dnaName}`).toBeLessThan(0.5);
    }
    expect(wd(custom, 'B3')).toBeCloseTo(100, 6);
    expect(wd(custom, 'B2')).toBeGreaterThan(1);
  });
});

/**
 * The same rebuild run by the engine, class by class to the cent. The rebuild sizes its classes as
 * DNA1's offering memorandum does (detachments from DNA1's notionals: the memorandum's B-3H is
 * $999.12 over 0.25 % of the pool, and its notes are whole dollars) and has one senior class A for
 * DNA1's senior A-H + A-1/A-1H (the editor has one senior class; DNA1's A-1 is senior). The editor
 * takes up to 5 WAC/WAM/WALA lines and no cut-off date, so the class comparison runs the rebuild on
 * DNA1's pool (31 rep lines cut off 2025-12-31: payment date 1 takes two collection months).
 */
const SIZES: [string, string[], number][] = [
  ['A', ['A-H', 'A-1', 'A-1H'], 0], ['M1', ['M-1', 'M-1H'], 290_459_682], ['M2A', ['M-2A', 'M-2AH'], 39_867_015], ['M2B', ['M-2B', 'M-2BH'], 39_867_015],
  ['B1', ['B-1H'], 102_515_181], ['B2', ['B-2H'], 273_373_818], ['B3', ['B-3H'], 56_953_878],
];

const rebuildAtDna1Sizes = (): StacrAcisDeal => {
  const deal = rebuild();
  const det = SIZES.map((_, i) => (i === 0 ? 100 : (SIZES.slice(i).reduce((s, [, , size]) => s + size, 0) / POOL) * 100));
  deal.STACR.Liability = SIZES.map(([name], i) => ({ BondName: name, Detachment: det[i] as number, Thickness: null, Balance: null, Coupon: null, Spread: i === 0 ? 0 : 1 }));
  deal.ACIS.Liability = SIZES.slice(1).map(([name]) => ({ BondName: name, OfferedPct: 50, Balance: 1_000_000, Premium: 2, CallMultiplier: 1 }));
  return deal;
};

describe('the rebuild of DNA1\'s principal classes gives DNA1\'s cashflows (issue 34 #7)', () => {
  const dna1 = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'deals', 'structures', 'stacr-2026-dna1.json'), 'utf8')) as DealSpec;
  const built = buildCustomDeal({ id: 900_001, payload: rebuildAtDna1Sizes(), template: null });
  const custom = built.specs[0] as DealSpec;
  const onDna1Pool: DealSpec = {
    ...custom, collateral: dna1.collateral,
    dates: { ...custom.dates, cutOffDate: dna1.dates.cutOffDate, firstPaymentDateCollectionMonths: dna1.dates.firstPaymentDateCollectionMonths },
  };
  const request = (cpr: number, cdr: number): SimulationRequest => ({
    DealName: 'STACR 2026-DNX', SettlementDate: 20260217, Cpr: [0, cpr], Cdr: [0, cdr], LossSeverity: [0, 0.3], Delinquency: [0, 0], Libor: [0, 0.04],
  } as SimulationRequest);
  const cents = (x: number): number => Math.round(x * 100);
  /** Per class and field, the payment dates where the rebuild and DNA1 (its classes summed) differ by a cent or more. */
  const differences = (a: SimulationResponse, b: SimulationResponse) => {
    const rows = (s: SimulationResponse, names: string[]) => names.map((n) => s.BondsCashflows.find((x) => x.BondName === n)?.BondCashflow ?? []);
    const out: { bond: string; field: string; period: number; diff: number }[] = [];
    for (const [name, dnaNames] of SIZES) {
      const [mine] = rows(a, [name]);
      const theirs = rows(b, dnaNames);
      expect(mine?.length, name).toBe(theirs[0]?.length);
      (mine ?? []).forEach((r, i) => {
        for (const field of ['Principal', 'ActualWriteDown', 'Balance'] as const) {
          const diff = cents(r[field]) - cents(theirs.reduce((s, t) => s + (t[i]?.[field] ?? Number.NaN), 0));
          if (diff !== 0) out.push({ bond: name, field, period: i + 1, diff: diff / 100 });
        }
      });
    }
    return out;
  };

  it('runs in DNA1\'s convention and sizes its classes as DNA1\'s', () => {
    expect(built.issues).toEqual([]);
    expect(custom.conventions).toEqual(dna1.conventions);
    const notional = (s: DealSpec, names: string[]) => cents(names.reduce((t, n) => t + (s.tranches.find((x) => x.name === n)?.originalNotional ?? Number.NaN), 0));
    for (const [name, dnaNames] of SIZES) expect(notional(custom, [name]), name).toBe(notional(dna1, dnaNames));
  });

  it('on DNA1\'s pool: the collateral and every principal class to the cent, benign to heavy losses', () => {
    for (const [cpr, cdr] of [[0.08, 0.001], [0.15, 0.0005], [0.08, 0.02]] as const) {
      const a = simulate(onDna1Pool, request(cpr, cdr), null);
      const b = simulate(dna1, request(cpr, cdr), null);
      expect(a.CollateralCashflow.length).toBe(b.CollateralCashflow.length);
      a.CollateralCashflow.forEach((r, i) => {
        const d = b.CollateralCashflow[i];
        for (const f of ['Balance', 'ScheduledPrincipal', 'PrepaidPrincipal', 'Defaults', 'Losses', 'Interest'] as const) expect(cents(r[f]), `${cpr}/${cdr} ${f} ${i + 1}`).toBe(cents(d?.[f] ?? Number.NaN));
      });
      expect(differences(a, b), `CPR ${cpr} CDR ${cdr}`).toEqual([]);
      if (cdr === 0.02) expect(a.BondsCashflows.find((x) => x.BondName === 'B3')?.WritedownPct).toBeCloseTo(100, 6);
    }
  });

  it('where DNA1\'s supplemental reduction pays its note/H pairs (which the rebuild has not), that is the only difference', () => {
    const a = simulate(onDna1Pool, request(0.08, 0.006), null);
    const diffs = differences(a, simulate(dna1, request(0.08, 0.006), null));
    // From payment date 144 DNA1's 5.50 % supplemental reduction moves senior principal to M-1/M-1H.
    expect(diffs.length).toBeGreaterThan(0);
    expect(new Set(diffs.map((d) => d.bond))).toEqual(new Set(['A', 'M1']));
    expect(Math.min(...diffs.map((d) => d.period))).toBe(144);
    const withoutIt = dna1.waterfall.kind === 'reference-tranche' ? { ...dna1, waterfall: { ...dna1.waterfall, supplementalReduction: null } } : dna1;
    expect(differences(a, simulate(withoutIt, request(0.08, 0.006), null))).toEqual([]);
  });

  it('on the editor\'s own pool (one WAC/WAM/WALA line, cut off the month before closing) the pool loses within 0.2 % of DNA1', () => {
    const a = simulate(custom, request(0.08, 0.006), null);
    const b = simulate(dna1, request(0.08, 0.006), null);
    expect(Math.abs(a.ProjectedLosses / b.ProjectedLosses - 1)).toBeLessThan(0.002);
  });
});
