import type { MacrClass } from '../deal/deal-spec.ts';
import type { CollateralCashflowRow, BondCashflowRow } from './simulation-types.ts';
import type { DealRun } from './run-deal.ts';
import type { CashDealRun } from './run-cash-deal.ts';

/** A finished run of either interpreter. */
export type AnyDealRun = DealRun | CashDealRun;
import { isoToYmd } from './deal-dates.ts';

/** Cash rows of one bond before metrics (money in dollars). */
export interface BondRows {
  name: string;
  originalBalance: number;
  /** Balance at the start of the run (current notional at settlement). */
  startBalance: number;
  /** Interest-only class: the balance is a notional, principal cash is 0. */
  interestOnly: boolean;
  rows: BondCashflowRow[];
}

const dollars = (c: number): number => c / 100;

/** Coupon of a floater for an accrual period: max(floor, index + margin), fractions. */
export function floaterCoupon(index: number, marginPct: number, floorPct: number | null): number {
  return Math.max((floorPct ?? 0) / 100, index + marginPct / 100);
}

/**
 * Bond rows for every reference tranche (interest only on tranches with a margin, i.e. the
 * offered notes: actual/360 on the balance before the payment date's principal and write-down,
 * rounded to the cent) and for each MACR class (sum of its notes, own coupon).
 */
export function bondRows(run: AnyDealRun, collateral: readonly CollateralCashflowRow[], only: string | null = null): BondRows[] {
  if (run.kind === 'cash-flow') return cashBondRows(run, collateral, only);
  const spec = run.spec;
  const w = run.waterfall;
  // With `only`, build just that bond (a MACR class needs its component notes).
  const macrOnly = only === null ? null : spec.macrClasses.find((m) => m.name === only) ?? null;
  const wanted = only === null ? null : new Set(macrOnly ? macrOnly.components.map((c) => c.note) : [only]);
  const out: BondRows[] = [];
  const dates = paymentYmds(run);
  spec.tranches.forEach((t, k) => {
    if (wanted && !wanted.has(t.name)) return;
    const rows: BondCashflowRow[] = w.periods.map((p, i) => {
      const prior = p.prior[k] as number;
      const rate = t.marginPct !== null ? floaterCoupon(run.indexRates[i] as number, t.marginPct, t.couponFloorPct) : 0;
      const interest = t.marginPct !== null ? Math.round((prior * rate * (run.accrualDays[i] as number)) / 360) : 0;
      const principal = p.principal[k] as number;
      const wd = (p.writeDown[k] as number) - (p.writeUp[k] as number);
      return row(i, dates, collateral, p.notional[k] as number, principal, interest, rate, wd);
    });
    out.push({ name: t.name, interestOnly: false, originalBalance: t.originalNotional, startBalance: dollars(w.periods[0]?.prior[k] ?? Math.round(t.originalNotional * 100)), rows });
  });
  for (const m of spec.macrClasses) if (only === null || m === macrOnly) out.push(macrRows(m, out, run, collateral, dates));
  return only === null ? out : out.filter((b) => b.name === only);
}

/** The run's payment dates as yyyymmdd, parsed once for all its classes' rows (a stochastic run builds thousands). */
function paymentYmds(run: AnyDealRun): number[] {
  return run.paymentDates.map(isoToYmd);
}

function row(i: number, dates: readonly number[], coll: readonly CollateralCashflowRow[], balance: number, principal: number, interest: number, rate: number, wd: number): BondCashflowRow {
  const c = coll[Math.min(i, coll.length - 1)];
  return {
    Period: i + 1, PaymentDate: dates[i] as number, Balance: dollars(balance), Principal: dollars(principal),
    Interest: dollars(interest), Rate: rate, Cash: dollars(principal + interest), ActualWriteDown: dollars(wd),
    CprRate: c?.CprRate ?? 0, CdrRate: c?.CdrRate ?? 0, LossSeverityRate: c?.LossSeverityRate ?? 0, DelinquencyRate: c?.DelinquencyRate ?? 0,
  };
}

/** A MACR class is its notes combined (shares of each note's balance), never a tranche. */
function macrRows(m: MacrClass, notes: BondRows[], run: AnyDealRun, coll: readonly CollateralCashflowRow[], dates: readonly number[]): BondRows {
  const parts = m.components.map((c) => ({ share: c.share, rows: notes.find((n) => n.name === c.note) }));
  const periods = run.waterfall.periods.length;
  const rows: BondCashflowRow[] = [];
  let prior = parts.reduce((s, p) => s + p.share * (p.rows?.startBalance ?? 0), 0);
  for (let i = 0; i < periods; i++) {
    let bal = 0, prin = 0, wd = 0;
    for (const p of parts) {
      const r = p.rows?.rows[i];
      bal += p.share * (r?.Balance ?? 0);
      prin += p.share * (r?.Principal ?? 0);
      wd += p.share * (r?.ActualWriteDown ?? 0);
    }
    const rate = m.marginPct !== null ? floaterCoupon(run.indexRates[i] as number, m.marginPct, 0) : (m.fixedCouponPct ?? 0) / 100;
    const interest = Math.round(prior * 100 * rate * (m.marginPct !== null ? (run.accrualDays[i] as number) / 360 : 1 / 12));
    // Interest-only classes: no principal cash; the notional still declines (reported as balance).
    const cashPrin = m.kind === 'interest-only' ? 0 : Math.round(prin * 100);
    rows.push(row(i, dates, coll, Math.round(bal * 100), cashPrin, interest, rate, Math.round(wd * 100)));
    prior = bal;
  }
  return { name: m.name, interestOnly: m.kind === 'interest-only', originalBalance: m.originalBalance, startBalance: parts.reduce((s, p) => s + p.share * (p.rows?.startBalance ?? 0), 0), rows };
}

/**
 * Bond rows of a cash-flow deal: the interpreter already paid interest (coupon after caps and
 * step-ups) and principal, so rows copy its ledger. With a collateral group chosen, only the
 * classes (and MACR classes) paid by that group are listed.
 */
function cashBondRows(run: CashDealRun, collateral: readonly CollateralCashflowRow[], only: string | null): BondRows[] {
  const spec = run.spec;
  const w = run.waterfall;
  const classGroups = spec.waterfall.kind === 'cash-flow' ? spec.waterfall.classGroups : {};
  const inGroup = (name: string): boolean => run.collateralGroup === null || (classGroups[name] ?? 1) === run.collateralGroup;
  const macrOnly = only === null ? null : spec.macrClasses.find((m) => m.name === only) ?? null;
  const wanted = only === null ? null : new Set(macrOnly ? macrOnly.components.map((c) => c.note) : [only]);
  const out: BondRows[] = [];
  const dates = paymentYmds(run);
  spec.tranches.forEach((t, k) => {
    if (wanted ? !wanted.has(t.name) : !inGroup(t.name)) return;
    const rows = w.periods.map((p, i) => row(i, dates, collateral, p.notional[k] as number, p.principal[k] as number,
      p.interest[k] as number, p.coupon[k] as number, p.writeDown[k] as number));
    out.push({ name: t.name, interestOnly: false, originalBalance: t.originalNotional, startBalance: dollars(w.periods[0]?.prior[k] ?? Math.round(t.originalNotional * 100)), rows });
  });
  for (const m of spec.macrClasses) {
    if (only === null ? m.components.every((c) => inGroup(c.note)) : m === macrOnly) out.push(macrRows(m, out, run, collateral, dates));
  }
  return only === null ? out : out.filter((b) => b.name === only);
}
