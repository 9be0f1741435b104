import type { CollateralLine } from './collateral-types.ts';
import type { LoanTape } from './project-loans.ts';

/** Test support: one loan per collateral line, as the struct-of-arrays tape projectLoans reads. */
export function tapeOf(lines: CollateralLine[]): LoanTape {
  return {
    count: lines.length,
    balance: Float64Array.from(lines, (l) => l.balance),
    grossRate: Float64Array.from(lines, (l) => l.grossRate),
    netRate: Float64Array.from(lines, (l) => l.netRate),
    remainingTerm: Int32Array.from(lines, (l) => l.remainingTerm),
    age: Int32Array.from(lines, (l) => l.age),
  };
}
