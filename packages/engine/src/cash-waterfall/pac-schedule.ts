import type { CollateralLine, CollateralScenario } from '../collateral/collateral-types.ts';
import { projectRepLines } from '../collateral/project-rep-lines.ts';

/**
 * PAC (planned amortization class) balance schedule by the textbook band construction
 * (Fabozzi, CMO structuring; FINCAD glossary "PAC": the schedule is the minimum principal the
 * collateral produces at the two band speeds):
 * 1. project the collateral at the lower and the upper PSA collar (no defaults);
 * 2. the PAC's scheduled principal in month t is min(principal at low speed, principal at high speed);
 * 3. the scheduled balance is the original PAC balance less the cumulated minimum, floored at 0.
 * Early in the pool's life the slow speed pays less, late the fast speed does (its balance is
 * gone), so any constant speed inside the band pays at least the schedule every month.
 * A PAC smaller than the sum of the minimums simply retires early; a larger one keeps a balance
 * at the horizon.
 * @param lines collateral lines (balances in dollars)
 * @param lowPsa lower band speed in % PSA (e.g. 100)
 * @param highPsa upper band speed in % PSA (e.g. 300), at least lowPsa
 * @param pacOriginalBalance PAC original balance in dollars
 * @param months schedule length (months)
 * @returns the PAC's scheduled balance after each month 1..months
 */
export function pacSchedule(lines: CollateralLine[], lowPsa: number, highPsa: number, pacOriginalBalance: number, months: number): number[] {
  if (!(lowPsa >= 0 && highPsa >= lowPsa)) throw new RangeError(`PAC band needs 0 <= lowPsa <= highPsa, got ${lowPsa}..${highPsa}`);
  if (!(pacOriginalBalance >= 0)) throw new RangeError(`PAC original balance must be >= 0, got ${pacOriginalBalance}`);
  if (!(Number.isInteger(months) && months >= 0)) throw new RangeError(`months must be a whole number >= 0, got ${months}`);
  const low = collateralPrincipal(lines, lowPsa, months);
  const high = collateralPrincipal(lines, highPsa, months);
  const out: number[] = [];
  let paid = 0;
  for (let i = 0; i < months; i++) {
    paid += Math.min(low[i] as number, high[i] as number);
    out.push(Math.max(0, pacOriginalBalance - paid));
  }
  return out;
}

/**
 * Collateral principal (scheduled + prepaid) by month at a constant PSA speed, no defaults,
 * on the SIFMA step order (the convention the band speeds are quoted in).
 */
export function collateralPrincipal(lines: readonly CollateralLine[], psa: number, months: number): Float64Array {
  const scenario: CollateralScenario = {
    prepay: { kind: 'standard', pct: psa }, default: { kind: 'annual', values: 0 }, severity: 0, delinquency: 0,
    recoveryLagMonths: 0, servicerAdvancing: false, convention: 'sifma', fixedLossShare: null, roundToCent: false,
  };
  const f = projectRepLines(lines, scenario, months);
  const out = new Float64Array(months);
  for (let i = 0; i < months; i++) out[i] = (f.scheduled[i] as number) + (f.prepaid[i] as number);
  return out;
}
