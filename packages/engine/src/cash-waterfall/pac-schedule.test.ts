import { describe, expect, it } from 'vitest';
import type { CollateralLine } from '../collateral/collateral-types.ts';
import { collateralPrincipal, pacSchedule } from './pac-schedule.ts';

/** Scheduled PAC principal by month from a balance schedule. */
function scheduledPrincipal(original: number, balances: number[]): number[] {
  return balances.map((b, i) => (i === 0 ? original : (balances[i - 1] as number)) - b);
}

/** Months (1-based) in which the collateral at `psa` pays less principal than the PAC schedule needs. */
function shortfallMonths(lines: CollateralLine[], psa: number, original: number, balances: number[]): number[] {
  const coll = collateralPrincipal(lines, psa, balances.length);
  const need = scheduledPrincipal(original, balances);
  const out: number[] = [];
  // 1e-6 dollars: the band speeds themselves meet the schedule with equality.
  need.forEach((p, i) => { if ((coll[i] as number) < p - 1e-6) out.push(i + 1); });
  return out;
}

describe('pacSchedule: hand-checked small pool', () => {
  // One line: $100,000 at 6 % (c = 0.005), 3 months left, age 60, so PSA is on its flat part:
  // 100 PSA = 6 % CPR → SMM 1 − 0.94^(1/12) = 0.00514301; 300 PSA = 18 % CPR → SMM 1 − 0.82^(1/12) = 0.01640158.
  // SIFMA order: scheduled = level payment − interest, prepaid = SMM × (balance − scheduled).
  const lines: CollateralLine[] = [{ balance: 100_000, grossRate: 0.06, netRate: 0.06, remainingTerm: 3, age: 60 }];

  it('takes the smaller of the two speeds\u2019 principal each month, floored at zero', () => {
    // Month 1, both speeds: payment 100,000 × 0.005 / (1 − 1.005^−3) = 33,667.2208; scheduled 33,167.2208.
    //   100 PSA: prepaid 0.00514301 × 66,832.7792 =   343.7218 → principal 33,510.9427  (min)
    //   300 PSA: prepaid 0.01640158 × 66,832.7792 = 1,096.1634 → principal 34,263.3842
    // Month 2 (2 payments left):
    //   100 PSA: balance 66,489.0573; payment 33,494.0699; sched 33,161.6246; prepaid 171.4034 → 33,333.0280
    //   300 PSA: balance 65,736.6158; payment 33,115.0251; sched 32,786.3420; prepaid 540.4367 → 33,326.7787 (min)
    // Month 3 (last payment clears the line):
    //   100 PSA: 33,156.0293;  300 PSA: 32,409.8371 (min)
    // Σ min = 33,510.9427 + 33,326.7787 + 32,409.8371 = 99,247.5585.
    const s = pacSchedule(lines, 100, 300, 95_000, 3);
    expect(s).toHaveLength(3);
    expect(s[0]).toBeCloseTo(95_000 - 33_510.9427, 3); // 61,489.0573
    expect(s[1]).toBeCloseTo(95_000 - 33_510.9427 - 33_326.7787, 3); // 28,162.2786
    expect(s[2]).toBe(0); // 95,000 − 99,247.5585 < 0 → 0

    // The full-size PAC (Σ min) retires exactly at month 3.
    const full = pacSchedule(lines, 100, 300, 99_247.5585, 3);
    expect(full[2]).toBeCloseTo(0, 3);
  });

  it('a zero-width band schedules exactly the collateral principal at that speed', () => {
    const s = pacSchedule(lines, 100, 100, 100_000, 3);
    expect(s[0]).toBeCloseTo(100_000 - 33_510.9427, 3);
    expect(s[1]).toBeCloseTo(100_000 - 33_510.9427 - 33_333.0280, 3);
    expect(s[2]).toBeCloseTo(0, 6);
  });
});

describe('pacSchedule: band protection', () => {
  // A 30-year new-issue pool plus a seasoned 20-year line with a different coupon.
  const lines: CollateralLine[] = [
    { balance: 80_000_000, grossRate: 0.065, netRate: 0.06, remainingTerm: 360, age: 0 },
    { balance: 20_000_000, grossRate: 0.055, netRate: 0.05, remainingTerm: 220, age: 20 },
  ];
  const pool = 100_000_000;
  // The PAC takes the whole band minimum: original = pool balance leaves what the band cannot
  // schedule as the residual balance at month 360 (the support class's share).
  const schedule = pacSchedule(lines, 100, 300, pool, 360);

  it('schedules less than the pool and retires nothing beyond the band minimum', () => {
    const residual = schedule[359] as number;
    expect(residual).toBeGreaterThan(0);
    expect(residual).toBeLessThan(pool);
    // Non-increasing balances.
    for (let i = 1; i < 360; i++) expect(schedule[i] as number).toBeLessThanOrEqual((schedule[i - 1] as number) + 1e-9);
  });

  it('is met every month at every constant speed inside the band (100–300 PSA)', () => {
    for (let psa = 100; psa <= 300; psa += 12.5) {
      expect(shortfallMonths(lines, psa, pool, schedule), `${psa} PSA`).toEqual([]);
    }
  });

  it('is missed below the band (early months) and above it (late months)', () => {
    // Slower than the lower collar: too little prepayment from month 1 on.
    const slow = shortfallMonths(lines, 75, pool, schedule);
    expect(slow[0]).toBe(1);
    // Faster than the upper collar: the pool pays down early and cannot fund the late schedule.
    const fast = shortfallMonths(lines, 400, pool, schedule);
    expect(fast.length).toBeGreaterThan(0);
    expect(fast[0] as number).toBeGreaterThan(60);
  });

  it('rejects an inverted band or bad sizes', () => {
    expect(() => pacSchedule(lines, 300, 100, pool, 12)).toThrow(RangeError);
    expect(() => pacSchedule(lines, 100, 300, -1, 12)).toThrow(RangeError);
    expect(() => pacSchedule(lines, 100, 300, pool, 1.5)).toThrow(RangeError);
  });
});
