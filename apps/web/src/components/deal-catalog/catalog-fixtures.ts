/**
 * A large synthetic catalog for the filter benchmark and tests (deterministic, no randomness):
 * names cycle through every group's naming pattern.
 */
import type { DealCatalogRow, DealType } from '@opencrt/contracts';

const PATTERNS: readonly (readonly [DealType, (year: number, i: number) => string])[] = [
  ['ACIS', (y, i) => `ACIS ${y}-DNA${i}`], ['CIRT', (y, i) => `CIRT ${y}-${i}`], ['STACR', (y, i) => `STACR ${y}-DNA${i}`],
  ['CAS', (y, i) => `CAS ${y}-R${String(i).padStart(2, '0')}`], ['ILN', (y, i) => `Radnor Re ${y}-${i}`], ['RMBS', (y, i) => `VERUS ${y}-${i}`],
  ['ABS', (y, i) => `SDART ${y}-${i}`], ['Agency', (y, i) => `FNMA MA${y}${i}`],
];

/** `n` catalog rows with unique names spread over the eight groups. */
export function makeCatalogRows(n: number): DealCatalogRow[] {
  return Array.from({ length: n }, (_, k) => {
    const [type, name] = PATTERNS[k % PATTERNS.length] ?? PATTERNS[0]!;
    const year = 2015 + (Math.floor(k / PATTERNS.length) % 12);
    const seq = Math.floor(k / (PATTERNS.length * 12)) + 1;
    const original = 1e9 + k * 1_234_567.89;
    return {
      DealName: name(year, seq), DealId: 10_000 + k, DealType: type, IssueDate: year * 10000 + 125, MaturityDate: (year + 20) * 10000 + 125,
      OriginalBalance: original, CurrentBalance: k % 97 === 0 ? 0 : original * 0.6, DealFactor: k % 97 === 0 ? 0 : 0.6,
      FactorDate: 20261025, FirstProjectedDate: 20261125, EarlyRedemptionPct: 10, EarlyRedemptionDate: 101,
    };
  });
}
