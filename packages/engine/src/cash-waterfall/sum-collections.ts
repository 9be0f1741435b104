import type { GroupCollections } from './cash-waterfall-types.ts';

/**
 * Collections of all groups on one payment date: amounts added, net rate weighted by the
 * beginning balances; `collateralGroup` is the group itself for single-group deals, 0 (= all) otherwise.
 */
export function sumCollections(rows: readonly GroupCollections[], paymentDateNumber: number): GroupCollections {
  const total: GroupCollections = {
    collateralGroup: rows.length === 1 ? (rows[0] as GroupCollections).collateralGroup : 0, paymentDateNumber,
    beginBalance: 0, endBalance: 0, netInterest: 0, scheduled: 0, prepaid: 0, recoveries: 0, losses: 0, defaults: 0, delinquent: 0, netRate: 0,
  };
  let weighted = 0;
  for (const r of rows) {
    total.beginBalance += r.beginBalance;
    total.endBalance += r.endBalance;
    total.netInterest += r.netInterest;
    total.scheduled += r.scheduled;
    total.prepaid += r.prepaid;
    total.recoveries += r.recoveries;
    total.losses += r.losses;
    total.defaults += r.defaults;
    total.delinquent += r.delinquent;
    weighted += r.beginBalance * r.netRate;
  }
  total.netRate = total.beginBalance > 0 ? weighted / total.beginBalance : (rows[0]?.netRate ?? 0);
  return total;
}
