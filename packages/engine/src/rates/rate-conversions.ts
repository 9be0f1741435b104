/**
 * Annual ↔ monthly rate conversions in the compounding form (crt-domain.md §1.1).
 * Never CPR/12: the STACR PPM tables only tie out with the compounding form.
 * All rates are fractions (0.10 = 10 %).
 */

function checkAnnual(rate: number, name: string): void {
  if (!(rate >= 0 && rate < 1)) throw new RangeError(`${name} must be in [0, 1), got ${rate}`);
}

/** Single monthly mortality from an annual conditional prepayment rate: 1 − (1 − CPR)^(1/12). */
export function cprToSmm(cpr: number): number {
  checkAnnual(cpr, 'CPR');
  return 1 - Math.pow(1 - cpr, 1 / 12);
}

/** Annual CPR from a monthly SMM: 1 − (1 − SMM)^12. */
export function smmToCpr(smm: number): number {
  checkAnnual(smm, 'SMM');
  return 1 - Math.pow(1 - smm, 12);
}

/** Monthly default rate from an annual CDR: 1 − (1 − CDR)^(1/12). */
export function cdrToMdr(cdr: number): number {
  checkAnnual(cdr, 'CDR');
  return 1 - Math.pow(1 - cdr, 1 / 12);
}

/** Annual CDR from a monthly default rate: 1 − (1 − MDR)^12. */
export function mdrToCdr(mdr: number): number {
  checkAnnual(mdr, 'MDR');
  return 1 - Math.pow(1 - mdr, 12);
}
