import { describe, expect, it } from 'vitest';
import dna1Src from '../../../../data/sources/stacr/stacr-2026-dna1.json' with { type: 'json' };
import dna2Src from '../../../../data/sources/stacr/stacr-2026-dna2.json' with { type: 'json' };
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import dna2Json from '../../../../data/deals/structures/stacr-2026-dna2.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { validateDeal } from '../deal/validate-deal.ts';
import { runDeal } from '../simulate/run-deal.ts';
import type { DealRun, DealScenario } from '../simulate/run-deal.ts';
import { days30360 } from '../simulate/deal-dates.ts';

const dna1 = dna1Json as DealSpec;
const dna2 = dna2Json as DealSpec;

/** PPM table scenario: 10 % CPR, CER %, 25 % loss share, SOFR flat, optional early redemption. */
function ppmScenario(spec: DealSpec, cerPct: number, toCall: boolean): DealScenario {
  return {
    prepay: { kind: 'annual', values: 0.1 }, default: { kind: 'annual', values: cerPct / 100 }, severity: 0.25,
    delinquency: 0, indexRate: spec.index.valueAtIssuePct / 100, lossSource: 'deal',
    cleanUpCall: toCall, timeCall: toCall, collateralGroup: null,
  };
}

/** PPM WAL: Σ t(n) × (principal + write-down) / original, t(n) 30/360 years from closing. */
function walYears(run: DealRun, classes: string[]): number {
  const idx = classes.map((c) => run.waterfall.tranches.indexOf(c));
  const original = idx.reduce((s, i) => s + (run.waterfall.originalNotional[i] as number), 0);
  let num = 0;
  run.waterfall.periods.forEach((p, n) => {
    const t = days30360(run.spec.dates.closingDate, run.paymentDates[n] as string) / 360;
    for (const i of idx) num += t * ((p.principal[i] as number) + (p.writeDown[i] as number));
  });
  return num / original;
}

describe('STACR deal specs', () => {
  it('validate cleanly', () => {
    expect(validateDeal(dna1)).toEqual([]);
    expect(validateDeal(dna2)).toEqual([]);
  });
});

describe('STACR 2026-DNA1 payment date 1 tie-out (10 % CPR, 0 % CER)', () => {
  const fp = dna1Src.tie_out.first_payment_date;
  const run = runDeal(dna1, ppmScenario(dna1, 0, false));
  const p1 = run.waterfall.periods[0]!;
  const cents = (x: number): number => Math.round(x * 100);
  const byName = (arr: number[], name: string): number => arr[run.waterfall.tranches.indexOf(name)] as number;
  it('pool months to the cent', () => {
    const f = run.flows;
    expect(cents(f.scheduled[0]!)).toBe(cents(fp.pool.month_2026_01_31.scheduled_principal));
    expect(cents(f.prepaid[0]!)).toBe(cents(fp.pool.month_2026_01_31.prepayments));
    expect(cents(f.balance[0]!)).toBe(cents(fp.pool.month_2026_01_31.end_upb));
    expect(cents(f.scheduled[1]!)).toBe(cents(fp.pool.month_2026_02_28.scheduled_principal));
    expect(cents(f.prepaid[1]!)).toBe(cents(fp.pool.month_2026_02_28.prepayments));
    expect(cents(f.balance[1]!)).toBe(cents(fp.pool.month_2026_02_28.end_upb));
  });
  it('stated principal, percentages and reductions to the cent', () => {
    expect(p1.pool.statedPrincipal).toBe(cents(fp.stated_principal));
    expect(p1.upbPrev).toBe(cents(fp.upb_prev));
    expect(p1.pool.upbEnd).toBe(cents(fp.upb_end));
    expect(p1.seniorPct).toBeCloseTo(fp.senior_pct / 100, 12);
    expect(p1.subordinatePct).toBeCloseTo(fp.subordinate_pct / 100, 12);
    expect(p1.tests.minimumCreditEnhancement).toBe(true);
    expect(p1.tests.allPass).toBe(true);
    expect(p1.seniorReduction).toBe(cents(fp.senior_reduction));
    expect(p1.subordinateReduction).toBe(cents(fp.subordinate_reduction));
    expect(p1.offeredReferenceTranchePct).toBeCloseTo(fp.offered_reference_tranche_pct / 100, 12);
    expect(p1.supplementalReduction).toBe(cents(fp.supplemental_reduction));
    for (const [name, amount] of Object.entries({ ...fp.senior_reduction_allocation, ...fp.subordinate_reduction_allocation })) {
      expect(byName(p1.principal, name), name).toBe(cents(amount));
    }
    for (const [name, amount] of Object.entries(fp.notional_after)) expect(byName(p1.notional, name), name).toBe(cents(amount));
  });
  it('note interest for the 36-day first accrual period to the cent', () => {
    expect(run.accrualDays[0]).toBe(dna1Src.dates.first_accrual_period_days_ppm_tables);
    for (const [name, amount] of Object.entries(fp.note_interest_36_days)) {
      const t = dna1.tranches.find((x) => x.name === name)!;
      const coupon = Math.max(0, run.indexRates[0]! + t.marginPct! / 100);
      expect(Math.round(byName(p1.prior, name) * coupon * run.accrualDays[0]! / 360), name).toBe(cents(amount));
    }
  });
});

for (const [label, spec, src] of [['DNA1', dna1, dna1Src], ['DNA2', dna2, dna2Src]] as const) {
  describe(`STACR 2026-${label} WAL table, 10 % CPR column (RM = 0 rows)`, () => {
    const rows = src.tie_out.wal_table_10_cpr.rows.filter((r) => r.rm_pct === 0);
    const macr = new Map(spec.macrClasses.map((m) => [m.name, m.components.map((c) => c.note)]));
    it.each(rows.map((r) => [r.group, r.cer_pct, r.wal_years_to_scheduled_maturity, r.wal_years_to_early_redemption] as const))(
      '%s at CER %s%%: WAL %s to maturity, %s to call', (group, cer, toMaturity, toCall) => {
        const classes = macr.get(group) ?? [group];
        expect(walYears(runDeal(spec, ppmScenario(spec, cer, false)), classes).toFixed(2)).toBe(toMaturity.toFixed(2));
        expect(walYears(runDeal(spec, ppmScenario(spec, cer, true)), classes).toFixed(2)).toBe(toCall.toFixed(2));
      });
  });
}
