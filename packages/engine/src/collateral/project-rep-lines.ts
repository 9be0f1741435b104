import { cdrToMdr, cprToSmm, smmToCpr, mdrToCdr } from '../rates/rate-conversions.ts';
import { absToSmm } from '../rates/abs-speed.ts';
import { psaCpr, sdaCdr } from '../rates/standard-curves.ts';
import { valueAt } from '../rates/vector.ts';
import { growthMinusOne, NEGLIGIBLE_MONTHLY_RATE, SMALL_MONTHLY_RATE } from './amortization.ts';
import { createFlows, isAgeBasedSpeed } from './collateral-types.ts';
import type { CollateralFlows, CollateralLine, CollateralScenario, SpeedInput } from './collateral-types.ts';

/** Monthly rate (SMM/MDR) of a speed input at projection month index i for a line of age `age`. */
export function monthlyRate(speed: SpeedInput, i: number, age: number, isDefault: boolean): number {
  switch (speed.kind) {
    case 'monthly':
      return valueAt(speed.values, i);
    case 'annual': {
      const annual = valueAt(speed.values, i);
      return isDefault ? cdrToMdr(annual) : cprToSmm(annual);
    }
    case 'standard': {
      // PSA/SDA: loan age m = 1 in the loan's first month, so month i+1 of a line aged `age`.
      const annual = isDefault ? sdaCdr(speed.pct, age + i + 1) : psaCpr(speed.pct, age + i + 1);
      return isDefault ? cdrToMdr(annual) : cprToSmm(annual);
    }
    case 'abs':
      // Already a monthly rate; same ageing as PSA (month i+1 of a line aged `age`).
      return absToSmm(speed.pct, age + i + 1);
  }
}

/**
 * Monthly rates of a speed for months 0..months−1 of a line aged `age`. Pool-level speeds
 * (annual/monthly vectors) do not depend on the line, so callers cache them per run.
 */
export function monthlyRates(speed: SpeedInput, months: number, age: number, isDefault: boolean): Float64Array {
  const out = new Float64Array(months);
  for (let i = 0; i < months; i++) out[i] = monthlyRate(speed, i, age, isDefault);
  return out;
}

/** Per-run rate tables: shared by all lines unless the speed is age-based (PSA/SDA, ABS). */
interface RateTables {
  smm: (age: number) => Float64Array;
  mdr: (age: number) => Float64Array;
  severity: Float64Array;
}

function rateTables(sc: CollateralScenario, months: number): RateTables {
  const table = (speed: SpeedInput, isDefault: boolean): ((age: number) => Float64Array) => {
    if (!isAgeBasedSpeed(speed)) {
      const shared = monthlyRates(speed, months, 0, isDefault);
      return () => shared;
    }
    const byAge = new Map<number, Float64Array>();
    return (age) => {
      let t = byAge.get(age);
      if (!t) byAge.set(age, (t = monthlyRates(speed, months, age, isDefault)));
      return t;
    };
  };
  const severity = new Float64Array(months);
  for (let i = 0; i < months; i++) severity[i] = valueAt(sc.severity, i);
  return { smm: table(sc.prepay, false), mdr: table(sc.default, true), severity };
}


/**
 * Projects rep lines (or a handful of loans) and sums them into pool flows by month.
 * Each line amortizes level-pay on its remaining term at its gross coupon (payment recomputed
 * from the current balance each month, crt-domain.md §1.2) under the scenario's convention:
 * - `sifma`: BMA Standard Formulas (defaults before amortization, prepayments on the prior
 *   balance after scheduled amortization, foreclosure pipeline of `recoveryLagMonths`,
 *   optional advancing, MDR 0 in the last L months of the term);
 * - `stacr-ppm`: credit events and prepayments on the beginning balance, survivors amortize,
 *   loss = fixed share of the credit-event UPB, recovered principal in the same month.
 * @param lines collateral lines (balances in dollars)
 * @param scenario speeds and conventions
 * @param months projection horizon (months)
 */
export function projectRepLines(lines: readonly CollateralLine[], scenario: CollateralScenario, months: number): CollateralFlows {
  const flows = createFlows(months);
  const unit = scenario.roundToCent ? 100 : 1;
  const w = new Float64Array(months * 6); // weighted rate numerators: gross, net, smm, mdr
  const rates = rateTables(scenario, months);
  if (scenario.convention === 'sifma') {
    for (const line of lines) projectSifmaLine(line, scenario, rates, flows, w, months);
  } else {
    projectPpmLines(lines, scenario, rates, flows, w, months, unit);
  }
  if (scenario.convention !== 'sifma' && unit !== 1) {
    // The PPM path accumulated in cents (exact integers); convert once.
    for (const col of [flows.beginBalance, flows.balance, flows.interest, flows.passThru, flows.scheduled, flows.prepaid, flows.defaults, flows.losses, flows.recoveries]) {
      for (let i = 0; i < months; i++) col[i] = (col[i] as number) / unit;
    }
  }
  for (let i = 0; i < months; i++) {
    const b0 = flows.beginBalance[i] as number;
    const den = b0 > 0 ? b0 : 1;
    flows.grossRate[i] = (w[i * 6] as number) / den;
    flows.netRate[i] = (w[i * 6 + 1] as number) / den;
    flows.cpr[i] = b0 > 0 ? smmToCpr(Math.min((w[i * 6 + 2] as number) / den, 0.999999)) : 0;
    flows.cdr[i] = b0 > 0 ? mdrToCdr(Math.min((w[i * 6 + 3] as number) / den, 0.999999)) : 0;
    flows.severity[i] = scenario.convention === 'stacr-ppm' && scenario.fixedLossShare !== null ? scenario.fixedLossShare : valueAt(scenario.severity, i);
    flows.delinquency[i] = valueAt(scenario.delinquency, i);
  }
  return flows;
}

function addWeights(w: Float64Array, i: number, b0: number, line: CollateralLine, smm: number, mdr: number): void {
  w[i * 6] = (w[i * 6] as number) + b0 * line.grossRate;
  w[i * 6 + 1] = (w[i * 6 + 1] as number) + b0 * line.netRate;
  w[i * 6 + 2] = (w[i * 6 + 2] as number) + b0 * smm;
  w[i * 6 + 3] = (w[i * 6 + 3] as number) + b0 * mdr;
}

/** BMA/SIFMA Standard Formulas step order for one line (crt-domain.md §1.3 A). */
function projectSifmaLine(line: CollateralLine, sc: CollateralScenario, rt: RateTables, f: CollateralFlows, w: Float64Array, months: number): void {
  const smmT = rt.smm(line.age);
  const mdrT = rt.mdr(line.age);
  const c = line.grossRate / 12;
  const q = 1 + c;
  const lag = Math.max(0, Math.trunc(sc.recoveryLagMonths));
  const term = Math.min(line.remainingTerm, months);
  const netShare = line.grossRate > 0 ? line.netRate / line.grossRate : 1;
  // surv[k] = scheduled survival of a loan from the start through month k (S(k)/S(0)).
  const surv = new Float64Array(term + 1);
  const defaults = new Float64Array(term + 1);
  surv[0] = 1;
  let qn = Math.pow(q, line.remainingTerm);
  let p0 = line.balance;
  let fcl = 0;
  for (let k = 1; k <= term; k++) {
    const i = k - 1;
    const n = line.remainingTerm - k + 1;
    // Share of balance repaid by the level payment with n payments left: c / (q^n − 1); 1/n at 0 %.
    const amortShare = n <= 1 ? 1 : c < NEGLIGIBLE_MONTHLY_RATE ? 1 / n : c / (c < SMALL_MONTHLY_RATE ? growthMinusOne(c, n) : qn - 1);
    qn /= q;
    const r = 1 - amortShare;
    surv[k] = (surv[k - 1] as number) * r;
    const smm = smmT[i] as number;
    // MDR is 0 in the last L months: such a default could not liquidate before maturity.
    const mdr = n <= lag ? 0 : (mdrT[i] as number);
    const d = mdr * p0;
    const aa = (p0 - d) * amortShare;
    const v = Math.min(smm * p0 * r, p0 - d - aa);
    const p1 = Math.max(0, p0 - d - aa - v);
    defaults[k] = d;
    let adb = 0;
    let loss = 0;
    if (k > lag) {
      const dOld = defaults[k - lag] as number;
      adb = sc.servicerAdvancing ? dOld * ((surv[k - 1] as number) / (surv[k - 1 - lag] as number)) : dOld;
      loss = Math.min((rt.severity[i] as number) * dOld, adb);
    }
    const amdef = sc.servicerAdvancing ? (d + fcl - adb) * amortShare : 0;
    const interest = sc.servicerAdvancing ? c * (p0 + fcl) : c * (p0 - d);
    const fclEnd = Math.max(0, fcl + d - adb - amdef);
    f.beginBalance[i] = (f.beginBalance[i] as number) + p0;
    f.balance[i] = (f.balance[i] as number) + p1;
    f.interest[i] = (f.interest[i] as number) + interest;
    f.passThru[i] = (f.passThru[i] as number) + interest * netShare;
    f.scheduled[i] = (f.scheduled[i] as number) + aa + amdef;
    f.prepaid[i] = (f.prepaid[i] as number) + v;
    f.defaults[i] = (f.defaults[i] as number) + d;
    f.losses[i] = (f.losses[i] as number) + loss;
    f.recoveries[i] = (f.recoveries[i] as number) + (adb - loss);
    f.foreclosure[i] = (f.foreclosure[i] as number) + fclEnd;
    addWeights(w, i, p0, line, smm, mdr);
    p0 = p1;
    fcl = fclEnd;
  }
}

/**
 * STACR offering-memorandum table convention (crt-domain.md §1.3 B), months outer and lines
 * inner so each month's sums stay in registers. Per line with beginning balance B: credit
 * events CE = round(B·MDR) and prepayments PRE = round(B·SMM) on B; survivors X amortize:
 * S = round(level payment on X over the remaining term) − round(X·c).
 */
function projectPpmLines(lines: readonly CollateralLine[], sc: CollateralScenario, rt: RateTables, f: CollateralFlows, w: Float64Array, months: number, unit: number): void {
  const L = lines.length;
  const round = unit === 100;
  const bal = new Float64Array(L);
  const qn = new Float64Array(L);
  const c = new Float64Array(L);
  const q = new Float64Array(L);
  const term = new Int32Array(L);
  const netShare = new Float64Array(L);
  const smmT: Float64Array[] = [];
  const mdrT: Float64Array[] = [];
  lines.forEach((line, l) => {
    c[l] = line.grossRate / 12;
    q[l] = 1 + (c[l] as number);
    term[l] = line.remainingTerm;
    netShare[l] = line.grossRate > 0 ? line.netRate / line.grossRate : 1;
    bal[l] = round ? Math.round(line.balance * unit) : line.balance * unit;
    qn[l] = Math.pow(q[l] as number, line.remainingTerm);
    smmT.push(rt.smm(line.age));
    mdrT.push(rt.mdr(line.age));
  });
  for (let i = 0; i < months; i++) {
    let sB = 0, sEnd = 0, sInt = 0, sNet = 0, sSched = 0, sPre = 0, sCe = 0, sLoss = 0, wG = 0, wN = 0, wS = 0, wM = 0;
    const share = sc.fixedLossShare ?? (rt.severity[i] as number);
    for (let l = 0; l < L; l++) {
      const b = bal[l] as number;
      const n = (term[l] as number) - i;
      if (b <= 0 || n <= 0) continue;
      const cl = c[l] as number;
      const smm = (smmT[l] as Float64Array)[i] as number;
      const mdr = (mdrT[l] as Float64Array)[i] as number;
      const ce = round ? Math.round(b * mdr) : b * mdr;
      const pre = Math.min(round ? Math.round(b * smm) : b * smm, b - ce);
      const x = b - ce - pre;
      const interest = round ? Math.round(x * cl) : x * cl;
      const qnl = qn[l] as number;
      // Level payment on the survivors over the remaining term; the last payment clears the line.
      const level = cl < NEGLIGIBLE_MONTHLY_RATE ? x / n + interest
        : cl < SMALL_MONTHLY_RATE ? x * cl * (1 + 1 / growthMinusOne(cl, n)) : (x * cl * qnl) / (qnl - 1);
      const pmt = n <= 1 ? x + interest : round ? Math.round(level) : level;
      qn[l] = qnl / (q[l] as number);
      const sched = Math.min(x, pmt - interest);
      const end = x - sched;
      bal[l] = end;
      const ib = (b - ce) * cl;
      sB += b;
      sEnd += end;
      sInt += round ? Math.round(ib) : ib;
      sNet += round ? Math.round(ib * (netShare[l] as number)) : ib * (netShare[l] as number);
      sSched += sched;
      sPre += pre;
      sCe += ce;
      sLoss += ce * share;
      const bu = b / unit;
      wG += bu * (lines[l] as CollateralLine).grossRate;
      wN += bu * (lines[l] as CollateralLine).netRate;
      wS += bu * smm;
      wM += bu * mdr;
    }
    // Sums stay in the run's unit (cents when rounding); projectRepLines converts once.
    f.beginBalance[i] = sB;
    f.balance[i] = sEnd;
    f.interest[i] = sInt;
    f.passThru[i] = sNet;
    f.scheduled[i] = sSched;
    f.prepaid[i] = sPre;
    f.defaults[i] = sCe;
    f.losses[i] = sLoss;
    f.recoveries[i] = sCe - sLoss;
    w[i * 6] = wG;
    w[i * 6 + 1] = wN;
    w[i * 6 + 2] = wS;
    w[i * 6 + 3] = wM;
  }
}
