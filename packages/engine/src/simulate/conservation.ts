import type { AnyDealRun } from './bond-cashflows.ts';
import type { DealRun } from './run-deal.ts';
import type { CashDealRun } from './run-cash-deal.ts';

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);
const cents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Cash conservation of a finished run (issue 23 #2), as broken rules in words (empty = conserved):
 * - per class, principal + write-down − write-up (cash-flow deals: − Z accretion) + any balance
 *   left at the end = its balance at the start of the run, to the cent: a class never gets back
 *   more than it had;
 * - no negative balance, principal or write-down on any date;
 * - Σ class principal ≤ the collateral's principal cash + recoveries over the run's dates, plus
 *   the pool balance redeemed at the end (a call or maturity; loans awaiting liquidation
 *   included); cash-flow deals may also pay principal from interest left after fees and class
 *   interest, and from reserve draws.
 * Monthly flows are in fractional dollars and the waterfall rounds them to the cent, so the
 * collateral side allows a cent per month.
 */
export function conservationProblems(run: AnyDealRun): string[] {
  return run.kind === 'cash-flow' ? cashProblems(run) : referenceProblems(run);
}

function referenceProblems(run: DealRun): string[] {
  const w = run.waterfall;
  const problems: string[] = [];
  const first = w.periods[0];
  const last = w.periods.at(-1);
  if (!first || !last) return problems;
  w.tranches.forEach((name, k) => {
    let principal = 0;
    let writeDown = 0;
    for (const p of w.periods) {
      const x = p.principal[k] as number;
      const d = (p.writeDown[k] as number) - (p.writeUp[k] as number);
      if (x < 0 || (p.writeDown[k] as number) < 0 || (p.notional[k] as number) < 0) {
        problems.push(`PD ${p.pool.paymentDateNumber} class ${name}: negative principal, write-down or balance`);
      }
      principal += x;
      writeDown += d;
    }
    const start = first.prior[k] as number;
    const left = last.notional[k] as number;
    if (principal + writeDown + left !== start) {
      problems.push(`class ${name}: principal ${principal / 100} + write-down ${writeDown / 100} + balance left ${left / 100} ≠ starting balance ${start / 100}`);
    }
  });
  const f = run.flows;
  let collateral = 0;
  for (let m = 0; m <= last.pool.lastMonth; m++) collateral += (f.scheduled[m] as number) + (f.prepaid[m] as number) + (f.recoveries[m] as number);
  // Redeemed at the end: the reference pool's UPB, loans awaiting liquidation included.
  const redeemed = last.redemption ? last.pool.upbEnd : 0;
  const bound = cents(collateral) + redeemed + last.pool.lastMonth + 1;
  const paid = sum(w.periods.map((p) => sum(p.principal)));
  if (paid > bound) {
    problems.push(`classes got ${paid / 100} of principal, more than the collateral's principal + recoveries ${cents(collateral) / 100} + redeemed ${redeemed / 100}`);
  }
  return problems;
}

function cashProblems(run: CashDealRun): string[] {
  const w = run.waterfall;
  const problems: string[] = [];
  const first = w.periods[0];
  if (!first) return problems;
  w.tranches.forEach((name, k) => {
    let net = 0;
    for (const p of w.periods) {
      if ((p.principal[k] as number) < 0 || (p.writeDown[k] as number) < 0 || (p.notional[k] as number) < 0) {
        problems.push(`PD ${p.paymentDateNumber} class ${name}: negative principal, write-down or balance`);
      }
      net += (p.principal[k] as number) + (p.writeDown[k] as number) - (p.accrued[k] as number);
    }
    const start = first.prior[k] as number;
    const left = w.periods.at(-1)?.notional[k] as number;
    if (net + left !== start) problems.push(`class ${name}: principal + write-down − accretion ${net / 100} + balance left ${left / 100} ≠ starting balance ${start / 100}`);
  });
  let available = 0;
  let paid = 0;
  for (const p of w.periods) {
    const c = p.collections;
    available += c.scheduled + c.prepaid + c.recoveries + p.redemptionProceeds + p.reserveDraw + c.netInterest - p.fees - sum(p.interest);
    paid += sum(p.principal);
  }
  if (paid > available) problems.push(`classes got ${paid / 100} of principal, more than the collateral's principal, recoveries and interest left ${available / 100}`);
  return problems;
}
