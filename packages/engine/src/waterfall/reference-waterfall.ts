import type { AllocationTarget, DealSpec, DealState, PaymentDateStep, ReferenceTrancheWaterfall, TestName } from '../deal/deal-spec.ts';
import type { PoolPeriod } from './pool-periods.ts';
import { TrancheBook } from './tranche-book.ts';

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
  const w: ReferenceTrancheWaterfall = spec.waterfall;
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
  const periods: WaterfallPeriod[] = [];

  for (const pp of pool) {
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
      cumulativeNetLossPct: units7(cumNetLoss, cutOff) / 1e7, cnlLimitPct: cnlLimit(w, pd),
      delinquencyAverage: tests.dlqAverage, delinquencyLimit: tests.dlqLimit, offeredReferenceTranchePct: 0,
      tests: tests.results, recoveryPrincipal, writeDownAmount, writeUpAmount, seniorIncrease,
      seniorReduction: 0, subordinateReduction: 0, supplementalReduction: 0, redemption,
      prior: [], principal: [], writeDown: [], writeUp: [], notional: [], overcollateralization: 0,
    };
    const ctx: StepContext = { book, pp, pd, out, a1Failed, seniorUnits, residual };

    for (const step of w.steps) {
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

interface StepContext {
  book: TrancheBook;
  pp: PoolPeriod;
  pd: number;
  out: WaterfallPeriod;
  a1Failed: boolean;
  seniorUnits: number;
  residual: number;
}

/** The interpreter: one exhaustive switch over payment-date step kinds. */
function runStep(step: PaymentDateStep, w: ReferenceTrancheWaterfall, ctx: StepContext): void {
  const { book, out, pp } = ctx;
  switch (step.kind) {
    case 'evaluate-tests':
      // Tests are evaluated on the state immediately prior (done before the step loop).
      return;
    case 'write-down': {
      let left = out.writeDownAmount;
      for (const target of step.order) {
        if (left <= 0) break;
        if (target.tranche === 'OC') {
          const take = Math.min(left, book.oc);
          book.oc -= take;
          left -= take;
          continue;
        }
        left -= reduce(book, target, left, 'writeDown');
      }
      if (left > 0) throw new Error(`PD ${ctx.pd}: write-down of ${left} cents left unallocated`);
      // A-H absorbs write-downs in excess of the credit-event amount (losses realised after the event).
      book.notional[ctx.residual] = (book.notional[ctx.residual] as number) + out.seniorIncrease;
      return;
    }
    case 'write-up': {
      let left = out.writeUpAmount;
      for (const target of step.order) {
        if (left <= 0) break;
        for (const k of book.members(target)) {
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
      const additional = sup.order.reduce((s, t) => s + (t.cap?.kind === 'remaining-notional-from' ? capOf(t, ctx) : 0), 0);
      const offered = sup.offeredTranches.reduce((s, n) => s + (book.notional[book.at(n)] as number), 0);
      // ORTP numerator is net of the Class A-1 Additional Reduction Amount (DNA1).
      const ortpUnits = units7(offered - additional, pp.upbEnd);
      out.offeredReferenceTranchePct = ortpUnits / 1e7;
      const excessUnits = Math.max(0, ortpUnits - Math.round(sup.thresholdPct * 1e5));
      const amount = Math.round((pp.upbEnd * excessUnits) / 1e7) + additional;
      const paid = allocatePrincipal(sup.order, amount, ctx);
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
function capOf(target: AllocationTarget, ctx: StepContext): number {
  const cap = target.cap;
  if (!cap) return Infinity;
  if (cap.requiresTest === 'classA1CumulativeNetLoss' && ctx.a1Failed) return 0;
  switch (cap.kind) {
    case 'reduction-schedule': {
      const scheduled = cap.amounts[ctx.pd - 1];
      // After the schedule: 100 % of the Senior Reduction Amount excluding Recovery Principal.
      return scheduled !== undefined ? cents(scheduled) : Math.max(0, ctx.out.seniorReduction - ctx.out.recoveryPrincipal);
    }
    case 'remaining-notional-from':
      return ctx.pd >= cap.fromPaymentDateNumber ? ctx.book.available(target) : 0;
    default: {
      const never: never = cap;
      throw new Error(`unknown cap ${JSON.stringify(never)}`);
    }
  }
}

/** Pays `amount` down an order list (each entry absorbs to zero or its cap); returns the amount paid. */
function allocatePrincipal(order: readonly AllocationTarget[], amount: number, ctx: StepContext): number {
  let left = amount;
  for (const target of order) {
    if (left <= 0) break;
    left -= reduce(ctx.book, target, Math.min(left, capOf(target, ctx)), 'principal');
  }
  return amount - left;
}

/** Reduces an entry's notional by up to `amount` (principal or write-down); returns the amount taken. */
function reduce(book: TrancheBook, target: AllocationTarget, amount: number, kind: 'principal' | 'writeDown'): number {
  const take = Math.min(amount, book.available(target));
  if (take <= 0) return 0;
  for (const [k, leg] of book.split(book.members(target), take, (k) => book.notional[k] as number)) {
    book.notional[k] = (book.notional[k] as number) - leg;
    book[kind][k] = (book[kind][k] as number) + leg;
    if (kind === 'writeDown') book.cumWriteDown[k] = (book.cumWriteDown[k] as number) + leg;
  }
  return take;
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

function evaluateTests(w: ReferenceTrancheWaterfall, t: TestInput): { results: TestResults; dlqAverage: number; dlqLimit: number } {
  const tests = w.tests;
  const cnlUnits = units7(t.cumNetLoss, t.cutOff);
  const mce = tests.minimumCreditEnhancement ? t.subUnits >= Math.round(tests.minimumCreditEnhancement.thresholdPct * 1e5) : null;
  const limit = cnlLimit(w, t.pd);
  const cnl = tests.cumulativeNetLoss && limit !== null ? cnlUnits <= Math.round(limit * 1e7) : null;
  let dlqAverage = 0;
  let dlqLimit = 0;
  let dlq: boolean | null = null;
  if (tests.delinquency) {
    const recent = t.distressed.slice(-tests.delinquency.averagingPaymentDates);
    dlqAverage = recent.reduce((s, x) => s + x, 0) / recent.length;
    dlqLimit = tests.delinquency.factor * ((t.subUnits * t.upbPrev) / 1e7 - t.principalLoss);
    dlq = dlqAverage < dlqLimit;
  }
  const a1 = tests.classA1CumulativeNetLoss ? !t.a1Failed && cnlUnits <= Math.round(tests.classA1CumulativeNetLoss.maxPct * 1e5) : null;
  const byName: Record<TestName, boolean | null> = {
    minimumCreditEnhancement: mce, delinquency: dlq, cumulativeNetLoss: cnl, classA1CumulativeNetLoss: a1,
  };
  const allPass = w.gatingTests.every((n) => byName[n] !== false);
  return { results: { minimumCreditEnhancement: mce, delinquency: dlq, cumulativeNetLoss: cnl, classA1CumulativeNetLoss: a1, allPass }, dlqAverage, dlqLimit };
}
