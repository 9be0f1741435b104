/**
 * The remittance-month select of the analysis screens (spec 000 §2: "a remittance-month select
 * (some options disabled)"). It lists every monthly payment date from the deal's first payment
 * up to the later of today and the settlement; a month without factor data (no remittance
 * reported yet, or a gap in the history) is shown but disabled. Which months can be picked never
 * depends on the month currently picked (it used to disable every later month, a dead end).
 */
export interface RemittanceOption { ymd: number; disabled: boolean }

const monthNumber = (ymd: number) => Math.floor(ymd / 10000) * 12 + (Math.floor(ymd / 100) % 100) - 1;

/** Payment date (YYYYMMDD on the first payment's day, capped at the month's end) of a month number. */
function paymentDateOf(month: number, day: number): number {
  const y = Math.floor(month / 12);
  const m = (month % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return y * 10000 + m * 100 + Math.min(day, last);
}

/** Newest first, like the history. `available` are the dates with factor data (DatesOfAvailableUpdates). */
export function remittanceOptions(firstPaymentYmd: number, available: readonly number[], settlementYmd: number, todayYmd: number): RemittanceOption[] {
  const have = new Set(available.map(monthNumber));
  const day = firstPaymentYmd % 100;
  const first = monthNumber(firstPaymentYmd);
  const last = Math.max(monthNumber(todayYmd), monthNumber(settlementYmd), ...available.map(monthNumber));
  const byMonth = new Map(available.map((d) => [monthNumber(d), d]));
  const out: RemittanceOption[] = [];
  for (let m = last; m >= first; m--) out.push({ ymd: byMonth.get(m) ?? paymentDateOf(m, day), disabled: !have.has(m) });
  return out;
}

/** Today as YYYYMMDD (local calendar). */
export const todayYmd = (now = new Date()): number => now.getFullYear() * 10000 + (now.getMonth() + 1) * 100 + now.getDate();
