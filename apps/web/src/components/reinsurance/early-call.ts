/**
 * The ACIS Early Call / CIRT Cancellation month (spec 001 §2.4) against the settlement date
 * (issue 18 #10): a call month before the first payment date after settlement ends the cover
 * before anything is paid, so the run has only its period-0 row. The picker starts at the first
 * month that still has a payment, and an empty run says why instead of showing an empty table.
 */
import type { InsuranceRowDto } from '@opencrt/contracts';
import { formatDate } from '../format/catalog-format.ts';

/** YYYYMMDD → month input value (YYYY-MM); '' for no date (the catalog's 101). */
const monthOf = (ymd: number | null | undefined): string => (ymd && ymd > 10000101 ? `${String(ymd).slice(0, 4)}-${String(ymd).slice(4, 6)}` : '');

/** 'YYYY-MM' → 'MM/YYYY'. */
export const mmYyyy = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The month after a settlement date, 'YYYY-MM'. */
function monthAfter(ymd: number): string {
  const y = Math.floor(ymd / 10000);
  const m = Math.floor(ymd / 100) % 100;
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The first month whose call still covers a payment: the month of the first payment date after
 * settlement (the deal details' FirstProjectedDate; without one, the month after settlement),
 * and never before the deal's optional cancellation date.
 * @returns 'YYYY-MM'
 */
export function firstCallMonth(optionalCancellation: number | null, firstProjected: number | null | undefined, settlement: number): string {
  const firstPayment = firstProjected && firstProjected > settlement ? monthOf(firstProjected) : monthAfter(settlement);
  const optional = monthOf(optionalCancellation);
  // 'YYYY-MM' strings order like the months they name.
  return optional > firstPayment ? optional : firstPayment;
}

/** True when a run has no projected period (only the period-0 row, or historical rows). */
export function hasNoPeriods(rows: readonly InsuranceRowDto[]): boolean {
  return !rows.some((r) => r.Period > 0 && !r.IsHistorical);
}

/**
 * Why a run with the call on at `month` has no period to project, or null when the month still
 * covers the first payment.
 * @param label 'Early Call' (ACIS) or 'Cancellation' (CIRT)
 * @param firstMonth firstCallMonth of the deal at this settlement
 */
export function callBeforeFirstPayment(label: string, month: string, firstMonth: string, settlement: number): string | null {
  if (!/^\d{4}-\d{2}$/.test(month) || month >= firstMonth) return null;
  return `No periods to project: the ${label} in ${mmYyyy(month)} ends the cover before the first payment date after the settlement date ${formatDate(settlement)}. Choose ${mmYyyy(firstMonth)} or later.`;
}

/** The explanation of an empty run when the call does not account for it. */
export const noPeriodsNote = (settlement: number): string =>
  `No periods to project: the cover ends before the first payment date after the settlement date ${formatDate(settlement)}.`;
