import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StacrAcisDeal } from '@opencrt/contracts';
import { conservationProblems, runRequest, type DealSpec, type SimulationRequest } from '@opencrt/engine';
import { buildCustomDeal } from './custom-deal.builder.ts';

// Pure: the builder and the engine, no database (issue 23 #2).

interface PoolLine { balance: number; wac: number; wam: number; wala: number }
interface ClassRow { detachment: number; spread: number; coupon: number }

/** An editor payload: pools, class A plus 0–7 classes with falling detachments, tests, dates. */
function stacrAcisDeal(pools: PoolLine[], classes: ClassRow[], tests: { ce: number; dlq: number; dlqMonths: number; cumLoss: boolean }): StacrAcisDeal {
  const names = ['A', ...classes.map((_, i) => `M${i + 1}`)];
  const total = pools.reduce((s, p) => s + p.balance, 0);
  const liability = names.map((name, i) => {
    const det = i === 0 ? 100 : (classes[i - 1] as ClassRow).detachment;
    const next = i < classes.length ? (classes[i] as ClassRow).detachment : 0;
    const row = i === 0 ? { spread: 0, coupon: 0 } : (classes[i - 1] as ClassRow);
    return { BondName: name, Detachment: det, Thickness: det - next, Balance: (total * (det - next)) / 100, Coupon: row.coupon, Spread: row.spread };
  });
  return {
    Type: 'STACR_ACIS', Name: 'STACR 2026-PRP', DependantNames: ['ACIS 2026-PRP'],
    STACR: {
      Name: 'STACR 2026-PRP',
      CollateralInformation: pools.map((p) => ({ ReferencePoolBalance: p.balance, Wac: p.wac, Wam: p.wam, Wala: p.wala })),
      ContractInformation: { ClosingDate: 20260130, FirstPayDate: 20260225, MaturityDate: 20560225, EarlyRedemptionDate: 20310225, CancellationPct: 10 },
      Structure: { CETarget: tests.ce, DlqTarget: tests.dlq, DlqMonthsAverage: tests.dlqMonths, UseCumLossTest: tests.cumLoss },
      Liability: liability,
    },
    ACIS: {
      Name: 'ACIS 2026-PRP',
      Structure: { EffectiveDate: 20260130, MaturityDate: 20380130, MonthsToCall: 60 },
      Liability: liability.slice(1).map((b) => ({ BondName: b.BondName, OfferedPct: 50, Balance: b.Balance / 2, Premium: 3, CallMultiplier: 1 })),
    },
  } as StacrAcisDeal;
}

function specOf(payload: StacrAcisDeal): DealSpec {
  const built = buildCustomDeal({ id: 100_001, payload, template: null });
  expect(built.issues).toEqual([]);
  return built.specs[0] as DealSpec;
}

const request = (spec: DealSpec, r: Partial<SimulationRequest>): SimulationRequest => ({
  DealName: spec.dealName, Cpr: 0.1, Cdr: 0.005, LossSeverity: 0.25, Delinquency: 0, Libor: 0.04, ...r,
});

const sumOf = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

/** The property over random editor payloads and scenarios (issue 23 #2). */
function conservationProperty() {
  const pool = fc.record({
    balance: fc.integer({ min: 1_000_000, max: 5_000_000_000 }),
    wac: fc.double({ min: 0.5, max: 12, noNaN: true }).map((x) => Math.round(x * 1000) / 1000),
    wam: fc.integer({ min: 12, max: 360 }),
    wala: fc.integer({ min: 0, max: 24 }),
  }).filter((p) => p.wam + p.wala <= 360);
  // Detachments of the classes below A: distinct, falling, in (0, 25).
  const classes = fc.uniqueArray(fc.integer({ min: 1, max: 2_499 }), { minLength: 0, maxLength: 7 })
    .chain((dets) => fc.tuple(...dets.sort((a, b) => b - a).map((d) => fc.record({
      detachment: fc.constant(d / 100), spread: fc.double({ min: 0, max: 15, noNaN: true }), coupon: fc.double({ min: 0, max: 10, noNaN: true }),
    }))));
  const tests = fc.record({
    ce: fc.double({ min: 0.1, max: 24, noNaN: true }), dlq: fc.double({ min: 1, max: 99, noNaN: true }),
    dlqMonths: fc.integer({ min: 1, max: 11 }), cumLoss: fc.boolean(),
  });
  const scenario = fc.record({
    Cpr: fc.oneof(fc.double({ min: 0, max: 0.6, noNaN: true }), fc.array(fc.double({ min: 0, max: 0.9, noNaN: true }), { minLength: 2, maxLength: 6 })),
    Cdr: fc.oneof(fc.double({ min: 0, max: 0.3, noNaN: true }), fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { minLength: 2, maxLength: 6 })),
    LossSeverity: fc.double({ min: 0, max: 1, noNaN: true }),
    Delinquency: fc.double({ min: 0, max: 0.2, noNaN: true }),
    CleanupCall: fc.boolean(), Cancellation: fc.boolean(),
    RecoveryLagMonths: fc.option(fc.integer({ min: 0, max: 12 })), ServicerAdvancing: fc.option(fc.boolean()),
  });
  return fc.property(fc.array(pool, { minLength: 1, maxLength: 3 }), classes, tests, scenario, (pools, rows, t, sc) => {
    const spec = specOf(stacrAcisDeal(pools, rows, t));
    // Request vectors carry a leading period-0 element.
    const vec = (v: number | number[]) => (Array.isArray(v) ? [0, ...v] : v);
    const run = runRequest(spec, request(spec, { ...sc, Cpr: vec(sc.Cpr), Cdr: vec(sc.Cdr) }), null);
    expect(conservationProblems(run)).toEqual([]);
  });
}

const SEED_ENV = process.env.CONSERVATION_SEED;
const SEED = SEED_ENV === 'random' ? undefined : Number(SEED_ENV ?? 20261127);
const RUNS = Number(process.env.CONSERVATION_RUNS ?? 60);

describe('custom STACR + ACIS deals conserve cash', () => {
  it('issue 23 #2: A (975,000,000) and B (2.5 %, 25,000,000) at 10 CPR / 0.5 CDR / 25 severity: A gets its balance, not 1,019.79 more', () => {
    const spec = specOf(stacrAcisDeal([{ balance: 1e9, wac: 3, wam: 357, wala: 0 }], [{ detachment: 2.5, spread: 2.5, coupon: 0 }], { ce: 1, dlq: 50, dlqMonths: 6, cumLoss: true }));
    const run = runRequest(spec, request(spec, {}), null);
    if (run.kind !== 'reference-tranche') throw new Error('a custom STACR deal runs the reference-tranche waterfall');
    const w = run.waterfall;
    const total = (k: number, pick: 'principal' | 'writeDown') => sumOf(w.periods.map((p) => p[pick][k] as number));
    // Class A: principal = its balance to the cent (was 975,001,019.79).
    expect(total(0, 'principal')).toBe(975_000_000_00);
    expect(total(0, 'writeDown')).toBe(0);
    expect(total(1, 'principal') + total(1, 'writeDown')).toBe(25_000_000_00);
    // Σ class principal = the collateral's scheduled + prepaid principal + recoveries (cents of rounding).
    const f = run.flows;
    let collateral = 0;
    for (let m = 0; m < f.months; m++) collateral += (f.scheduled[m] as number) + (f.prepaid[m] as number) + (f.recoveries[m] as number);
    const paid = sumOf(w.periods.map((p) => sumOf(p.principal)));
    expect(Math.abs(paid - Math.round(collateral * 100))).toBeLessThan(w.periods.length);
    expect(conservationProblems(run)).toEqual([]);
  });

  it('property: random editor inputs (pools, 1–8 classes, detachments, coupons, CE and delinquency tests) and scenarios', () => {
    // A fixed seed keeps the API step repeatable; CONSERVATION_SEED=random (or a number) and
    // CONSERVATION_RUNS=<n> explore.
    fc.assert(conservationProperty(), { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });
  });

  // Found by the property in a full run (seed 525192576): a 1,000,000 pool at 0.5 % WAC and 276 months
  // with one 0.01 % class, 46.8 % CDR and 0 severity ended period 263 one cent short of the pool UPB
  // and the waterfall's own check threw. Cause: each month's flows were rounded to the cent on their
  // own and scheduled principal took the residual, −1 cent there; the engine now splits the rounded
  // UPB decline with no negative part (pool-periods.ts splitDecline).
  it('seed 525192576: PD 263 ends at the pool UPB (was one cent short, thrown)', () => {
    fc.assert(conservationProperty(), { numRuns: 60, seed: 525192576 });
  });
});
