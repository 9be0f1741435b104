/**
 * Per-period rate vectors (crt-domain.md §1.6): element i applies to projection month i + 1
 * (month 1 = first month after the settlement/factor date); the last element extends to the end.
 */

/** A scalar or a per-period list of values. */
export type RateInput = number | readonly number[];

/**
 * Expands a scalar or vector to exactly `periods` values (last value extends; empty → 0).
 * @param input scalar or per-period values
 * @param periods number of projection months
 */
export function expandVector(input: RateInput, periods: number): Float64Array {
  const out = new Float64Array(periods);
  if (typeof input === 'number') {
    out.fill(input);
    return out;
  }
  const n = input.length;
  if (n === 0) return out;
  for (let i = 0; i < periods; i++) out[i] = input[i < n ? i : n - 1] as number;
  return out;
}

/** Value of a vector input at projection month index i (0-based), last value extending. */
export function valueAt(input: RateInput, i: number): number {
  if (typeof input === 'number') return input;
  if (input.length === 0) return 0;
  return input[Math.min(i, input.length - 1)] as number;
}
