/**
 * SIFMA standard prepayment and default curves (Uniform Practices ch. SF; crt-domain.md §1.1).
 * Loan age m = 1 in the first month of the loan's life. Rates returned as annual fractions.
 */

/**
 * PSA prepayment curve: 100 % PSA = CPR 0.2 % × age up to 6 % at age 30, flat after.
 * @param psaPct speed in percent of the standard curve (100 = 100 % PSA)
 * @param age loan age in months (1 = first month)
 */
export function psaCpr(psaPct: number, age: number): number {
  const base = Math.min(Math.max(age, 0), 30) * 0.002;
  return Math.min((base * psaPct) / 100, 0.999999);
}

/**
 * SDA default curve: 100 % SDA = CDR 0.02 % × age up to 0.60 % at age 30, flat to age 60,
 * falling 0.0095 % per month to 0.03 % at age 120, flat after.
 * @param sdaPct speed in percent of the standard curve
 * @param age loan age in months (1 = first month)
 */
export function sdaCdr(sdaPct: number, age: number): number {
  let base: number;
  if (age <= 30) base = Math.max(age, 0) * 0.0002;
  else if (age <= 60) base = 0.006;
  else if (age <= 120) base = 0.006 - (age - 60) * 0.000095;
  else base = 0.0003;
  return Math.min((base * sdaPct) / 100, 0.999999);
}
