import { growthMinusOne, NEGLIGIBLE_MONTHLY_RATE, SMALL_MONTHLY_RATE } from './amortization.ts';
import { cdrToMdr, cprToSmm, mdrToCdr, smmToCpr } from '../rates/rate-conversions.ts';
import { valueAt } from '../rates/vector.ts';
import { createFlows, isAgeBasedSpeed } from './collateral-types.ts';
import type { CollateralFlows, CollateralLine, CollateralScenario, SpeedInput } from './collateral-types.ts';
import type { LoanTape } from './project-loans.ts';
import { applyPipeline } from './project-loans.ts';

/**
 * Speed-independent schedule sums of a pool (one pass over every loan or line).
 *
 * Why: when prepayment and default rates are the same for every loan in a month (CPR/CDR
 * scalars or vectors), each loan's balance is b_j(t) = P(t) · g_j(t), where g_j is its
 * scheduled (no prepay, no default) balance and P(t) = Π (1 − MDR − SMM) is common to all loans
 * — in both step-order conventions. Pool flows of ANY such scenario then follow from
 * Σ g_j(t), Σ g_j(t)·c_j and Σ g_j(t)·net_j in O(months): a CPR×CDR matrix needs one pass over
 * the loans instead of one per cell. Exact (no approximation) but without per-line cent rounding.
 */
export interface ScheduleAggregates {
  months: number;
  /** G[t] = Σ scheduled balance at the start of month t (length months + 1). */
  balance: Float64Array;
  /** Σ scheduled balance × monthly gross coupon, by month. */
  coupon: Float64Array;
  /** Σ scheduled balance × annual net coupon, by month. */
  net: Float64Array;
}

/** Schedule sums of a loan tape (sorted by remaining term or not). */
export function scheduleAggregatesOfLoans(tape: LoanTape, months: number): ScheduleAggregates {
  const lines: CollateralLine[] = [];
  for (let j = 0; j < tape.count; j++) {
    lines.push({ balance: tape.balance[j] as number, grossRate: tape.grossRate[j] as number, netRate: tape.netRate[j] as number, remainingTerm: tape.remainingTerm[j] as number, age: tape.age[j] as number });
  }
  return scheduleAggregatesOfLines(lines, months);
}

/** Schedule sums of rep lines or loans: g(k) = B0 · (q^N − q^k) / (q^N − 1), straight-line at 0 %. */
export function scheduleAggregatesOfLines(lines: readonly CollateralLine[], months: number): ScheduleAggregates {
  const balance = new Float64Array(months + 1);
  const coupon = new Float64Array(months);
  const net = new Float64Array(months);
  for (const l of lines) {
    const c = l.grossRate / 12;
    const n = l.remainingTerm;
    const last = Math.min(n, months);
    const straight = c < NEGLIGIBLE_MONTHLY_RATE;
    // Tiny positive rates: q^N − q^k = q^k · ((1 + c)^(N−k) − 1), free of cancellation (see amortization.ts).
    const small = !straight && c < SMALL_MONTHLY_RATE;
    const qN = straight ? 1 : Math.pow(1 + c, n);
    const scale = straight ? l.balance : l.balance / (small ? growthMinusOne(c, n) : qN - 1);
    let qk = 1;
    for (let k = 0; k <= last; k++) {
      const g = k >= n ? 0 : straight ? l.balance * (1 - k / n) : small ? scale * qk * growthMinusOne(c, n - k) : scale * (qN - qk);
      balance[k] = (balance[k] as number) + g;
      if (k < months) {
        coupon[k] = (coupon[k] as number) + g * c;
        net[k] = (net[k] as number) + g * l.netRate;
      }
      qk *= 1 + c;
    }
  }
  return { months, balance, coupon, net };
}

function poolRate(speed: SpeedInput, i: number, isDefault: boolean): number {
  switch (speed.kind) {
    case 'monthly':
      return valueAt(speed.values, i);
    case 'annual':
      return isDefault ? cdrToMdr(valueAt(speed.values, i)) : cprToSmm(valueAt(speed.values, i));
    case 'standard':
    case 'abs':
      throw new RangeError('schedule aggregates need pool-level speeds (not PSA/SDA/ABS by loan age)');
  }
}

/** True when `projectFromAggregates` reproduces the loan-by-loan projection for this scenario. */
export function aggregatesApply(sc: CollateralScenario): boolean {
  // Age-based curves differ by loan; the sifma "MDR = 0 in a loan's last L months" rule too.
  return !isAgeBasedSpeed(sc.prepay) && !isAgeBasedSpeed(sc.default)
    && (sc.convention === 'stacr-ppm' || Math.trunc(sc.recoveryLagMonths) === 0);
}

/**
 * Pool flows of a scenario from schedule aggregates in O(months) (see `ScheduleAggregates`).
 * @throws RangeError when `aggregatesApply(scenario)` is false
 */
export function projectFromAggregates(agg: ScheduleAggregates, sc: CollateralScenario, months = agg.months): CollateralFlows {
  if (!aggregatesApply(sc)) throw new RangeError('scenario needs the loan-by-loan projection');
  const f = createFlows(months);
  const aa = new Float64Array(months);
  const ppm = sc.convention === 'stacr-ppm';
  let p = 1;
  for (let t = 0; t < Math.min(months, agg.months); t++) {
    const g0 = agg.balance[t] as number;
    if (g0 <= 0) break;
    const smm = poolRate(sc.prepay, t, false);
    const mdr = poolRate(sc.default, t, true);
    const begin = p * g0;
    const bs = p * (g0 - (agg.balance[t + 1] as number));
    const d = mdr * begin;
    const a = ppm ? (1 - mdr - smm) * bs : (1 - mdr) * bs;
    const v = ppm ? smm * begin : smm * (begin - bs);
    f.beginBalance[t] = begin;
    f.balance[t] = Math.max(0, begin - d - a - v);
    f.defaults[t] = d;
    f.prepaid[t] = v;
    f.scheduled[t] = a;
    aa[t] = a;
    f.interest[t] = (1 - mdr) * p * (agg.coupon[t] as number);
    f.passThru[t] = ((1 - mdr) * p * (agg.net[t] as number)) / 12;
    f.grossRate[t] = (12 * (agg.coupon[t] as number)) / g0;
    f.netRate[t] = (agg.net[t] as number) / g0;
    f.cpr[t] = smmToCpr(smm);
    f.cdr[t] = mdrToCdr(mdr);
    p *= 1 - mdr - smm;
  }
  applyPipeline(f, aa, sc, Math.max(0, Math.trunc(sc.recoveryLagMonths)), months);
  return f;
}
