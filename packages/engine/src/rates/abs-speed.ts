/**
 * ABS ("absolute") prepayment speed, the convention of auto-loan ABS (SIFMA Uniform Practices,
 * Standard Formulas ch. SF, p. SF-5; first used for CARS deals). Checked against the formula as
 * restated in a structured-finance text's "Prepayments" chapter (citing PSA Standard Formulas,
 * 6/01/90, p. SF-5) and the CFA reading on auto-loan ABS: SMM(M) = ABS / (1 − ABS·(M − 1)).
 *
 * The ABS speed is the share of the ORIGINAL number of loans that prepays each month: at 1.5 ABS
 * a pool of 10,000 new loans loses 150 loans a month to prepayment. The monthly rate on the
 * SURVIVING loans therefore rises with age M (months since origination, M = 1 in the first month):
 *
 *   SMM = 100 · ABS / (100 − ABS · (M − 1))      (percent; inverse ABS = 100·SMM / (100 + SMM·(M − 1)))
 *
 * e.g. 1.5 ABS at M = 5: 1.5 / (1 − 0.015 · 4) = 1.5957 % SMM ("1.60 %" in the published example).
 * The count convention assumes equal-size loans that either pay as scheduled or prepay in full,
 * so it converts to an SMM on balances without a term for amortization.
 * Once ABS · (M − 1) reaches 100 − ABS every original loan has prepaid, so the SMM is capped at 1.
 */

/**
 * Single monthly mortality (fraction) of an ABS speed for loans in their month `age`.
 * @param absPct ABS speed in percent of the original loan count per month (1.5 = 1.5 ABS)
 * @param age loan age in months of the month being projected (1 = first month; below 1 is read as 1)
 * @returns SMM as a fraction in [0, 1]
 */
export function absToSmm(absPct: number, age: number): number {
  if (!(absPct >= 0 && absPct < 100)) throw new RangeError(`ABS speed must be in [0, 100), got ${absPct}`);
  // A loan is at least in its first month; age 0 would give ABS/(1 + ABS), a rate below the speed.
  const m = Math.max(age, 1);
  const remaining = 100 - absPct * (m - 1);
  // No original loan is left to prepay: every survivor of the convention pays off now.
  if (remaining <= absPct) return 1;
  return absPct / remaining;
}

/**
 * SMMs (fractions) for projection months 1..months of loans aged `age` before the projection,
 * i.e. month i + 1 is the loans' month age + i + 1 (same ageing as the PSA curve).
 * @param absPct ABS speed in percent
 * @param age loan age in months at the start of the projection (0 = new loans)
 * @param months number of projection months
 */
export function absSmmVector(absPct: number, age: number, months: number): Float64Array {
  const out = new Float64Array(months);
  for (let i = 0; i < months; i++) out[i] = absToSmm(absPct, age + i + 1);
  return out;
}
