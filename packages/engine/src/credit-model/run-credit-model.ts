/**
 * The loan loop of the open credit model (crt-domain.md §8). Each loan carries two balances —
 * current and 60+ delinquent — whose expected values move every month:
 *   current → 60+           monthly roll (logit of MTMLTV, score, DTI, SATO, unemployment) × tuneCdr
 *   60+ → current (cure)    cureAnnual as a monthly rate
 *   60+ → liquidated        liquidationAnnual as a monthly rate; the loss is UPB × severity
 *                           (property value from the HPI path, costs, MI)
 *   current → paid          scheduled level-pay principal, then prepayment:
 *                           tuneCpr × (refinance S-curve with burnout + turnover), capped
 * Results are pool sums by month (additive, so halves of a tape run on two workers add up) and
 * turn into the CPR, CDR, severity and delinquency vectors the collateral engine takes.
 */
import { smmToCpr, mdrToCdr } from '../rates/rate-conversions.ts';
import type { CreditModelInputs, EconomicPaths } from './economic-paths.ts';
import { buildEconomicPaths } from './economic-paths.ts';
import { annualToMonthly, delinquencyBaseLogit, lossSeverity, refinanceCreditFactor } from './model-components.ts';
import { buildModelTables, lookup } from './model-tables.ts';
import type { ModelTables } from './model-tables.ts';
import type { ModelLoanTape } from './model-loan-tape.ts';
import type { CreditModelParameters } from './model-parameters.ts';
import { CREDIT_MODEL_PARAMETERS } from './model-parameters.ts';

/** Pool sums by projection month (dollars; index 0 = month 1). */
export interface CreditModelSums {
  months: number;
  /** Balance at the month's start (current + 60+). */
  begin: Float64Array;
  scheduled: Float64Array;
  prepaid: Float64Array;
  /** Liquidated (defaulted) UPB. */
  defaults: Float64Array;
  losses: Float64Array;
  /** 60+ balance at the month's end. */
  delinquent: Float64Array;
  /** Balance at the month's end (current + 60+). */
  end: Float64Array;
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
  return { months, begin: col(), scheduled: col(), prepaid: col(), defaults: col(), losses: col(), delinquent: col(), end: col() };
}

/** a + b month by month (partial runs over parts of one tape). */
export function addCreditModelSums(a: CreditModelSums, b: CreditModelSums): CreditModelSums {
  const out = emptyCreditModelSums(Math.max(a.months, b.months));
  for (const key of ['begin', 'scheduled', 'prepaid', 'defaults', 'losses', 'delinquent', 'end'] as const) {
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
  return runCreditModelOnPaths(tape, inputs, buildEconomicPaths(inputs, months, p), p);
}

/** The loop over given paths (shared by runs and calibration). */
export function runCreditModelOnPaths(tape: ModelLoanTape, inputs: CreditModelInputs, paths: EconomicPaths, p: CreditModelParameters, tables: ModelTables = buildModelTables(p)): CreditModelSums {
  const { months } = paths;
  const n = tape.count;
  const out = emptyCreditModelSums(months);
  const cur = new Float64Array(n);
  const dlq = new Float64Array(n);
  const burn = new Float64Array(n); // burnout factor e^(−b·Σ max(0, incentive)), updated multiplicatively
  const base = new Float64Array(n);
  const scoreFactor = new Float64Array(n);
  const invValue = new Float64Array(n);
  const c = new Float64Array(n);
  const u = new Float64Array(n); // (1 + c)^−remaining: level-pay share = c·u / (1 − u)
  for (let j = 0; j < n; j++) {
    const b = tape.balance[j] as number;
    const share = Math.min(1, Math.max(0, tape.delinquentShare[j] as number));
    dlq[j] = b * share;
    cur[j] = b - b * share;
    burn[j] = 1;
    base[j] = delinquencyBaseLogit(tape.creditScore[j] as number, tape.dtiPct[j] as number, tape.sato[j] as number, p);
    // The score part of the credit factor (MTMLTV 0 never triggers the underwater cut).
    scoreFactor[j] = refinanceCreditFactor(tape.creditScore[j] as number, 0, p);
    const value = tape.propertyValue[j] as number;
    invValue[j] = value > 0 ? 1 / value : 1e9;
    c[j] = Math.max((tape.noteRate[j] as number) / 12, 1e-9 / 12);
    u[j] = Math.pow(1 + (c[j] as number), -(tape.remainingTerm[j] as number));
  }
  const cure = annualToMonthly(p.cureAnnual);
  const liquidation = annualToMonthly(p.liquidationAnnual);
  const { tuneCdr, tuneCpr, tuneSeverity, useMortgageInsurance } = inputs;
  const { sCurve, burnStep, lockIn, logistic: logit, smm: smmOf } = tables;
  // Locals for the hot loop (property loads on `tape` and `p` inside it cost ~20%).
  const { noteRate, age: age0, remainingTerm, originalTerm, propertyValue, miCoverage } = tape;
  const dqRampMonths = p.dqSeasoningMonths, refiRampMonths = p.refiRampMonths, turnRampMonths = p.turnoverSeasoningMonths;
  const ltvSlope = p.dqMtmLtvSlope, ltvThreshold = p.highLtvThreshold, ltvMultiplier = p.highLtvMultiplier;
  const equityFloor = p.equityFloor, equitySlope = p.equitySlope, turnoverBase = p.turnoverCpr, cprCap = p.cprCap;
  for (let t = 0; t < months; t++) {
    const hpi = paths.hpiRatio[t] as number;
    const invHpi = 1 / hpi;
    const m30 = paths.mtg30[t] as number;
    const m15 = paths.mtg15[t] as number;
    const uTerm = p.dqUnemploymentPerPoint * (paths.unemploymentDeltaPct[t] as number);
    const season = p.seasonality[((paths.calendarMonth[t] as number) - 1) % 12] ?? 1;
    let sBegin = 0, sSched = 0, sPrepay = 0, sDef = 0, sLoss = 0, sDlq = 0, sEnd = 0;
    for (let j = 0; j < n; j++) {
      const C = cur[j] as number;
      const D = dlq[j] as number;
      const upb = C + D;
      if (upb <= 0) continue;
      const note = noteRate[j] as number;
      const age = (age0[j] as number) + t + 1;
      const rem = (remainingTerm[j] as number) - t;
      const mtg = (originalTerm[j] as number) <= 180 ? m15 : m30;
      const ltv = upb * (invValue[j] as number) * invHpi; // markToMarketLtv
      // 60+ pipeline: cures and liquidations of last month's delinquent balance. Severity is the
      // whole loan's (the 60+ share is the probability that the loan is delinquent).
      let liq = 0, cured = 0, loss = 0;
      if (D > 0) {
        liq = D * liquidation;
        cured = D * cure;
        loss = liq * lossSeverity(upb, note, (propertyValue[j] as number) * hpi, miCoverage[j] as number, useMortgageInsurance, tuneSeverity, p);
      }
      // Current balance: roll to 60+ (delinquencyRoll × tuneCdr), scheduled principal, prepayment.
      const ramp = age < dqRampMonths ? age / dqRampMonths : 1;
      const rollRaw = lookup(logit, (base[j] as number) + ltvSlope * ltv + uTerm) * ramp * tuneCdr;
      const toDlq = C * (rollRaw < 1 ? rollRaw : 1);
      const stay = C - toDlq;
      const uj = u[j] as number;
      const cj = c[j] as number;
      const share = rem <= 1 ? 1 : (cj * uj) / (1 - uj);
      u[j] = uj + uj * cj;
      const sched = stay * share;
      // refinanceCpr: S-curve × burnout × ramp × credit factor (underwater cut).
      const incentive = (note - mtg) * 100;
      const refiRamp = age < refiRampMonths ? age / refiRampMonths : 1;
      const underwater = ltv > ltvThreshold ? ltvMultiplier : 1;
      const refi = lookup(sCurve, incentive) * (burn[j] as number) * refiRamp * (scoreFactor[j] as number) * underwater;
      if (incentive > 0) burn[j] = (burn[j] as number) * lookup(burnStep, incentive);
      // turnoverCpr: base × seasoning × seasonality × lock-in × equity.
      const turnRamp = age < turnRampMonths ? age / turnRampMonths : 1;
      const lock = incentive < 0 ? lookup(lockIn, -incentive) : 1;
      const equity = Math.max(equityFloor, Math.min(1, 1 - equitySlope * (ltv - 0.8)));
      const turnover = turnoverBase * turnRamp * season * lock * equity;
      const cpr = Math.min(cprCap, tuneCpr * (refi + turnover));
      const prepay = (stay - sched) * lookup(smmOf, cpr);
      const newC = stay - sched - prepay + cured;
      const newD = D - liq - cured + toDlq;
      cur[j] = newC;
      dlq[j] = newD;
      sBegin += upb; sSched += sched; sPrepay += prepay; sDef += liq; sLoss += loss; sDlq += newD; sEnd += newC + newD;
    }
    out.begin[t] = sBegin; out.scheduled[t] = sSched; out.prepaid[t] = sPrepay; out.defaults[t] = sDef;
    out.losses[t] = sLoss; out.delinquent[t] = sDlq; out.end[t] = sEnd;
  }
  return out;
}

/**
 * Pool vectors of model sums, in the collateral engine's step order (sifma: defaults on the
 * beginning balance, prepayments on what is left after scheduled principal):
 * MDR = liquidated / begin, SMM = prepaid / (begin − liquidated − scheduled),
 * severity = loss / liquidated (the previous month's when nothing liquidates), DLQ = 60+ / balance.
 */
export function creditModelVectors(s: CreditModelSums): CreditModelVectors {
  const v: CreditModelVectors = {
    cpr: new Float64Array(s.months), cdr: new Float64Array(s.months), severity: new Float64Array(s.months), delinquency: new Float64Array(s.months),
  };
  let lastSev = 0;
  for (let t = 0; t < s.months; t++) {
    const b = s.begin[t] as number;
    if (b <= 0) { v.severity[t] = lastSev; continue; }
    const d = s.defaults[t] as number;
    const base = b - d - (s.scheduled[t] as number);
    v.cdr[t] = mdrToCdr(Math.min(0.999999, d / b));
    v.cpr[t] = base > 0 ? smmToCpr(Math.min(0.999999, (s.prepaid[t] as number) / base)) : 0;
    if (d > 0) lastSev = (s.losses[t] as number) / d;
    v.severity[t] = lastSev;
    const e = s.end[t] as number;
    v.delinquency[t] = e > 0 ? (s.delinquent[t] as number) / e : 0;
  }
  return v;
}
