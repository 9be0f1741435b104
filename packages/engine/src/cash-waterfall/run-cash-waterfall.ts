import type { CashFlowWaterfall } from '../deal/cash-flow-spec.ts';
import type { CashWaterfallOptions, CashWaterfallPeriod, CashWaterfallResult, GroupCollections } from './cash-waterfall-types.ts';
import { assertCashPeriod } from './cash-invariants.ts';
import { ClassLedger } from './class-ledger.ts';
import { ratioUnits, triggerPasses } from './credit-support.ts';
import { payGroupDate } from './pay-group-date.ts';
import type { GroupOutcome, ReserveState } from './pay-group-date.ts';
import { resolveWaterfall } from './resolve-waterfall.ts';
import { sumCollections } from './sum-collections.ts';

const cents = (dollars: number): number => Math.round(dollars * 100);

/** Element i of a per-period input, the last one extending (scenario vector convention). */
const at = (xs: readonly number[], i: number): number => xs[Math.min(i, xs.length - 1)] ?? Number.NaN;

/**
 * Runs the cash-flow waterfall of an RMBS, ABS or agency deal (CashFlowWaterfall) over the
 * collateral groups' collections, one payment date at a time, until a redemption (optional
 * redemption level, time call, collateral exhausted, or the last period: collateral sold at par).
 *
 * Units: values taken from the DealSpec are dollars — `tranches[].originalNotional`,
 * `cutOffBalance` (= spec.collateral.cutOffBalance) and the amounts inside `w`; the run data
 * (`collections`, `options` balances, the result) are integer cents.
 *
 * @param tranches the deal's classes in spec order (result arrays follow it)
 * @param collections [group][period]; every series starts at the same payment date and a
 *   group's beginBalance must equal its previous endBalance; a shorter series is read as a
 *   group with no further cash (balance unchanged)
 * @throws on a rule that does not fit the classes, or a broken invariant (cash conservation,
 *   negative balance, classes + OC ≠ collateral)
 */
export function runCashWaterfall(tranches: readonly { name: string; originalNotional: number }[], w: CashFlowWaterfall, cutOffBalance: number,
  collections: readonly (readonly GroupCollections[])[], options: CashWaterfallOptions): CashWaterfallResult {
  const names = tranches.map((t) => t.name);
  const originalNotional = tranches.map((t) => cents(t.originalNotional));
  const start = options.startBalances ?? originalNotional;
  if (start.length !== names.length) throw new Error(`startBalances has ${start.length} entries for ${names.length} classes`);
  const ledger = new ClassLedger(names, start);
  const result: CashWaterfallResult = { kind: 'cash-flow', tranches: names, originalNotional, periods: [] };
  const groupNumbers = collections.map((series, gi) => {
    const first = series[0];
    if (!first) throw new Error(`collections series ${gi} is empty`);
    return first.collateralGroup;
  });
  if (new Set(groupNumbers).size !== groupNumbers.length) throw new Error(`collections name a collateral group twice: ${groupNumbers.join(', ')}`);
  const plan = resolveWaterfall(ledger, w, groupNumbers);
  const hasFloater = w.interest.some((ci) => ci.coupon.kind === 'floater');
  if (hasFloater && (options.indexRates.length === 0 || options.accrualDays.length === 0)) throw new Error('floating coupons need indexRates and accrualDays');

  const cutOff = cents(cutOffBalance);
  const redemptionLevel = w.optionalRedemptionPct === null ? null : Math.round((w.optionalRedemptionPct * cutOff) / 100);
  const count = Math.max(...collections.map((s) => s.length));
  const reserve: ReserveState = { spec: w.reserveAccount, balance: w.reserveAccount ? (options.startReserve ?? cents(w.reserveAccount.initial)) : 0 };
  let cumulativeLoss = options.startCumulativeLoss;
  // OC per group, tracked from flows (not re-derived from balances) so that the invariant
  // classes + OC = collateral checks the bookkeeping.
  const oc = plan.groups.map((g, gi) => (collections[gi]?.[0]?.beginBalance ?? 0) - ledger.sum(g.classes));
  const lastRows: GroupCollections[] = collections.map((s) => s[0] as GroupCollections);
  const firstPd = (lastRows[0] as GroupCollections).paymentDateNumber;

  for (let i = 0; i < count; i++) {
    const pd = firstPd + i;
    const rows = collections.map((series, gi) => rowAt(series, i, lastRows[gi] as GroupCollections, pd));
    rows.forEach((r, gi) => {
      if (r.paymentDateNumber !== pd) throw new Error(`collections are not aligned: group ${r.collateralGroup} has PD ${r.paymentDateNumber} where ${pd} was expected`);
      if (i > 0 && r.beginBalance !== (lastRows[gi] as GroupCollections).endBalance) {
        throw new Error(`PD ${pd} group ${r.collateralGroup}: begin balance ${r.beginBalance} ≠ previous end balance ${(lastRows[gi] as GroupCollections).endBalance}`);
      }
      lastRows[gi] = r;
    });
    const total = sumCollections(rows, pd);
    cumulativeLoss += total.losses;
    const cumLossUnits = ratioUnits(cumulativeLoss, cutOff);
    const delinquencyUnits = ratioUnits(total.delinquent, total.endBalance);
    const triggerPass = triggerPasses(w.trigger, pd, cumLossUnits, delinquencyUnits);
    const redemption = i === count - 1 || total.endBalance <= 0
      || (options.callPaymentDateNumber !== null && pd >= options.callPaymentDateNumber)
      || (options.optionalRedemption && redemptionLevel !== null && total.endBalance <= redemptionLevel);
    const terms = { paymentDateNumber: pd, indexRate: at(options.indexRates, i), accrualDays: at(options.accrualDays, i), triggerPass: triggerPass ?? true, redemption, cutOff };

    ledger.beginPeriod();
    const outcomes: GroupOutcome[] = plan.groups.map((g, gi) => {
      const row = rows[gi] as GroupCollections;
      const o = payGroupDate(ledger, g, plan.interest, w, row, terms, reserve);
      let paid = 0;
      let written = 0;
      for (const k of g.classes) {
        paid += ledger.principal[k] as number;
        written += ledger.writeDown[k] as number;
      }
      oc[gi] = (oc[gi] as number) + (redemption ? 0 : row.endBalance) - row.beginBalance - o.accretion + paid + written;
      return o;
    });
    const add = (pick: (o: GroupOutcome) => number): number => outcomes.reduce((s, o) => s + pick(o), 0);
    const period: CashWaterfallPeriod = {
      paymentDateNumber: pd, collections: total,
      prior: ledger.prior.slice(), interest: ledger.interest.slice(), coupon: ledger.coupon.slice(),
      interestShortfall: ledger.carry.slice(), accrued: ledger.accrued.slice(), principal: ledger.principal.slice(),
      writeDown: ledger.writeDown.slice(), notional: ledger.balance.slice(),
      fees: add((o) => o.fees), overcollateralization: oc.reduce((s, x) => s + x, 0), ocTarget: add((o) => o.ocTarget),
      reserveBalance: reserve.balance, reserveDraw: add((o) => o.reserveDraw), reserveDeposit: add((o) => o.reserveDeposit),
      residual: add((o) => o.residual), cumulativeLoss, cumulativeLossPct: cumLossUnits / 1e7, delinquencyPct: delinquencyUnits / 1e7,
      triggerPass, redemption, redemptionProceeds: add((o) => o.redemptionProceeds),
    };
    assertCashPeriod(period);
    result.periods.push(period);
    if (redemption) break;
  }
  return result;
}

/** Row i of a group, or — past the end of a shorter series — a date without cash at an unchanged balance. */
function rowAt(series: readonly GroupCollections[], i: number, last: GroupCollections, pd: number): GroupCollections {
  const row = series[i];
  if (row) return row;
  return {
    collateralGroup: last.collateralGroup, paymentDateNumber: pd, beginBalance: last.endBalance, endBalance: last.endBalance,
    netInterest: 0, scheduled: 0, prepaid: 0, recoveries: 0, losses: 0, defaults: 0, delinquent: 0, netRate: last.netRate,
  };
}
