/**
 * Deterministic synthetic remittance history of a demo deal, from its first payment date to
 * its factor date. The pool amortizes level-pay at the deal WAC/WAM; prepayments and credit
 * events are taken on the beginning balance (STACR PPM convention, crt-domain.md §1.3 B);
 * a severity share of each credit event is a loss, the rest is recovered principal. Bonds
 * follow the deal's stack (see allocate-principal.ts): the bond balances reconcile with the
 * pool every month, and losses write down from the bottom. Seeded PRNG, no clock.
 */
import type { BondFile } from '../deals/deal-file.schema.ts';
import type { DealRecord } from '../deals/deal-record.builder.ts';
import { createRandom } from './seeded-random.ts';
import { addMonths, daysBetween } from '../deals/deal-dates.ts';
import { indexRatePct } from './index-rate.path.ts';
import { type StackState, allocatePrincipal, applyCirtStepdown, initialStack, writeDown } from './allocate-principal.ts';

/** Pool row of one payment date (money in cents, rates in percent). */
export interface PoolPeriod {
  date: string;
  beginCents: number;
  endCents: number;
  scheduledCents: number;
  prepaidCents: number;
  defaultCents: number;
  lossCents: number;
  cpr1MoPct: number;
  dq30Pct: number;
  dq60Pct: number;
  dq90PlusPct: number;
  modifiedPct: number;
  loansCount: number;
}

/** One bond's flows on one payment date (cents; coupon percent). */
export interface BondPeriod {
  date: string;
  startCents: number;
  principalCents: number;
  writeDownCents: number;
  endCents: number;
  interestCents: number;
  couponPct: number;
}

export interface DealHistory {
  pool: PoolPeriod[];
  /** Per catalog bond name, one row per payment date. */
  bonds: Record<string, BondPeriod[]>;
  /**
   * Per stack tranche name (the layers that add up to the pool). Same rows as `bonds` for
   * most deals; ACIS deals list their insured layers in `bonds` and the STACR stack here.
   */
  tranches: Record<string, BondPeriod[]>;
  /** Last row date (the factor date, or the payoff date of a called deal). */
  lastDate: string;
  cumulativeLossCents: number;
  paidOff: boolean;
}

function levelPayScheduledFraction(wacPct: number, remaining: number): number {
  if (remaining <= 1) return 1;
  const r = wacPct / 1200;
  if (r === 0) return 1 / remaining;
  const pmt = r / (1 - (1 + r) ** -remaining);
  return Math.max(0, Math.min(1, pmt - r));
}

const annualToMonthly = (pct: number): number => 1 - (1 - Math.min(pct, 99.9) / 100) ** (1 / 12);

/** Ramp from 0 to 1 over `months` of age. */
const ramp = (age: number, months: number): number => Math.max(0, Math.min(1, age / months));

function couponPctOf(bond: BondFile, date: string, isFirst: boolean, indexAtIssue: number | null): number {
  switch (bond.coupon.kind) {
    case 'floater': {
      const index = isFirst && indexAtIssue !== null ? indexAtIssue : indexRatePct(date);
      return Math.max(0, index + bond.coupon.marginPct);
    }
    case 'fixed': return bond.coupon.ratePct;
    case 'premium': return bond.coupon.annualPctOfLimit ?? 0;
    case 'none': return 0;
  }
}

/**
 * Generate the history. Deterministic in the deal (seeded by `historySeed` or the deal name).
 */
export function generateDealHistory(record: DealRecord): DealHistory {
  const f = record.file;
  const perf = f.performance;
  const coll = f.collateral;
  if (!coll) throw new Error(`${f.dealName}: no collateral`);
  const rnd = createRandom(`history:${f.historySeed ?? f.dealName}`);
  const originalCents = Math.round(coll.originalBalance * 100);
  const pool: PoolPeriod[] = [];
  let begin = originalCents;
  let loans = coll.loanCount;
  let zCpr = 0;
  let zCdr = 0;
  let paidOff = false;
  for (let n = 1; ; n++) {
    const date = addMonths(f.dates.firstPayment, n - 1);
    if (date > f.dates.factor || begin <= 0) break;
    const age = coll.wala + n;
    zCpr = 0.7 * zCpr + rnd.normal(0, 0.12);
    zCdr = 0.8 * zCdr + rnd.normal(0, 0.2);
    const cprPct = perf.cprPct * (0.55 + 0.45 * ramp(age, 24)) * Math.exp(zCpr);
    const cdrPct = perf.cdrPct * ramp(n, 18) * Math.exp(zCdr);
    const smm = annualToMonthly(cprPct);
    const mdr = annualToMonthly(cdrPct);
    const defaults = Math.round(begin * mdr);
    const prepaid = Math.round(begin * smm);
    const survivors = begin - defaults - prepaid;
    const scheduled = Math.min(survivors, Math.round(survivors * levelPayScheduledFraction(coll.wacPct, coll.wam - n + 1)));
    const loss = Math.round(defaults * (perf.severityPct / 100));
    let end = survivors - scheduled;
    const dqScale = ramp(n, 12) * Math.exp(rnd.normal(0, 0.1));
    const dq30 = perf.dq30Pct * dqScale;
    const dq60 = perf.dq60Pct * dqScale * ramp(n, 15);
    const dq90 = perf.dq90PlusPct * dqScale * ramp(n, 18);
    // Optional clean-up call: pay the whole remaining pool once it falls to the threshold.
    if (f.cleanUpCallPct !== null && end > 0 && end <= originalCents * (f.cleanUpCallPct / 100) && f.dealType !== 'CIRT' && f.dealType !== 'ACIS') {
      end = 0;
      paidOff = true;
    }
    loans = end === 0 ? 0 : Math.max(1, Math.round(loans * (1 - (prepaid + defaults) / begin)));
    pool.push({
      date, beginCents: begin, endCents: end, scheduledCents: scheduled, prepaidCents: prepaid, defaultCents: defaults,
      lossCents: loss, cpr1MoPct: survivors + prepaid > 0 ? (1 - (1 - prepaid / begin) ** 12) * 100 : 0,
      dq30Pct: end === 0 ? 0 : dq30, dq60Pct: end === 0 ? 0 : dq60, dq90PlusPct: end === 0 ? 0 : dq90,
      modifiedPct: end === 0 ? 0 : perf.modifiedPct * ramp(n, 36), loansCount: loans,
    });
    begin = end;
    if (paidOff) break;
  }
  return stackHistory(record, pool, paidOff);
}

/**
 * The bonds' history over a pool history (generated above, or reported: loan-data/gse-deal): each
 * month the loss writes down from the bottom and the principal (begin − end − loss) pays the stack
 * by the deal's waterfall mode, so the bond balances reconcile with the pool every month.
 */
export function stackHistory(record: DealRecord, pool: PoolPeriod[], paidOff = false): DealHistory {
  const f = record.file;
  const coll = f.collateral;
  if (!coll) throw new Error(`${f.dealName}: no collateral`);
  const originalCents = Math.round(coll.originalBalance * 100);
  const stack: StackState = initialStack(record.stack, record.seniorCaps);
  const bondRows: Record<string, BondPeriod[]> = Object.fromEntries(record.bonds.map((b) => [b.name, []]));
  const trancheRows: Record<string, BondPeriod[]> = Object.fromEntries(record.stack.map((b) => [b.name, []]));
  const initialSubPct = 100 - (stack.seniorCents() / originalCents) * 100;
  const mcePct = f.waterfall.mceThresholdPct ?? initialSubPct;
  const withCnlTest = f.dealType === 'STACR' || f.dealType === 'CAS' || f.dealType === 'ACIS';
  let cumLoss = 0;
  let prevDate = f.dates.issue;
  pool.forEach((p, i) => {
    const n = i + 1;
    const { date, beginCents: begin, endCents: end, lossCents: loss } = p;
    const principal = begin - end - loss; // scheduled + prepaid + recovered principal
    const last = paidOff && i === pool.length - 1;
    cumLoss += loss;
    const starts = stack.snapshot();
    const writeDowns = writeDown(stack, loss);
    // A month whose capitalised modification interest outweighs all principal paid grows the pool
    // (negative principal): the senior class accretes by it, so Σ classes = pool stays true.
    if (principal < 0) {
      stack.growSenior(-principal);
    } else if (f.waterfall.mode === 'cirt' && f.cirt) {
      applyCirtStepdown(stack, principal, { n, endCents: end, sdqPct: p.dq60Pct + p.dq90PlusPct, cirt: f.cirt });
    } else {
      const seniorPct = Math.round((stack.seniorCents() / begin) * 1e7) / 1e7;
      const cnlOk = !withCnlTest || (cumLoss / originalCents) * 100 <= 0.1 * (1 + Math.floor((n - 1) / 12));
      const testsPass = f.waterfall.mode === 'senior-sub' && 100 - seniorPct * 100 >= mcePct - 1e-7 && cnlOk;
      allocatePrincipal(stack, principal, { mode: f.waterfall.mode, seniorPct, testsPass, paymentDateNumber: n });
    }
    if (last) stack.payOffAll();
    const days = daysBetween(prevDate, date);
    const ends = stack.snapshot();
    const rowOf = (bond: BondFile): BondPeriod => {
      const start = balanceOf(bond, starts);
      const endBal = balanceOf(bond, ends);
      const wd = balanceOf(bond, writeDowns);
      const coupon = couponPctOf(bond, date, n === 1, f.index.valueAtIssuePct);
      let interest: number;
      if (bond.coupon.kind === 'premium' && bond.coupon.monthlyPctOfUpb !== undefined) {
        interest = Math.round((begin * bond.coupon.monthlyPctOfUpb) / 100);
      } else if (bond.coupon.kind === 'floater') {
        interest = Math.round((start * coupon * days) / 36000);
      } else {
        interest = Math.round((start * coupon) / 1200);
      }
      const isIo = bond.macr?.kind === 'interest-only';
      return {
        date, startCents: start, principalCents: isIo ? 0 : start - endBal - wd, writeDownCents: isIo ? 0 : wd, endCents: endBal,
        interestCents: interest,
        couponPct: bond.coupon.kind === 'premium' && start > 0 ? Math.round(((interest * 1200) / start) * 1e5) / 1e5 : coupon,
      };
    };
    for (const bond of record.bonds) bondRows[bond.name]?.push(rowOf(bond));
    for (const tranche of record.stack) trancheRows[tranche.name]?.push(rowOf(tranche));
    prevDate = date;
  });
  const last = pool[pool.length - 1];
  return { pool, bonds: bondRows, tranches: trancheRows, lastDate: last?.date ?? f.dates.issue, cumulativeLossCents: cumLoss, paidOff };
}

/** A catalog bond's amount from stack-member amounts: MACR = Σ share × component, ACIS = share % of its tranche. */
function balanceOf(bond: BondFile, amounts: Map<string, number>): number {
  if (bond.macr) return bond.macr.components.reduce((s, c) => s + Math.round((amounts.get(c.bond) ?? 0) * c.share), 0);
  if (bond.acis) return Math.round(((amounts.get(bond.acis.stacrBond) ?? 0) * bond.acis.sharePct) / 100);
  return amounts.get(bond.name) ?? 0;
}
