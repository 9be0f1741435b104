/**
 * Remittance history of a cash-flow deal (RMBS, ABS, agency REMIC) that follows its own
 * waterfall. The generic generator (deal-history.generator.ts) pays bonds down one simple stack,
 * which cannot show a PAC band, a Z class accreting from its own collateral group, an OC target
 * or a turbo. Here the realised path of that generator — monthly prepayment and default rates,
 * delinquencies, index levels — is run through the engine from closing, and the pool and bond
 * rows are the engine's. The mid-life state read back from these rows (deal-state.service.ts)
 * is then exactly where the engine would have been.
 */
import { bondRows, runCashDeal, type DealScenario, type DealSpec } from '@opencrt/engine';
import type { DealHistory, BondPeriod, PoolPeriod } from './deal-history.generator.ts';
import type { DealRecord } from '../deals/deal-record.builder.ts';
import { indexRatePct } from './index-rate.path.ts';

const cents = (dollars: number): number => Math.round(dollars * 100);

/** Monthly rates of the generic path: prepaid and defaulted shares of each beginning balance. */
function realisedPath(pool: readonly PoolPeriod[]): { smm: number[]; mdr: number[]; distressed: number[] } {
  return {
    smm: pool.map((p) => (p.beginCents > 0 ? p.prepaidCents / p.beginCents : 0)),
    mdr: pool.map((p) => (p.beginCents > 0 ? p.defaultCents / p.beginCents : 0)),
    distressed: pool.map((p) => (p.dq60Pct + p.dq90PlusPct) / 100),
  };
}

/**
 * The engine-run history of a cash-flow deal, or `generic` unchanged for any other deal.
 * Dates, delinquencies, loan counts and modifications come from `generic`; balances, principal,
 * losses, interest and coupons from the engine.
 */
export function cashDealHistory(record: DealRecord, generic: DealHistory): DealHistory {
  const spec = record.structure as DealSpec | null;
  if (!spec || spec.waterfall?.kind !== 'cash-flow' || generic.pool.length === 0) return generic;
  const f = record.file;
  const path = realisedPath(generic.pool);
  const scenario: DealScenario = {
    prepay: { kind: 'monthly', values: path.smm },
    default: { kind: 'monthly', values: path.mdr },
    severity: f.performance.severityPct / 100,
    delinquency: path.distressed,
    indexRate: generic.pool.map((p) => indexRatePct(p.date) / 100),
    lossSource: 'scenario',
    cleanUpCall: f.cleanUpCallPct !== null,
    timeCall: false,
    collateralGroup: null,
  };
  const run = runCashDeal(spec, scenario, null);
  const periods = Math.min(generic.pool.length, run.pool.length);
  const pool: PoolPeriod[] = [];
  let begin = cents(spec.collateral.cutOffBalance);
  let cumulativeLossCents = 0;
  let paidOff = false;
  for (let i = 0; i < periods; i++) {
    const g = generic.pool[i] as PoolPeriod;
    const e = run.pool[i];
    const w = run.waterfall.periods[i];
    if (!e || !w) break;
    // The waterfall's collateral balance (loans awaiting liquidation included), so that the
    // classes plus overcollateralization add up to it; 0 once the deal is redeemed.
    const end = w.redemption ? 0 : w.collections.endBalance;
    // The engine's pool periods are integer cents already (like the waterfall's balances).
    const loss = e.principalLoss;
    const prepaid = e.unscheduled;
    cumulativeLossCents += loss;
    pool.push({
      ...g, beginCents: begin, endCents: end, scheduledCents: e.scheduled, prepaidCents: prepaid,
      defaultCents: e.creditEvents, lossCents: loss, cpr1MoPct: begin > 0 ? (1 - (1 - prepaid / begin) ** 12) * 100 : 0,
      ...(end === 0 ? { dq30Pct: 0, dq60Pct: 0, dq90PlusPct: 0, modifiedPct: 0, loansCount: 0 } : {}),
    });
    begin = end;
    if (end === 0) { paidOff = true; break; }
  }
  const rows = bondRows(run, [], null);
  const bondPeriods = (name: string): BondPeriod[] | null => {
    const b = rows.find((r) => r.name === name);
    if (!b) return null;
    let start = cents(b.startBalance);
    return b.rows.slice(0, pool.length).map((r, i) => {
      const row: BondPeriod = {
        date: pool[i]?.date ?? '', startCents: start, principalCents: b.interestOnly ? 0 : cents(r.Principal),
        writeDownCents: b.interestOnly ? 0 : cents(r.ActualWriteDown), endCents: cents(r.Balance),
        interestCents: cents(r.Interest), couponPct: r.Rate * 100,
      };
      start = row.endCents;
      return row;
    });
  };
  // The OC "bond" of a catalog (FORDO OC) is the collateral above the classes.
  const overcollateralization = (): BondPeriod[] => {
    const classes = spec.tranches.map((t) => bondPeriods(t.name) ?? []);
    let start = cents(spec.collateral.cutOffBalance) - classes.reduce((s, c) => s + (c[0]?.startCents ?? 0), 0);
    return pool.map((p, i) => {
      const end = p.endCents - classes.reduce((s, c) => s + (c[i]?.endCents ?? 0), 0);
      const row: BondPeriod = { date: p.date, startCents: start, principalCents: 0, writeDownCents: 0, endCents: end, interestCents: 0, couponPct: 0 };
      start = end;
      return row;
    });
  };
  const rowsOf = (names: readonly string[]): Record<string, BondPeriod[]> =>
    Object.fromEntries(names.map((n) => [n, bondPeriods(n) ?? overcollateralization()]));
  const last = pool.at(-1);
  return {
    pool,
    bonds: rowsOf(record.bonds.map((b) => b.name)),
    tranches: rowsOf(record.stack.map((b) => b.name)),
    lastDate: last?.date ?? generic.lastDate,
    cumulativeLossCents,
    paidOff,
  };
}
