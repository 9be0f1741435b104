import type { CashWaterfallPeriod } from './cash-waterfall-types.ts';

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

/**
 * Checks one finished payment date and throws on a broken invariant (like the reference
 * waterfall does): whole cents, nothing negative, cash in = cash out, and classes + OC =
 * collateral (after a redemption the collateral is sold, so classes and OC are 0).
 */
export function assertCashPeriod(p: CashWaterfallPeriod): void {
  const where = `PD ${p.paymentDateNumber}`;
  const amounts: [string, readonly number[]][] = [
    ['notional', p.notional], ['interest', p.interest], ['principal', p.principal], ['writeDown', p.writeDown],
    ['accrued', p.accrued], ['interestShortfall', p.interestShortfall],
    ['cash', [p.fees, p.residual, p.reserveBalance, p.reserveDraw, p.reserveDeposit, p.overcollateralization, p.redemptionProceeds]],
  ];
  for (const [name, xs] of amounts) {
    for (const x of xs) if (!Number.isInteger(x) || x < 0) throw new Error(`${where}: ${name} ${x} is negative or not whole cents`);
  }
  const c = p.collections;
  const cashIn = c.netInterest + c.scheduled + c.prepaid + c.recoveries + p.reserveDraw + p.redemptionProceeds;
  const cashOut = p.fees + sum(p.interest) + sum(p.principal) + p.reserveDeposit + p.residual;
  if (cashIn !== cashOut) throw new Error(`${where}: cash in ${cashIn} ≠ cash out ${cashOut} cents`);
  const collateral = p.redemption ? 0 : c.endBalance;
  if (sum(p.notional) + p.overcollateralization !== collateral) {
    throw new Error(`${where}: classes ${sum(p.notional)} + OC ${p.overcollateralization} ≠ collateral ${collateral} cents`);
  }
  p.notional.forEach((x, k) => {
    const expected = (p.prior[k] as number) + (p.accrued[k] as number) - (p.principal[k] as number) - (p.writeDown[k] as number);
    if (x !== expected) throw new Error(`${where}: class ${k} balance ${x} ≠ prior + accrued − principal − write-down ${expected}`);
  });
}
