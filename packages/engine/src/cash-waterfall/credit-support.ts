import type { CashTriggerSpec } from '../deal/cash-flow-spec.ts';

/**
 * Ratio rounded to 7 decimal places as integer units of 1e-7 — the engine's one rounding policy
 * for test percentages (crt-domain.md §9), so a loss exactly at a band passes on every platform.
 */
export const ratioUnits = (num: number, den: number): number => (den > 0 ? Math.round((num * 1e7) / den) : 0);

/** A percent threshold (1.25 = 1.25 %) in the same 1e-7 units. */
const pctUnits = (pct: number): number => Math.round(pct * 1e5);

/** The cumulative-loss band in force on a payment date (none before the first band starts). */
export function lossBandPct(trigger: CashTriggerSpec, paymentDateNumber: number): number | null {
  let max: number | null = null;
  for (const b of trigger.cumulativeLossBands) if (paymentDateNumber >= b.fromPaymentDateNumber) max = b.maxPct;
  return max;
}

/**
 * Trigger state of one payment date (CashTriggerSpec): fails when cumulative loss / cut-off
 * exceeds the band or the 60+ delinquent share of the end balance exceeds its maximum;
 * re-evaluated every date. Null when the deal has no trigger.
 */
export function triggerPasses(trigger: CashTriggerSpec | null, paymentDateNumber: number, cumLossUnits: number, delinquencyUnits: number): boolean | null {
  if (!trigger) return null;
  const band = lossBandPct(trigger, paymentDateNumber);
  if (band !== null && cumLossUnits > pctUnits(band)) return false;
  if (trigger.delinquencyMaxPct !== null && delinquencyUnits > pctUnits(trigger.delinquencyMaxPct)) return false;
  return true;
}

/** max(pct of current × end balance, floor pct × cut-off), cents (OC and reserve targets). */
export function supportTarget(spec: { targetPctOfCurrent: number; floorPctOfCutOff: number }, endBalance: number, cutOff: number): number {
  return Math.max(Math.round((spec.targetPctOfCurrent * endBalance) / 100), Math.round((spec.floorPctOfCutOff * cutOff) / 100));
}
