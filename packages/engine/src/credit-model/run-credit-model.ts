/**
 * The loan loop of the open credit model (crt-domain.md §8). Each loan carries two balances —
 * current and 60+ (60–179 days) delinquent — whose expected values move every month:
 *   current → 60+         monthly roll: logistic of MTMCLTV (the home's value from its region's
 *                         HPI and its own drift), score, DTI, SATO, unemployment (LDM 3.0), age
 *                         ramp; × tuneCdr
 *   60+ → current (cure)  cureShare(MTMCLTV): borrowers with equity cure or sell
 *   60+ → default         seriousMonthly: the loan reaches 180 days delinquent (the default event)
 *   default → liquidated  after the foreclosure timeline (timeline − 6 months); the loss is the
 *                         defaulted UPB × severity at the home's value at liquidation (costs, MI)
 *   current → paid        scheduled level-pay principal, then prepayment:
 *                         tuneCpr × (refinance S-curve with burnout + turnover with lock-in), capped
 * Results are pool sums by month (additive, so halves of a tape run on two workers add up) and
 * turn into the CPR, CDR, severity and delinquency vectors the collateral engine takes.
 */
import { smmToCpr, mdrToCdr } from '../rates/rate-conversions.ts';
import type { CreditModelInputs, EconomicPaths } from './economic-paths.ts';
import { buildEconomicPaths } from './economic-paths.ts';
import { delinquencyBaseLogit, liquidationLagMonths, refinanceCreditFactor, rollCoefficients } from './model-components.ts';
import { buildModelTables, lookup } from './model-tables.ts';
import type { ModelTables } from './model-tables.ts';
import type { ModelLoanTape } from './model-loan-tape.ts';
import type { CreditModelParameters } from './model-parameters.ts';
import { CREDIT_MODEL_PARAMETERS } from './model-parameters.ts';

/** Loans per block of the loan loop (their state fits the CPU cache; see runCreditModelOnPaths). */
const BLOCK_LOANS = 512;

/** Pool sums by projection month (dollars; index 0 = month 1). */
export interface CreditModelSums {
  months: number;
  /** Balance at the month's start (current + 60+). */
  begin: Float64Array;
  scheduled: Float64Array;
  prepaid: Float64Array;
  /** Liquidated UPB (defaults disposed of this month, a timeline after their default). */
  defaults: Float64Array;
  /** Losses of this month's liquidations. */
  losses: Float64Array;
  /** 60+ balance at the month's end (60–179 days and defaulted loans awaiting liquidation). */
  delinquent: Float64Array;
  /** Balance at the month's end (current + 60+ + awaiting liquidation). */
  end: Float64Array;
  /** UPB reaching the default event (180 days delinquent) this month. */
  defaultEvents: Float64Array;
  /** Losses of this month's default events (booked at their liquidation, possibly after the horizon). */
  defaultEventLosses: Float64Array;
}

/** Pool vectors of a model run (annual fractions; severity and delinquency fractions). */
export interface CreditModelVectors {
  cpr: Float64Array;
  cdr: Float64Array;
  severity: Float64Array;
  delinquency: Float64Array;
}

/** Zeroed sums for `months` months. */
export function emptyCreditModelSums(months: number): CreditModelSums {
  const col = () => new Float64Array(months);
  return {
    months, begin: col(), scheduled: col(), prepaid: col(), defaults: col(), losses: col(), delinquent: col(), end: col(),
    defaultEvents: col(), defaultEventLosses: col(),
  };
}

/** a + b month by month (partial runs over parts of one tape). */
export function addCreditModelSums(a: CreditModelSums, b: CreditModelSums): CreditModelSums {
  const out = emptyCreditModelSums(Math.max(a.months, b.months));
  for (const key of ['begin', 'scheduled', 'prepaid', 'defaults', 'losses', 'delinquent', 'end', 'defaultEvents', 'defaultEventLosses'] as const) {
    for (let t = 0; t < out.months; t++) out[key][t] = (a[key][t] ?? 0) + (b[key][t] ?? 0);
  }
  return out;
}

/**
 * Runs the model over a tape for `months` months.
 * @param tape loans (any order)
 * @param inputs model, economic paths, tunes, MI switch (validate with validateCreditModelInputs)
 * @param months horizon
 * @param p parameters (default: the shipped version)
 */
export function runCreditModel(tape: ModelLoanTape, inputs: CreditModelInputs, months: number, p: CreditModelParameters = CREDIT_MODEL_PARAMETERS): CreditModelSums {
  return runCreditModelOnPaths(tape, inputs, buildEconomicPaths(inputs, months, p), p, tablesOf(p));
}

/**
 * The lookup tables of a parameter set, built once per set: building them costs several
 * milliseconds, more than a rep-line run itself (a stochastic run makes thousands of runs).
 */
const tablesByParameters = new WeakMap<CreditModelParameters, ModelTables>();
function tablesOf(p: CreditModelParameters): ModelTables {
  let tables = tablesByParameters.get(p);
  if (!tables) { tables = buildModelTables(p); tablesByParameters.set(p, tables); }
  return tables;
}

/** The loop over given paths (shared by runs, calibration and back-tests). */
export function runCreditModelOnPaths(tape: ModelLoanTape, inputs: CreditModelInputs, paths: EconomicPaths, p: CreditModelParameters, tables: ModelTables = tablesOf(p)): CreditModelSums {
  const { months } = paths;
  const n = tape.count;
  const out = emptyCreditModelSums(months);
  const cur = new Float64Array(n);
  const dlq = new Float64Array(n);
  const burn = new Float64Array(n); // burnout factor e^(−b·Σ max(0, incentive)), updated multiplicatively
  const base = new Float64Array(n);
  const scoreFactor = new Float64Array(n);
  const invValue = new Float64Array(n);
  const noiseVol = new Float64Array(n);
  const c = new Float64Array(n);
  const u = new Float64Array(n); // (1 + c)^−remaining: level-pay share = c·u / (1 − u)
  // The loan's contractual balance if it is still there (scheduled amortization only). C + D is the
  // expected balance (shrunk by the chance the loan prepaid or defaulted); MTMLTV and severity are
  // a surviving loan's, so they read this.
  const face = new Float64Array(n);
  // lossSeverity inlined per loan: gross claim = face·accrue + saleCost·value; loss = gross·keep − value·(1 − REO discount),
  // keep = 1 − MI coverage × claims paid share (1 without MI).
  const years = p.timelineMonths / 12;
  const accrue = new Float64Array(n);
  const keep = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const b = tape.balance[j] as number;
    face[j] = b;
    accrue[j] = 1 + (tape.noteRate[j] as number) * years + p.holdingCostAnnualPctOfUpb * years;
    keep[j] = 1 - (inputs.useMortgageInsurance ? (tape.miCoverage[j] as number) * p.miClaimPaidShare : 0);
    const share = Math.min(1, Math.max(0, tape.delinquentShare[j] as number));
    dlq[j] = b * share;
    cur[j] = b - b * share;
    burn[j] = 1;
    base[j] = delinquencyBaseLogit(tape.creditScore[j] as number, tape.dtiPct[j] as number, tape.sato[j] as number, p);
    // The score part of the credit factor (MTMLTV 0 never triggers the underwater cut).
    scoreFactor[j] = refinanceCreditFactor(tape.creditScore[j] as number, 0, p);
    const value = tape.propertyValue[j] as number;
    invValue[j] = value > 0 ? 1 / value : 1e9;
    noiseVol[j] = p.localHpiVolAnnual * (tape.valueNoise[j] as number);
    c[j] = Math.max((tape.noteRate[j] as number) / 12, 1e-9 / 12);
    u[j] = Math.pow(1 + (c[j] as number), -(tape.remainingTerm[j] as number));
  }
  const lag = liquidationLagMonths(p);
  // National log-HPI by month, through the liquidation of the horizon's last defaults (the tail
  // when given, else the last level), and √years for the homes' own drift.
  const span = months + lag;
  const logHpi = new Float64Array(span);
  const sqrtYears = new Float64Array(span);
  for (let t = 0; t < span; t++) {
    const r = t < months ? (paths.hpiRatio[t] as number) : (paths.hpiTail?.[t - months] ?? (paths.hpiRatio[months - 1] ?? 1));
    logHpi[t] = Math.log(r > 0 ? r : 1e-9);
    sqrtYears[t] = Math.sqrt(t / 12);
  }
  const k = rollCoefficients(inputs.model, p);
  const { tuneCdr, tuneCpr, tuneSeverity } = inputs;
  const saleCost = p.saleCostPctOfValue, netOfDiscount = 1 - p.reoDiscount;
  const { sCurve, burnStep, lockIn, logistic: logit, smm: smmOf, exp: expOf } = tables;
  // Locals for the hot loop (property loads on `tape` and `p` inside it cost ~20%).
  const { noteRate, age: age0, remainingTerm, originalTerm, propertyValue, otherLienBalance, hpiBeta } = tape;
  const dqRampMonths = p.dqSeasoningMonths, refiRampMonths = p.refiRampMonths, turnRampMonths = p.turnoverSeasoningMonths;
  const ltvThreshold = p.highLtvThreshold, ltvMultiplier = p.highLtvMultiplier, ltvStart = p.highLtvStart;
  const ltvCut = (1 - ltvMultiplier) / Math.max(1e-9, ltvThreshold - ltvStart);
  const equityFloor = p.equityFloor, equitySlope = p.equitySlope, turnoverBase = p.turnoverCpr, cprCap = p.cprCap;
  const slope = k.slope, negSlope = k.negativeEquitySlope, intercept = k.intercept - k.slope * 0.8;
  const serious = p.seriousMonthly, cureBase = p.cureMonthly, cureSlope = p.cureEquitySlope, cureFloor = p.cureEquityFloor;
  // The month's economy, once per month (the loan loop reads these by index).
  const mLh = new Float64Array(months), mSy = new Float64Array(months), mLhLiq = new Float64Array(months), mSyLiq = new Float64Array(months);
  const mInvHpi = new Float64Array(months), mHpiLiq = new Float64Array(months), mM30 = new Float64Array(months), mM15 = new Float64Array(months);
  const mUTerm = new Float64Array(months), mSeason = new Float64Array(months);
  // AFT (issue 34 #2): trailing 12-month HPA moves turnover and pays cash-out refinancing; the
  // other models' turnover reads equity only (multiplier 1, no cash-out).
  const mTurnHpa = new Float64Array(months).fill(1), mCashOut = new Float64Array(months);
  const isAft = inputs.model === 'AFT';
  const cashOutLtv = p.aftCashOutEquityLtv, cashOutFull = Math.max(1e-9, p.aftCashOutFullEquityPts);
  for (let t = 0; t < months; t++) {
    if (isAft) {
      const back = Math.max(0, t - 12);
      const ratio = t > 0 ? (paths.hpiRatio[t] as number) / (paths.hpiRatio[back] as number) : 1;
      const hpaPct = t > 0 ? (Math.pow(ratio > 0 ? ratio : 1e-9, 12 / (t - back)) - 1) * 100 : 0;
      mTurnHpa[t] = Math.min(1.5, Math.max(0.6, 1 + p.aftHpaTurnoverPerPoint * hpaPct));
      mCashOut[t] = p.aftCashOutCprPerPointHpa * Math.max(0, hpaPct);
    }
  }
  for (let t = 0; t < months; t++) {
    mLh[t] = logHpi[t] as number;
    mSy[t] = sqrtYears[t] as number;
    mLhLiq[t] = logHpi[t + lag] as number;
    mSyLiq[t] = sqrtYears[t + lag] as number;
    mInvHpi[t] = Math.exp(-(mLh[t] as number));
    mHpiLiq[t] = Math.exp(mLhLiq[t] as number);
    mM30[t] = paths.mtg30[t] as number;
    mM15[t] = paths.mtg15[t] as number;
    mUTerm[t] = intercept + k.unemploymentPerPoint * (paths.unemploymentDeltaPct[t] as number);
    mSeason[t] = p.seasonality[((paths.calendarMonth[t] as number) - 1) % 12] ?? 1;
  }
  const { begin: oBegin, scheduled: oSched, prepaid: oPrepaid, delinquent: oDlq, end: oEnd, defaultEvents: oEvents, defaultEventLosses: oEventLoss, defaults: oDefaults, losses: oLosses } = out;
  // Loans run in blocks through every month: a block's state (a few dozen bytes a loan) stays in the
  // CPU cache for the whole horizon instead of streaming the tape from memory once a month. Month
  // sums continue from the previous blocks' in loan order, so they are bit for bit the sums of one
  // pass over all loans.
  for (let from = 0; from < n; from += BLOCK_LOANS) {
    const to = Math.min(n, from + BLOCK_LOANS);
    for (let t = 0; t < months; t++) {
      const lh = mLh[t] as number;
      const sy = mSy[t] as number;
      const lhLiq = mLhLiq[t] as number;
      const syLiq = mSyLiq[t] as number;
      const invHpi = mInvHpi[t] as number;
      const hpiLiq = mHpiLiq[t] as number;
      const m30 = mM30[t] as number;
      const m15 = mM15[t] as number;
      const uTerm = mUTerm[t] as number;
      const season = mSeason[t] as number;
      const turnHpa = mTurnHpa[t] as number;
      const cashOutBase = mCashOut[t] as number;
      const liqMonth = t + lag < months;
      let sBegin = oBegin[t] as number, sSched = oSched[t] as number, sPrepay = oPrepaid[t] as number, sDlq = oDlq[t] as number;
      let sEnd = oEnd[t] as number, sEvents = oEvents[t] as number, sEventLoss = oEventLoss[t] as number;
      let sLiq = liqMonth ? (oDefaults[t + lag] as number) : 0, sLiqLoss = liqMonth ? (oLosses[t + lag] as number) : 0;
      for (let j = from; j < to; j++) {
        const C = cur[j] as number;
        const D = dlq[j] as number;
        const upb = C + D;
        if (upb <= 0) continue;
        const note = noteRate[j] as number;
        const age = (age0[j] as number) + t + 1;
        const rem = (remainingTerm[j] as number) - t;
        const mtg = (originalTerm[j] as number) <= 180 ? m15 : m30;
        const beta = hpiBeta[j] as number;
        const nv = noiseVol[j] as number;
        // Homes that follow the national index (deal tapes) skip the exp lookups.
        const national = beta === 1 && nv === 0;
        const invLocal = national ? invHpi : lookup(expOf, -(beta * lh + nv * sy)); // 1 / localHpiRatio
        const f = face[j] as number;
        const ltv = f * (invValue[j] as number) * invLocal; // first-lien MTMLTV (prepayment)
        const cltv = ltv + (otherLienBalance[j] as number) * (invValue[j] as number) * invLocal; // MTMCLTV (default)
        // 60+ pipeline: cures, and default events (180 days) whose loss is booked a timeline later
        // at the home's value then. Severity is the whole loan's (the 60+ share is the probability
        // that the loan is delinquent).
        let cured = 0, events = 0;
        if (D > 0) {
          cured = D * cureBase * Math.max(cureFloor, Math.min(1, 1 - cureSlope * (cltv - 0.8)));
          events = D * serious;
          const valueLiq = (propertyValue[j] as number) * (national ? hpiLiq : lookup(expOf, beta * lhLiq + nv * syLiq));
          // lossSeverity(f, note, valueLiq, MI, …) with the per-loan constants above.
          const raw = f > 0 ? (((f * (accrue[j] as number)) + saleCost * valueLiq) * (keep[j] as number) - valueLiq * netOfDiscount) / f : 0;
          const sev = (raw < 0 ? 0 : raw > 1 ? 1 : raw) * tuneSeverity;
          const loss = events * (sev > 1 ? 1 : sev);
          sEvents += events;
          sEventLoss += loss;
          if (liqMonth) {
            sLiq += events;
            sLiqLoss += loss;
          }
        }
        // Current balance: roll to 60+ (delinquencyRoll × tuneCdr), scheduled principal, prepayment.
        const ramp = age < dqRampMonths ? age / dqRampMonths : 1;
        const eq = slope * cltv + (cltv > 1 ? negSlope * (cltv - 1) : 0);
        const rollRaw = lookup(logit, (base[j] as number) + eq + uTerm) * ramp * tuneCdr;
        const toDlq = C * (rollRaw < 1 ? rollRaw : 1);
        const stay = C - toDlq;
        const uj = u[j] as number;
        const cj = c[j] as number;
        const share = rem <= 1 ? 1 : (cj * uj) / (1 - uj);
        u[j] = uj + uj * cj;
        face[j] = f * (1 - share);
        const sched = stay * share;
        // refinanceCpr: S-curve × burnout × ramp × credit factor (underwater cut).
        const incentive = (note - mtg) * 100;
        const refiRamp = age < refiRampMonths ? age / refiRampMonths : 1;
        const underwater = ltv <= ltvStart ? 1 : ltv >= ltvThreshold ? ltvMultiplier : 1 - ltvCut * (ltv - ltvStart); // refinanceEquityFactor
        const refi = lookup(sCurve, incentive) * (burn[j] as number) * refiRamp * (scoreFactor[j] as number) * underwater;
        if (incentive > 0) burn[j] = (burn[j] as number) * lookup(burnStep, incentive);
        // turnoverCpr: base × seasoning × seasonality × lock-in × equity.
        const turnRamp = age < turnRampMonths ? age / turnRampMonths : 1;
        const lock = incentive < 0 ? lookup(lockIn, -incentive) : 1;
        const equity = Math.max(equityFloor, Math.min(1, 1 - equitySlope * (ltv - 0.8)));
        const turnover = turnoverBase * turnRamp * season * lock * equity * turnHpa;
        // Cash-out (AFT): HPA × the equity above the cash-out limit, seasoned as refinancing is.
        const cashOut = cashOutBase > 0 && ltv < cashOutLtv ? cashOutBase * Math.min(1, (cashOutLtv - ltv) / cashOutFull) * refiRamp : 0;
        const cpr = Math.min(cprCap, tuneCpr * (refi + turnover + cashOut));
        const prepay = (stay - sched) * lookup(smmOf, cpr);
        const newC = stay - sched - prepay + cured;
        const newD = D - events - cured + toDlq;
        cur[j] = newC;
        dlq[j] = newD;
        sBegin += upb; sSched += sched; sPrepay += prepay; sDlq += newD; sEnd += newC + newD;
      }
      oBegin[t] = sBegin; oSched[t] = sSched; oPrepaid[t] = sPrepay;
      oDlq[t] = sDlq; oEnd[t] = sEnd; oEvents[t] = sEvents; oEventLoss[t] = sEventLoss;
      if (liqMonth) { oDefaults[t + lag] = sLiq; oLosses[t + lag] = sLiqLoss; }
    }
  }
  // Defaulted loans stay in the pool (and in 60+) until liquidated: add the pipeline to the balances.
  let pipeline = 0;
  for (let t = 0; t < months; t++) {
    out.begin[t] = (out.begin[t] as number) + pipeline;
    pipeline += (out.defaultEvents[t] as number) - (out.defaults[t] as number);
    out.delinquent[t] = (out.delinquent[t] as number) + pipeline;
    out.end[t] = (out.end[t] as number) + pipeline;
  }
  return out;
}

/**
 * Pool vectors of model sums for the collateral engine. The model's defaults are its default events
 * (180 days delinquent): the engine takes them as its defaults and liquidates them after the deal's
 * own recovery lag, at the severity the model computed for them (home value at the model's
 * liquidation, timeline costs, MI). In the engine's step order (sifma: defaults on the beginning
 * performing balance, prepayments on what is left after scheduled principal), with performing =
 * begin − defaulted loans awaiting liquidation:
 * MDR = default events / performing, SMM = prepaid / (performing − default events − scheduled),
 * severity = losses of the month's default events / the events (the previous month's when there are
 * none), DLQ = 60+ (with the foreclosure pipeline) / balance.
 */
export function creditModelVectors(s: CreditModelSums): CreditModelVectors {
  const v: CreditModelVectors = {
    cpr: new Float64Array(s.months), cdr: new Float64Array(s.months), severity: new Float64Array(s.months), delinquency: new Float64Array(s.months),
  };
  let lastSev = 0;
  let pipeline = 0;
  for (let t = 0; t < s.months; t++) {
    const d = s.defaultEvents[t] as number;
    const performing = (s.begin[t] as number) - pipeline;
    pipeline += d - (s.defaults[t] as number);
    if (performing <= 0) { v.severity[t] = lastSev; continue; }
    const base = performing - d - (s.scheduled[t] as number);
    v.cdr[t] = mdrToCdr(Math.min(0.999999, d / performing));
    v.cpr[t] = base > 0 ? smmToCpr(Math.min(0.999999, (s.prepaid[t] as number) / base)) : 0;
    if (d > 0) lastSev = (s.defaultEventLosses[t] as number) / d;
    v.severity[t] = lastSev;
    const e = s.end[t] as number;
    v.delinquency[t] = e > 0 ? (s.delinquent[t] as number) / e : 0;
  }
  return v;
}
