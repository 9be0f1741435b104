/**
 * Loss timing (issue 25 #6): a cumulative loss and its timing curve (the share of the cumulative
 * loss realized in each year) turned into the per-period CDR vector that produces it.
 *
 * Derivation (percent of the balance the run starts from, B0 = 1; months m = 1, 2, …; year
 * y(m) = ceil(m / 12)):
 *   loss wanted in month m      ℓm = L × s(y) / 12                    (L cumulative loss, s shares)
 *   defaults wanted in month m  dm = ℓm / sev(m)                      (loss = default × severity)
 *   monthly default rate        MDRm = dm / Bm                        (Bm performing balance)
 *   next balance                Bm+1 = Bm × (1 − MDRm) × (1 − SMMm)   (defaults first, then
 *                                                                      prepayments of survivors:
 *                                                                      the SIFMA step order)
 *   CDRm = 1 − (1 − MDRm)^12, and 0 after the curve's last year.
 * Scheduled amortization is left out (the curve does not know the loans' terms): on amortizing
 * loans the real performing balance is a little lower, so the run's realized loss comes out a
 * little under L (a few percent of it over five years on 30-year loans), and the recovery lag
 * moves losses later without changing their total. A month that would need more than the whole
 * balance defaults at the cap, so an impossible curve (a loss above what is left) falls short.
 */
import { mdrToCdr, cprToSmm } from './rate-conversions.ts';
import { valueAt, type RateInput } from './vector.ts';

/** Longest timing curve, years. */
export const MAX_LOSS_TIMING_YEARS = 30;
/** Highest monthly default rate the derivation asks for (the engine takes CDR below 100 %). */
const MAX_MDR = 0.5;

/** Why a timing curve cannot be used; null when it can. */
export function lossTimingProblem(sharesPct: readonly number[]): string | null {
  if (sharesPct.length === 0 || sharesPct.length > MAX_LOSS_TIMING_YEARS) return `needs 1 to ${MAX_LOSS_TIMING_YEARS} yearly shares`;
  if (sharesPct.some((s) => !Number.isFinite(s) || s < 0 || s > 100)) return 'shares must be percents from 0 to 100';
  const sum = sharesPct.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 100) > 1e-6) return `shares must sum to 100 (they sum to ${Number(sum.toFixed(6))})`;
  return null;
}

/**
 * The CDR vector (annual fractions, period 1 first; the last element, 0, extends) of a cumulative
 * loss spread over the years by a timing curve.
 * @param cumulativeLossPct cumulative loss, percent of the starting balance
 * @param sharesPct share of it by year, percent, summing to 100 (lossTimingProblem)
 * @param severity loss severity by period (fractions, period 1 first; the last extends), above 0
 * @param cpr CPR by period (annual fractions, period 1 first)
 */
export function cdrFromLossTiming(cumulativeLossPct: number, sharesPct: readonly number[], severity: RateInput, cpr: RateInput): number[] {
  const cdr: number[] = [];
  let balance = 1;
  for (let i = 0; i < sharesPct.length * 12; i++) {
    const lossWanted = ((cumulativeLossPct / 100) * (sharesPct[Math.floor(i / 12)] as number)) / 100 / 12;
    const sev = valueAt(severity, i);
    const mdr = balance > 0 && sev > 0 ? Math.min(MAX_MDR, lossWanted / sev / balance) : 0;
    cdr.push(mdrToCdr(mdr));
    balance *= (1 - mdr) * (1 - cprToSmm(Math.min(valueAt(cpr, i), 0.999999)));
  }
  cdr.push(0);
  return cdr;
}
