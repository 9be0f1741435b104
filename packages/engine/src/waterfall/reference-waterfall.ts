import type { AllocationTarget, DealSpec, DealState, PaymentDateStep, ReferenceTrancheWaterfall, TestName } from '../deal/deal-spec.ts';
import type { PoolPeriod } from './pool-periods.ts';
import { TrancheBook } from './tranche-book.ts';
import { referenceWaterfall } from '../deal/waterfall-kind.ts';

/** Run switches of the waterfall. */
export interface WaterfallOptions {
  /** Redeem on the first payment date whose end UPB <= the deal's clean-up % of cut-off. */
  cleanUpCall: boolean;
  /** Exercise the optional time call at this payment date number (null = never). */
  timeCallPaymentDateNumber: number | null;
  /** Deal state at a later settlement date; null = start at closing. */
  state: DealState | null;
}

/** Test outcomes of one payment date (null = test not in the deal). */
export interface TestResults {
  minimumCreditEnhancement: boolean | null;
  delinquency: boolean | null;
  cumulativeNetLoss: boolean | null;
  classA1CumulativeNetLoss: boolean | null;
  /** All gating tests pass (subordinates may receive principal). */
  allPass: boolean;
}

/** What happened on one payment date; money in integer cents, percentages as fractions. */
export interface WaterfallPeriod {
  pool: PoolPeriod;
  upbPrev: number;
  /** Senior and subordinate %, 7-dp rounded fractions (units of 1e-7 are exact). */
  seniorPct: number;
  subordinatePct: number;
  cumulativeNetLoss: number;
  cumulativeNetLossPct: number;
  cnlLimitPct: number | null;
  delinquencyAverage: number;
  delinquencyLimit: number;
  offeredReferenceTranchePct: number;
  tests: TestResults;
  recoveryPrincipal: number;
  writeDownAmount: number;
  writeUpAmount: number;
  seniorIncrease: number;
  seniorReduction: number;
  subordinateReduction: number;
  supplementalReduction: number;
  redemption: boolean;
  prior: number[];
  principal: number[];
  writeDown: number[];
  writeUp: number[];
  notional: number[];
  /**
   * Per tranche, the part of its principal allocation (or, once losses reach it, of its write-down)
   * that repaid its own notional increases (A-H's max(0, write-down − credit events) and the
   * Supplemental increase): hypothetical, so it is left out of `principal` and `writeDown`
   * (see `repayIncreases`).
   */
  increaseRepaid: number[];
  overcollateralization: number;
}

/** Waterfall result: one entry per payment date until redemption or pay-off. */
export interface WaterfallResult {
  tranches: string[];
  originalNotional: number[];
  periods: WaterfallPeriod[];
}

const cents = (dollars: number): number => Math.round(dollars * 100);
/** 7-dp rounding of a ratio (STACR PPM: percentages to 1/100,000 of a percentage point), as integer units of 1e-7. */
const units7 = (num: number, den: number): number => (den > 0 ? Math.round((num * 1e7) / den) : 0);

/**
 * Runs the STACR/CAS reference-tranche waterfall (crt-domain.md §2.3–2.5) over pool periods.
 * Deal rules come from `spec.waterfall`: each payment date executes `steps` in order.
 * Asserts Σ notionals + OC = pool UPB after every payment date.
 */
export function runReferenceWaterfall(spec: DealSpec, pool: readonly PoolPeriod[], options: WaterfallOptions): WaterfallResult {
  const w: ReferenceTrancheWaterfall = referenceWaterfall(spec);
  const state = options.state;
  const original = spec.tranches.map((t) => cents(t.originalNotional));
  const startNotional = state ? spec.tranches.map((t) => cents(state.notionals[t.name] ?? 0)) : original;
  const startCum = spec.tranches.map((t) => cents(state?.cumulativeWriteDowns[t.name] ?? 0));
  const book = new TrancheBook(spec.tranches, startNotional, startCum);
  book.oc = cents(state?.overcollateralization ?? 0);
  const cutOff = cents(spec.collateral.cutOffBalance);
  const cleanUpLevel = Math.round((cutOff * spec.earlyRedemption.cleanUpPctOfCutOff) / 100);
  const maturityPd = spec.dates.scheduledMaturityPaymentDateNumber;
  let upbPrev = state ? cents(state.poolBalance) : cutOff;
  let cumNetLoss = cents(state?.cumulativeNetLoss ?? 0);
  const distressed = (state?.distressedHistory ?? []).map(cents);
  let a1Failed = state?.classA1TestFailed ?? false;
  const seniorIdx = w.seniorTranches.map((n) => book.at(n));
  const residual = book.at(w.seniorResidualTranche);
  const steps = resolveSteps(book, w.steps);
  const sup = w.supplementalReduction;
  const supOrder = sup ? resolveOrder(book, sup.order) : [];
  const supOffered = sup ? sup.offeredTranches.map((n) => book.at(n)) : [];
  const supIncrease = sup ? book.at(sup.increaseTranche) : -1;
  const periods: WaterfallPeriod[] = [];
  // Notional increases of A-H (or the supplemental increase tranche) not yet repaid, per tranche.
  const increases = spec.tranches.map(() => 0);
  const incTranche = sup ? book.at(sup.increaseTranche) : residual;

  for (const [n, pp] of pool.entries()) {
    const pd = pp.paymentDateNumber;
    book.beginPeriod();
    const seniorUnits = units7(seniorIdx.reduce((s, i) => s + (book.notional[i] as number), 0), upbPrev);
    const subUnits = 1e7 - seniorUnits;
    const writeDownAmount = Math.max(0, pp.principalLoss - pp.principalRecovery);
    const writeUpAmount = Math.max(0, pp.principalRecovery - pp.principalLoss);
    const recoveryPrincipal = Math.max(0, pp.creditEvents - writeDownAmount) + writeUpAmount;
    const seniorIncrease = Math.max(0, writeDownAmount - pp.creditEvents);
    cumNetLoss += pp.principalLoss - pp.principalRecovery;
    distressed.push(pp.distressed);
    const redemption = pd >= maturityPd || pp.upbEnd <= 0
      || (options.timeCallPaymentDateNumber !== null && pd >= options.timeCallPaymentDateNumber)
      || (options.cleanUpCall && pp.upbEnd <= cleanUpLevel);

    const tests = evaluateTests(w, { pd, subUnits, upbPrev, cumNetLoss, cutOff, distressed, principalLoss: pp.principalLoss, a1Failed });
    if (tests.results.classA1CumulativeNetLoss === false) a1Failed = true;
    const out: WaterfallPeriod = {
      pool: pp, upbPrev, seniorPct: seniorUnits / 1e7, subordinatePct: subUnits / 1e7, cumulativeNetLoss: cumNetLoss,
      cumulativeNetLossPct: units7(cumNetLoss, cutOff) / 1e7, cnlLimitPct: tests.cnlLimit,
      delinquencyAverage: tests.dlqAverage, delinquencyLimit: tests.dlqLimit, offeredReferenceTranchePct: 0,
      tests: tests.results, recoveryPrincipal, writeDownAmount, writeUpAmount, seniorIncrease,
      seniorReduction: 0, subordinateReduction: 0, supplementalReduction: 0, redemption,
      prior: [], principal: [], writeDown: [], writeUp: [], notional: [], increaseRepaid: [], overcollateralization: 0,
    };
    const ctx: StepContext = { book, pp, pd, out, a1Failed, seniorUnits, residual, supOrder, supOffered, supIncrease };

    for (const step of steps) {
      if (redemption && step.kind !== 'write-down' && step.kind !== 'write-up' && step.kind !== 'evaluate-tests') continue;
      runStep(step, w, ctx);
    }
    if (redemption) {
      // Maturity / early redemption: after write-downs, every tranche is paid its balance in full.
      for (let i = 0; i < book.notional.length; i++) {
        book.principal[i] = (book.principal[i] as number) + (book.notional[i] as number);
        book.notional[i] = 0;
      }
    } else {
      const diff = book.total() + book.oc - pp.upbEnd;
      if (diff !== 0) throw new Error(`PD ${pd}: tranche notionals + OC differ from pool UPB by ${diff} cents`);
    }
    out.increaseRepaid = repayIncreases(book, increases, residual, incTranche, out, redemption || n === pool.length - 1);
    out.prior = book.prior.slice();
    out.principal = book.principal.slice();
    out.writeDown = book.writeDown.slice();
    out.writeUp = book.writeUp.slice();
    out.notional = book.notional.slice();
    out.overcollateralization = book.oc;
    periods.push(out);
    upbPrev = pp.upbEnd;
    if (redemption) break;
  }
  return { tranches: book.names, originalNotional: original, periods };
}

/**
 * Keeps hypothetical principal out of the cash. A-H's notional is raised by max(0, write-down −
 * credit events) (a loss realised after its credit event, whose UPB was already paid as Recovery
 * Principal) and by the Supplemental Reduction Amount, so that Σ notionals = pool UPB (PPM). The
 * principal later allocated against those increases is not collateral cash: paid as cash it made
 * classes receive more than scheduled + prepaid principal + recoveries (issue 23 #2: a custom
 * STACR deal at 10 CPR / 0.5 CDR / 25 severity paid class A 975,001,019.79 on 975,000,000, the
 * lagged losses of the last months, when no new credit events offset them). Every notional stays
 * the PPM's; this payment date's allocation to the increased tranche first repays its outstanding
 * increases, and only the rest is its principal. Returns the amounts repaid per tranche.
 * So A-H's balance falls by its principal + write-down except across an increase not yet repaid.
 */
function repayIncreases(book: TrancheBook, increases: number[], residual: number, incTranche: number, out: WaterfallPeriod, isLast: boolean): number[] {
  increases[residual] = (increases[residual] as number) + out.seniorIncrease;
  increases[incTranche] = (increases[incTranche] as number) + out.supplementalReduction;
  const repaid = increases.map(() => 0);
  for (const k of new Set([residual, incTranche])) {
    // From principal, on this or a later date. On the last date, what is left was written down
    // (losses reached the senior tranche): that part never was the class's money, so it is not its
    // loss either (then Σ principal exceeds the collateral's cash by it, see conservation.ts).
    for (const into of isLast ? [book.principal, book.writeDown] : [book.principal]) {
      const take = Math.min(increases[k] as number, into[k] as number);
      if (take <= 0) continue;
      into[k] = (into[k] as number) - take;
      increases[k] = (increases[k] as number) - take;
      repaid[k] = (repaid[k] as number) + take;
    }
  }
  return repaid;
}

/** An allocation entry with its tranche indexes resolved once per run. */
interface Resolved {
  target: AllocationTarget;
  members: number[];
  isOc: boolean;
}

/** Steps with resolved orders, built once per run (name lookups stay out of the period loop). */
type ResolvedStep =
  | { kind: 'evaluate-tests' }
  | { kind: 'write-down' | 'write-up' | 'senior-reduction' | 'subordinate-reduction'; order: Resolved[] }
  | { kind: 'supplemental-reduction' };

function resolveOrder(book: TrancheBook, order: readonly AllocationTarget[]): Resolved[] {
  return order.map((target) => ({ target, isOc: target.tranche === 'OC', members: target.tranche === 'OC' ? [] : book.members(target) }));
}

function resolveSteps(book: TrancheBook, steps: readonly PaymentDateStep[]): ResolvedStep[] {
  return steps.map((step): ResolvedStep => {
    switch (step.kind) {
      case 'evaluate-tests':
      case 'supplemental-reduction':
        return step;
      case 'write-down':
      case 'write-up':
      case 'senior-reduction':
      case 'subordinate-reduction':
        return { kind: step.kind, order: resolveOrder(book, step.order) };
      default: {
        const never: never = step;
        throw new Error(`unknown step ${JSON.stringify(never)}`);
      }
    }
  });
}

interface StepContext {
  supOrder: Resolved[];
  supOffered: number[];
  supIncrease: number;
  book: TrancheBook;
  pp: PoolPeriod;
  pd: number;
  out: WaterfallPeriod;
  a1Failed: boolean;
  seniorUnits: number;
  residual: number;
}

/** The interpreter: one exhaustive switch over payment-date step kinds. */
function runStep(step: ResolvedStep, w: ReferenceTrancheWaterfall, ctx: StepContext): void {
  const { book, out, pp } = ctx;
  switch (step.kind) {
    case 'evaluate-tests':
      // Tests are evaluated on the state immediately prior (done before the step loop).
      return;
    case 'write-down': {
      let left = out.writeDownAmount;
      for (const r of step.order) {
        if (left <= 0) break;
        if (r.isOc) {
          const take = Math.min(left, book.oc);
          book.oc -= take;
          left -= take;
          continue;
        }
        left -= reduce(book, r, left, 'writeDown');
      }
      if (left > 0) throw new Error(`PD ${ctx.pd}: write-down of ${left} cents left unallocated`);
      // A-H absorbs write-downs in excess of the credit-event amount (losses realised after the event).
      book.notional[ctx.residual] = (book.notional[ctx.residual] as number) + out.seniorIncrease;
      return;
    }
    case 'write-up': {
      let left = out.writeUpAmount;
      for (const r of step.order) {
        if (left <= 0) break;
        for (const k of r.members) {
          const take = Math.min(left, book.cumWriteDown[k] as number);
          book.notional[k] = (book.notional[k] as number) + take;
          book.cumWriteDown[k] = (book.cumWriteDown[k] as number) - take;
          book.writeUp[k] = (book.writeUp[k] as number) + take;
          left -= take;
        }
      }
      book.oc += left; // write-up excess
      return;
    }
    case 'senior-reduction': {
      const sra = out.tests.allPass
        ? Math.round((ctx.seniorUnits * pp.statedPrincipal) / 1e7) + out.recoveryPrincipal
        : w.failingTestRule === 'all-to-senior'
          ? pp.statedPrincipal + out.recoveryPrincipal
          : Math.round((ctx.seniorUnits * pp.scheduled) / 1e7) + pp.unscheduled + out.recoveryPrincipal;
      out.seniorReduction = sra;
      allocatePrincipal(step.order, sra, ctx);
      return;
    }
    case 'subordinate-reduction': {
      const subRa = pp.statedPrincipal + out.recoveryPrincipal - out.seniorReduction;
      out.subordinateReduction = subRa;
      allocatePrincipal(step.order, subRa, ctx);
      return;
    }
    case 'supplemental-reduction': {
      const sup = w.supplementalReduction;
      if (!sup) return;
      let additional = 0;
      for (const r of ctx.supOrder) if (r.target.cap?.kind === 'remaining-notional-from') additional += capOf(r, ctx);
      let offered = 0;
      for (const k of ctx.supOffered) offered += book.notional[k] as number;
      // ORTP numerator is net of the Class A-1 Additional Reduction Amount (DNA1).
      const ortpUnits = units7(offered - additional, pp.upbEnd);
      out.offeredReferenceTranchePct = ortpUnits / 1e7;
      const excessUnits = Math.max(0, ortpUnits - Math.round(sup.thresholdPct * 1e5));
      const amount = Math.round((pp.upbEnd * excessUnits) / 1e7) + additional;
      const paid = allocatePrincipal(ctx.supOrder, amount, ctx);
      out.supplementalReduction = paid;
      const inc = book.at(sup.increaseTranche);
      // Supplemental senior increase: A-H grows by the amount paid to the sold layers.
      book.notional[inc] = (book.notional[inc] as number) + paid;
      return;
    }
    default: {
      const never: never = step;
      throw new Error(`unknown step ${JSON.stringify(never)}`);
    }
  }
}

/** Cap of an allocation entry on this payment date (Infinity when uncapped). */
function capOf(r: Resolved, ctx: StepContext): number {
  const cap = r.target.cap;
  if (!cap) return Infinity;
  if (cap.requiresTest === 'classA1CumulativeNetLoss' && ctx.a1Failed) return 0;
  switch (cap.kind) {
    case 'reduction-schedule': {
      const scheduled = cap.amounts[ctx.pd - 1];
      // After the schedule: 100 % of the Senior Reduction Amount excluding Recovery Principal.
      return scheduled !== undefined ? cents(scheduled) : Math.max(0, ctx.out.seniorReduction - ctx.out.recoveryPrincipal);
    }
    case 'remaining-notional-from':
      return ctx.pd >= cap.fromPaymentDateNumber ? ctx.book.available(r.members) : 0;
    default: {
      const never: never = cap;
      throw new Error(`unknown cap ${JSON.stringify(never)}`);
    }
  }
}

/** Pays `amount` down an order list (each entry absorbs to zero or its cap); returns the amount paid. */
function allocatePrincipal(order: readonly Resolved[], amount: number, ctx: StepContext): number {
  let left = amount;
  for (const r of order) {
    if (left <= 0) break;
    left -= reduce(ctx.book, r, Math.min(left, capOf(r, ctx)), 'principal');
  }
  return amount - left;
}

/** Reduces an entry's notional by up to `amount` (principal or write-down); returns the amount taken. */
function reduce(book: TrancheBook, r: Resolved, amount: number, kind: 'principal' | 'writeDown'): number {
  const take = Math.min(amount, book.available(r.members));
  if (take <= 0) return 0;
  book.reduceBy(r.members, take, book[kind], kind === 'writeDown');
  return take;
}

function testValue(n: TestName, mce: boolean | null, dlq: boolean | null, cnl: boolean | null, a1: boolean | null): boolean | null {
  switch (n) {
    case 'minimumCreditEnhancement': return mce;
    case 'delinquency': return dlq;
    case 'cumulativeNetLoss': return cnl;
    case 'classA1CumulativeNetLoss': return a1;
  }
}

function cnlLimit(w: ReferenceTrancheWaterfall, pd: number): number | null {
  const bands = w.tests.cumulativeNetLoss?.bands;
  if (!bands || bands.length === 0) return null;
  let limit = bands[0]?.maxPct ?? 0;
  for (const b of bands) if (pd >= b.fromPaymentDateNumber) limit = b.maxPct;
  return limit / 100;
}

interface TestInput {
  pd: number;
  subUnits: number;
  upbPrev: number;
  cumNetLoss: number;
  cutOff: number;
  distressed: number[];
  principalLoss: number;
  a1Failed: boolean;
}

function evaluateTests(w: ReferenceTrancheWaterfall, t: TestInput): { results: TestResults; dlqAverage: number; dlqLimit: number; cnlLimit: number | null } {
  const tests = w.tests;
  const cnlUnits = units7(t.cumNetLoss, t.cutOff);
  const mce = tests.minimumCreditEnhancement ? t.subUnits >= Math.round(tests.minimumCreditEnhancement.thresholdPct * 1e5) : null;
  const limit = cnlLimit(w, t.pd);
  const cnl = tests.cumulativeNetLoss && limit !== null ? cnlUnits <= Math.round(limit * 1e7) : null;
  let dlqAverage = 0;
  let dlqLimit = 0;
  let dlq: boolean | null = null;
  if (tests.delinquency) {
    const from = Math.max(0, t.distressed.length - tests.delinquency.averagingPaymentDates);
    let sum = 0;
    for (let i = from; i < t.distressed.length; i++) sum += t.distressed[i] as number;
    dlqAverage = sum / (t.distressed.length - from);
    dlqLimit = tests.delinquency.factor * ((t.subUnits * t.upbPrev) / 1e7 - t.principalLoss);
    dlq = dlqAverage < dlqLimit;
  }
  const a1 = tests.classA1CumulativeNetLoss ? !t.a1Failed && cnlUnits <= Math.round(tests.classA1CumulativeNetLoss.maxPct * 1e5) : null;
  let allPass = true;
  for (const n of w.gatingTests) if (testValue(n, mce, dlq, cnl, a1) === false) allPass = false;
  return { results: { minimumCreditEnhancement: mce, delinquency: dlq, cumulativeNetLoss: cnl, classA1CumulativeNetLoss: a1, allPass }, dlqAverage, dlqLimit, cnlLimit: limit };
}
