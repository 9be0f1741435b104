import type { CashFlowWaterfall, ClassInterest, ReserveAccountSpec } from '../deal/cash-flow-spec.ts';
import type { GroupCollections } from './cash-waterfall-types.ts';
import type { ClassLedger } from './class-ledger.ts';
import { classCoupon } from './class-coupon.ts';
import { supportTarget } from './credit-support.ts';
import { payInterestSets } from './pay-interest.ts';
import { payPrincipalSteps } from './pay-principal.ts';
import type { PrincipalContext } from './pay-principal.ts';
import type { ResolvedGroup } from './resolve-waterfall.ts';

/** Reserve account carried across payment dates (cents). */
export interface ReserveState {
  spec: ReserveAccountSpec | null;
  balance: number;
}

/** What the run decided for this payment date, shared by every group. */
export interface DateTerms {
  paymentDateNumber: number;
  indexRate: number;
  accrualDays: number;
  triggerPass: boolean;
  redemption: boolean;
  /** Cut-off balance, cents (OC and reserve floors). */
  cutOff: number;
}

/** Cash of one group on one payment date that is not a class payment (cents). */
export interface GroupOutcome {
  fees: number;
  residual: number;
  /** Every cash out of the reserve: interest draws, the final principal draw, releases. */
  reserveDraw: number;
  reserveDeposit: number;
  ocTarget: number;
  redemptionProceeds: number;
  /** Z accretion added to class balances (its cash was paid as principal). */
  accretion: number;
}

/**
 * Pays one collateral group's collections on one payment date: senior fees, interest,
 * principal (with OC turbo and the reserve where the deal has them), write-downs, reserve
 * release; the rest is residual. Order of the excess interest (OC deals): first what keeps the
 * notes within the collateral, then the reserve deposit, then the turbo to the OC target — the
 * priority of auto-ABS deals (first-priority principal, reserve deposit, regular principal).
 */
export function payGroupDate(ledger: ClassLedger, g: ResolvedGroup, interest: readonly (ClassInterest | null)[], w: CashFlowWaterfall,
  row: GroupCollections, terms: DateTerms, reserve: ReserveState): GroupOutcome {
  const endAfter = terms.redemption ? 0 : row.endBalance;
  const redemptionProceeds = terms.redemption ? row.endBalance : 0;
  const out: GroupOutcome = { fees: 0, residual: 0, reserveDraw: 0, reserveDeposit: 0, ocTarget: 0, redemptionProceeds, accretion: 0 };

  // 1. Senior fees on the beginning balance, only from interest collections.
  out.fees = Math.min(row.netInterest, Math.round((w.seniorFeesPct * row.beginBalance) / 1200));
  let available = row.netInterest - out.fees;

  // 2. Interest due = one period's coupon on the prior balance + carried shortfall.
  const due = ledger.names.map(() => 0);
  let totalDue = 0;
  for (const k of g.classes) {
    const c = classCoupon(interest[k] ?? null, {
      paymentDateNumber: terms.paymentDateNumber, indexRate: terms.indexRate, accrualDays: terms.accrualDays,
      netRate: row.netRate, feeRate: w.seniorFeesPct / 100,
    });
    ledger.coupon[k] = c.coupon;
    due[k] = Math.round((ledger.prior[k] as number) * c.coupon * c.accrualFraction) + (ledger.carry[k] as number);
    totalDue += due[k] as number;
  }
  if (reserve.spec) {
    const draw = Math.min(reserve.balance, Math.max(0, totalDue - available));
    reserve.balance -= draw;
    out.reserveDraw += draw;
    available += draw;
  }
  const { paid, left } = payInterestSets(g.interestOrder, due, available);
  for (const k of g.classes) {
    ledger.carry[k] = (due[k] as number) - (paid[k] as number);
    if (interest[k]?.accrual) {
      ledger.accrete(k, paid[k] as number);
      out.accretion += paid[k] as number;
    } else {
      ledger.interest[k] = paid[k] as number;
    }
  }
  let excess = left;

  // 3. Principal amount: collected principal (+ accretion cash, + sale proceeds), and with OC
  //    the excess interest, never more than brings OC to its target.
  const collected = row.scheduled + row.prepaid + row.recoveries + out.accretion + redemptionProceeds;
  const classTotal = ledger.sum(g.classes);
  const reserveTarget = (notes: number): number => (reserve.spec && !terms.redemption ? Math.min(notes, supportTarget(reserve.spec, row.endBalance, terms.cutOff)) : 0);
  const deposit = (notes: number): void => {
    const amount = Math.min(excess, Math.max(0, reserveTarget(notes) - reserve.balance));
    excess -= amount;
    reserve.balance += amount;
    out.reserveDeposit += amount;
  };
  let principal: number;
  if (w.overcollateralization) {
    out.ocTarget = terms.redemption ? 0 : supportTarget(w.overcollateralization, row.endBalance, terms.cutOff);
    const need = Math.min(classTotal, Math.max(0, classTotal - (endAfter - out.ocTarget)));
    const parity = Math.min(classTotal, Math.max(0, classTotal - endAfter));
    const fromCollected = Math.min(collected, need);
    const parityFromExcess = Math.min(excess, Math.max(0, parity - fromCollected));
    excess -= parityFromExcess;
    deposit(classTotal - fromCollected - parityFromExcess);
    const turbo = Math.min(excess, need - fromCollected - parityFromExcess);
    excess -= turbo;
    principal = fromCollected + parityFromExcess + turbo;
    out.residual += collected - fromCollected; // OC release: principal not needed to hold the target
  } else {
    principal = Math.min(collected, classTotal);
    out.residual += collected - principal;
    deposit(classTotal - principal);
  }

  // 4. Principal steps; what they cannot place (PAC caps, classes outside the steps) is residual.
  const ctx: PrincipalContext = { paymentDateNumber: terms.paymentDateNumber, triggerPass: terms.triggerPass, ignoreSchedules: terms.redemption };
  out.residual += principal - payPrincipalSteps(ledger, g.steps, principal, ctx);
  if (terms.redemption && reserve.spec) {
    // Final date: the reserve pays what the sale and collections left unpaid.
    const drawn = payPrincipalSteps(ledger, g.steps, Math.min(reserve.balance, ledger.sum(g.classes)), ctx);
    reserve.balance -= drawn;
    out.reserveDraw += drawn;
  }

  // 5. Losses: classes above the remaining collateral are written down in loss order.
  let deficiency = ledger.sum(g.classes) - endAfter;
  for (const k of g.lossOrder) {
    if (deficiency <= 0) break;
    const take = Math.min(deficiency, ledger.balance[k] as number);
    ledger.writeOff(k, take);
    deficiency -= take;
  }
  if (deficiency > 0) throw new Error(`PD ${terms.paymentDateNumber} group ${g.collateralGroup}: ${deficiency} cents of loss left after the loss order (it must list every class)`);

  // 6. Reserve above its target (capped at the notes left) is released; a deposit made earlier
  //    on the same date is undone first rather than paid in and out.
  if (reserve.spec) {
    let release = Math.max(0, reserve.balance - reserveTarget(ledger.sum(g.classes)));
    const undo = Math.min(release, out.reserveDeposit);
    out.reserveDeposit -= undo;
    release -= undo;
    reserve.balance -= undo + release;
    out.reserveDraw += release;
    out.residual += undo + release;
  }
  out.residual += excess;
  return out;
}
