import type { ClassLedger } from './class-ledger.ts';
import { splitProRata } from './pro-rata.ts';
import type { ResolvedStep } from './resolve-waterfall.ts';

/** Switches of one principal distribution. */
export interface PrincipalContext {
  paymentDateNumber: number;
  /** Trigger passes (true when the deal has none): `proRataUnlessTriggered` steps pay pro rata. */
  triggerPass: boolean;
  /** Redemption: PAC schedules no longer cap (every class is being paid off). */
  ignoreSchedules: boolean;
}

/**
 * Distributes `amount` cents of principal down a group's steps (PrincipalStep in
 * cash-flow-spec.ts): each step takes what earlier steps left, up to its classes' balances and
 * its PAC schedule; sets are paid one after another, pro rata within a set by the balances
 * before the payment date.
 * @returns the amount paid (the caller sends any rest to the residual)
 */
export function payPrincipalSteps(ledger: ClassLedger, steps: readonly ResolvedStep[], amount: number, ctx: PrincipalContext): number {
  let left = amount;
  for (const step of steps) {
    if (left <= 0) break;
    let room = ledger.sum(step.members);
    if (step.schedule && !ctx.ignoreSchedules) {
      // Past the table the scheduled balance is 0 (the PAC may be paid off).
      const target = step.schedule[ctx.paymentDateNumber - 1] ?? 0;
      room = Math.max(0, room - target);
    }
    let stepLeft = Math.min(left, room);
    left -= stepLeft;
    const sets = step.proRataUnlessTriggered && ctx.triggerPass ? [step.members] : step.order;
    for (const set of sets) {
      if (stepLeft <= 0) break;
      const pay = Math.min(stepLeft, ledger.sum(set));
      if (pay <= 0) continue;
      const parts = splitProRata(pay, set.map((k) => ledger.prior[k] as number), set.map((k) => ledger.balance[k] as number));
      set.forEach((k, j) => ledger.pay(k, parts[j] as number));
      stepLeft -= pay;
    }
  }
  return amount - left;
}
