import { cdrToMdr, cprToSmm, mdrToCdr, smmToCpr } from '../rates/rate-conversions.ts';
import { absToSmm } from '../rates/abs-speed.ts';
import { psaCpr, sdaCdr } from '../rates/standard-curves.ts';
import { valueAt } from '../rates/vector.ts';
import { createFlows } from './collateral-types.ts';
import type { CollateralFlows, CollateralScenario, SpeedInput } from './collateral-types.ts';

/** Loan tape as struct of arrays. Rates are annual fractions; terms in months. */
export interface LoanTape {
  count: number;
  balance: Float64Array;
  grossRate: Float64Array;
  netRate: Float64Array;
  remainingTerm: Int32Array;
  age: Int32Array;
}

/**
 * Returns a copy of the tape sorted by remaining term, ascending: loans that mature first sit
 * at the front, so the projection's inner loop starts past them (`lo` pointer) once they end.
 */
export function sortLoansByRemainingTerm(tape: LoanTape): LoanTape {
  const order = Array.from({ length: tape.count }, (_, i) => i).sort((a, b) => (tape.remainingTerm[a] as number) - (tape.remainingTerm[b] as number));
  const pick = <T extends Float64Array | Int32Array>(src: T, make: (n: number) => T): T => {
    const out = make(tape.count);
    order.forEach((from, to) => { out[to] = src[from] as number; });
    return out;
  };
  return {
    count: tape.count,
    balance: pick(tape.balance, (n) => new Float64Array(n)),
    grossRate: pick(tape.grossRate, (n) => new Float64Array(n)),
    netRate: pick(tape.netRate, (n) => new Float64Array(n)),
    remainingTerm: pick(tape.remainingTerm, (n) => new Int32Array(n)),
    age: pick(tape.age, (n) => new Int32Array(n)),
  };
}

/** Monthly rate table by loan age for age-based speeds (PSA/SDA, ABS; index = age in months, 1-based). */
function ageTable(speed: SpeedInput, maxAge: number, isDefault: boolean): Float64Array | null {
  if (speed.kind !== 'standard' && speed.kind !== 'abs') return null;
  const t = new Float64Array(maxAge + 2);
  for (let a = 0; a <= maxAge + 1; a++) {
    if (speed.kind === 'abs') t[a] = absToSmm(speed.pct, a);
    else t[a] = isDefault ? cdrToMdr(sdaCdr(speed.pct, a)) : cprToSmm(psaCpr(speed.pct, a));
  }
  return t;
}

function poolRate(speed: SpeedInput, i: number, isDefault: boolean): number {
  if (speed.kind === 'monthly') return valueAt(speed.values, i);
  if (speed.kind === 'annual') return isDefault ? cdrToMdr(valueAt(speed.values, i)) : cprToSmm(valueAt(speed.values, i));
  return 0;
}

/**
 * Loan-level projection (struct of arrays, periods outer, loans inner). Sort the tape by
 * remaining term once (`sortLoansByRemainingTerm`; an unsorted tape is sorted per call);
 * balances are updated in a private copy.
 * Per loan and month the same step order as the rep-line projection applies (`sifma` or
 * `stacr-ppm`, no cent rounding). The foreclosure pipeline (recovery lag, advancing) is run
 * on the pool aggregate, using the pool's scheduled amortization ratio for pipeline loans.
 * A zero coupon is treated as 1e-9 so the level-pay share stays one division per loan-month.
 * @param tape loans (sorted by remaining term)
 * @param scenario speeds and conventions
 * @param months projection horizon
 */
export function projectLoans(input: LoanTape, scenario: CollateralScenario, months: number): CollateralFlows {
  // The month loop skips finished loans with a front pointer, which needs ascending terms.
  let sorted = true;
  for (let j = 1; j < input.count && sorted; j++) sorted = (input.remainingTerm[j - 1] as number) <= (input.remainingTerm[j] as number);
  const tape = sorted ? input : sortLoansByRemainingTerm(input);
  const n = tape.count;
  const bal = Float64Array.from(tape.balance);
  const c = new Float64Array(n);
  // u = (1 + c)^−n for the remaining term n: the level-pay principal share is c·u / (1 − u), and
  // u grows by u·c each month (one array fewer than tracking q^n and 1/q; ≈15 % faster here).
  const u = new Float64Array(n);
  const term = tape.remainingTerm;
  let maxAge = 0;
  for (let j = 0; j < n; j++) {
    const cj = Math.max((tape.grossRate[j] as number) / 12, 1e-9 / 12);
    c[j] = cj;
    u[j] = Math.pow(1 + cj, -(term[j] as number));
    maxAge = Math.max(maxAge, tape.age[j] as number);
  }
  const smmByAge = ageTable(scenario.prepay, maxAge + months, false);
  const mdrByAge = ageTable(scenario.default, maxAge + months, true);
  const lag = Math.max(0, Math.trunc(scenario.recoveryLagMonths));
  const ppm = scenario.convention === 'stacr-ppm';
  const f = createFlows(months);
  const aa = new Float64Array(months); // performing scheduled principal (before pipeline advances)
  const ctx: LoopContext = { bal, c, u, term, age: tape.age, gross: tape.grossRate, net: tape.netRate, n, lag, ppm };
  if (smmByAge === null && mdrByAge === null) projectUniform(ctx, scenario, f, aa, months);
  else projectByAge(ctx, scenario, smmByAge, mdrByAge, f, aa, months);
  applyPipeline(f, aa, scenario, lag, months);
  return f;
}

interface LoopContext {
  bal: Float64Array;
  c: Float64Array;
  u: Float64Array;
  term: Int32Array;
  age: Int32Array;
  gross: Float64Array;
  net: Float64Array;
  n: number;
  lag: number;
  ppm: boolean;
}

/** First index in [from, n) whose remaining term after t months exceeds `rem` (terms sorted ascending). */
function boundary(term: Int32Array, from: number, n: number, t: number, rem: number): number {
  let j = from;
  while (j < n && (term[j] as number) - t <= rem) j++;
  return j;
}

/**
 * Hot loop for speeds that are the same for every loan in a month. Both conventions end a
 * loan's month at (b − b·share)(1 − MDR − SMM), so the loop keeps only four sums per range
 * (Σb, Σb·share, Σb·c, Σb·net) and splits them into flows afterwards. Ranges: loans paying
 * their last instalment (share = 1), loans inside the last L months (MDR = 0, sifma), the rest.
 */
function projectUniform(x: LoopContext, sc: CollateralScenario, f: CollateralFlows, aa: Float64Array, months: number): void {
  const { bal, c, u, term, net, n } = x;
  const sums = new Float64Array(4);
  let lo = 0;
  for (let t = 0; t < months; t++) {
    while (lo < n && (term[lo] as number) <= t) lo++;
    if (lo >= n) break;
    const smm = poolRate(sc.prepay, t, false);
    const mdr = poolRate(sc.default, t, true);
    const last = boundary(term, lo, n, t, 1);
    const noDefault = x.ppm ? last : Math.max(last, boundary(term, last, n, t, x.lag));
    let sB = 0, sBC = 0, sBN = 0, D = 0, A = 0, V = 0, I = 0, NI = 0;
    for (let r = 0; r < 3; r++) {
      const from = r === 0 ? lo : r === 1 ? last : noDefault;
      const to = r === 0 ? last : r === 1 ? noDefault : n;
      if (from >= to) continue;
      const m = r === 1 ? 0 : mdr;
      const k = 1 - m - smm;
      let b0 = 0, bs0 = 0, bc0 = 0, bn0 = 0;
      if (r === 0) {
        for (let j = from; j < to; j++) {
          const b = bal[j] as number;
          bal[j] = 0;
          b0 += b; bs0 += b; bc0 += b * (c[j] as number); bn0 += b * (net[j] as number);
        }
      } else {
        amortizeRange(bal, u, c, net, from, to, k, sums);
        b0 = sums[0] as number; bs0 = sums[1] as number; bc0 = sums[2] as number; bn0 = sums[3] as number;
      }
      sB += b0; sBC += bc0; sBN += bn0;
      D += m * b0;
      if (x.ppm) { V += smm * b0; A += k * bs0; } else { A += (1 - m) * bs0; V += smm * (b0 - bs0); }
      I += (1 - m) * bc0;
      NI += ((1 - m) * bn0) / 12;
    }
    f.beginBalance[t] = sB;
    f.balance[t] = Math.max(0, sB - D - A - V);
    f.defaults[t] = D;
    f.prepaid[t] = V;
    f.scheduled[t] = A;
    aa[t] = A;
    f.interest[t] = I;
    f.passThru[t] = NI;
    const den = sB > 0 ? sB : 1;
    f.grossRate[t] = (12 * sBC) / den;
    f.netRate[t] = sBN / den;
    f.cpr[t] = sB > 0 ? smmToCpr(smm) : 0;
    f.cdr[t] = sB > 0 ? mdrToCdr(Math.min(D / den, 0.999999)) : 0;
  }
}

/**
 * The hot kernel: one month of level-pay amortization for loans [from, to) with a common
 * survival factor k = 1 − MDR − SMM; writes Σb, Σb·share, Σb·c, Σb·net into `sums`.
 * Unrolled by two with separate sums (halves the floating-point add chains; ≈1.5× here).
 */
function amortizeRange(bal: Float64Array, u: Float64Array, c: Float64Array, net: Float64Array, from: number, to: number, k: number, sums: Float64Array): void {
  let b0 = 0, bs0 = 0, bc0 = 0, bn0 = 0, b1 = 0, bs1 = 0, bc1 = 0, bn1 = 0;
  let j = from;
  for (; j + 1 < to; j += 2) {
    const b = bal[j] as number;
    const uj = u[j] as number;
    const cj = c[j] as number;
    const bs = (b * cj * uj) / (1 - uj);
    u[j] = uj + uj * cj;
    bal[j] = (b - bs) * k;
    b0 += b; bs0 += bs; bc0 += b * cj; bn0 += b * (net[j] as number);
    const bb = bal[j + 1] as number;
    const u1 = u[j + 1] as number;
    const cj1 = c[j + 1] as number;
    const bsb = (bb * cj1 * u1) / (1 - u1);
    u[j + 1] = u1 + u1 * cj1;
    bal[j + 1] = (bb - bsb) * k;
    b1 += bb; bs1 += bsb; bc1 += bb * cj1; bn1 += bb * (net[j + 1] as number);
  }
  if (j < to) {
    const b = bal[j] as number;
    const uj = u[j] as number;
    const cj = c[j] as number;
    const bs = (b * cj * uj) / (1 - uj);
    u[j] = uj + uj * cj;
    bal[j] = (b - bs) * k;
    b0 += b; bs0 += bs; bc0 += b * cj; bn0 += b * (net[j] as number);
  }
  sums[0] = b0 + b1;
  sums[1] = bs0 + bs1;
  sums[2] = bc0 + bc1;
  sums[3] = bn0 + bn1;
}

/** General loop for speeds by loan age (PSA/SDA, ABS): one rate lookup per loan-month. */
function projectByAge(x: LoopContext, sc: CollateralScenario, smmByAge: Float64Array | null, mdrByAge: Float64Array | null, f: CollateralFlows, aa: Float64Array, months: number): void {
  const { bal, c, u, term, age, gross, net, n, lag, ppm } = x;
  let lo = 0;
  for (let t = 0; t < months; t++) {
    while (lo < n && (term[lo] as number) <= t) lo++;
    if (lo >= n) break;
    const smmPool = poolRate(sc.prepay, t, false);
    const mdrPool = poolRate(sc.default, t, true);
    let sB = 0, sD = 0, sA = 0, sV = 0, sI = 0, sNI = 0, sG = 0, sN = 0, sS = 0, sM = 0;
    for (let j = lo; j < n; j++) {
      const b = bal[j] as number;
      const rem = (term[j] as number) - t;
      const uj = u[j] as number;
      const share = rem <= 1 ? 1 : ((c[j] as number) * uj) / (1 - uj);
      u[j] = uj + uj * (c[j] as number);
      const a0 = (age[j] as number) + t + 1;
      const smm = smmByAge === null ? smmPool : (smmByAge[a0] as number);
      const mdr = !ppm && rem <= lag ? 0 : mdrByAge === null ? mdrPool : (mdrByAge[a0] as number);
      const d = b * mdr;
      const v = ppm ? b * smm : smm * b * (1 - share);
      const a = ppm ? (b - d - v) * share : (b - d) * share;
      bal[j] = Math.max(0, b - d - a - v);
      const live = b - d;
      sB += b; sD += d; sA += a; sV += v;
      sI += live * (c[j] as number);
      sNI += live * (net[j] as number);
      sG += b * (gross[j] as number);
      sN += b * (net[j] as number);
      sS += b * smm; sM += b * mdr;
    }
    f.beginBalance[t] = sB;
    f.balance[t] = Math.max(0, sB - sD - sA - sV);
    f.defaults[t] = sD;
    f.prepaid[t] = sV;
    f.scheduled[t] = sA;
    aa[t] = sA;
    f.interest[t] = sI;
    f.passThru[t] = sNI / 12;
    const den = sB > 0 ? sB : 1;
    f.grossRate[t] = sG / den;
    f.netRate[t] = sN / den;
    f.cpr[t] = sB > 0 ? smmToCpr(Math.min(sS / den, 0.999999)) : 0;
    f.cdr[t] = sB > 0 ? mdrToCdr(Math.min(sM / den, 0.999999)) : 0;
  }
}

/** Pool-level foreclosure pipeline: losses, recoveries, foreclosure balance and advances. */
export function applyPipeline(f: CollateralFlows, aa: Float64Array, sc: CollateralScenario, lag: number, months: number): void {
  const surv = new Float64Array(months + 1);
  surv[0] = 1;
  let fcl = 0;
  for (let t = 0; t < months; t++) {
    const live = (f.beginBalance[t] as number) - (f.defaults[t] as number);
    const amortShare = live > 0 ? (aa[t] as number) / live : 0;
    surv[t + 1] = (surv[t] as number) * (1 - amortShare);
    const sev = sc.convention === 'stacr-ppm' && sc.fixedLossShare !== null ? sc.fixedLossShare : valueAt(sc.severity, t);
    f.severity[t] = sev;
    f.delinquency[t] = valueAt(sc.delinquency, t);
    const d = f.defaults[t] as number;
    if (sc.convention === 'stacr-ppm') {
      f.losses[t] = d * sev;
      f.recoveries[t] = d - d * sev;
      continue;
    }
    let adb = 0;
    let loss = 0;
    if (t >= lag) {
      const dOld = f.defaults[t - lag] as number;
      const ratio = (surv[t - lag] as number) > 0 ? (surv[t] as number) / (surv[t - lag] as number) : 0;
      adb = sc.servicerAdvancing ? dOld * ratio : dOld;
      loss = Math.min(sev * dOld, adb);
    }
    const amdef = sc.servicerAdvancing ? (d + fcl - adb) * amortShare : 0;
    const wac = (f.grossRate[t] as number) / 12;
    if (sc.servicerAdvancing) {
      const extra = wac * (fcl + d);
      f.interest[t] = (f.interest[t] as number) + extra;
      f.passThru[t] = (f.passThru[t] as number) + extra * ((f.netRate[t] as number) / ((f.grossRate[t] as number) || 1));
    }
    f.scheduled[t] = (aa[t] as number) + amdef;
    f.losses[t] = loss;
    f.recoveries[t] = adb - loss;
    fcl = Math.max(0, fcl + d - adb - amdef);
    f.foreclosure[t] = fcl;
  }
}
