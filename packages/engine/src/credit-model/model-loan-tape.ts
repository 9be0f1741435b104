/**
 * The loan attributes the credit model reads, as a struct of arrays (one entry per loan).
 * Rates are annual fractions; terms and ages in months; scores and DTI as reported.
 */
export interface ModelLoanTape {
  count: number;
  /** Current UPB at the run's start, dollars. */
  balance: Float64Array;
  noteRate: Float64Array;
  remainingTerm: Int32Array;
  age: Int32Array;
  /** Original term (≤ 180 months reads the 15y mortgage path, longer the 30y). */
  originalTerm: Int32Array;
  creditScore: Float64Array;
  /** Debt-to-income, percent (36 = 36%). */
  dtiPct: Float64Array;
  /** Estimated property value at the run's start (original value grown by the HPI since), dollars. */
  propertyValue: Float64Array;
  /** Primary MI coverage, fraction of the claim (0.25 = 25%); 0 without MI. */
  miCoverage: Float64Array;
  /** Spread at origination: note rate minus the market rate then, fraction. */
  sato: Float64Array;
  /** Share of the loan that is 60+ days delinquent at the start (0 or 1 for a real tape). */
  delinquentShare: Float64Array;
  /** Balance of subordinate liens on the property (CLTV − LTV), dollars; default risk reads MTMCLTV. */
  otherLienBalance: Float64Array;
  /** The home's regional sensitivity to the national HPI (log-ratio beta; 1 = the national index). */
  hpiBeta: Float64Array;
  /** The home's own price drift as a standard-normal score (0 = follows its region's index). */
  valueNoise: Float64Array;
}

/** Typical GSE CRT attributes for lines without loan data (crt-domain.md §7 low-LTV targets). */
export const TYPICAL_LOAN = { creditScore: 755, dtiPct: 36, ltv: 0.75, miCoverage: 0, sato: 0 } as const;

/**
 * One pseudo-loan per amortizing line (rep lines of a deal without a loan tape) with typical
 * credit attributes, so a model run still sees rates, terms and ages.
 */
export function tapeOfLines(lines: readonly { balance: number; grossRate: number; remainingTerm: number; age: number }[]): ModelLoanTape {
  const n = lines.length;
  const tape = emptyModelTape(n);
  lines.forEach((l, i) => {
    tape.balance[i] = l.balance;
    tape.noteRate[i] = l.grossRate;
    tape.remainingTerm[i] = l.remainingTerm;
    tape.age[i] = l.age;
    tape.originalTerm[i] = l.remainingTerm + l.age;
    tape.creditScore[i] = TYPICAL_LOAN.creditScore;
    tape.dtiPct[i] = TYPICAL_LOAN.dtiPct;
    tape.propertyValue[i] = l.balance / TYPICAL_LOAN.ltv;
  });
  return tape;
}

/**
 * The rep-line tape of a loan tape, for the same run without the tape's dispersion (issue 24: the
 * loan-level run differs from the rep line where convexity says it should): one pseudo-loan per
 * amortizing line (the deal's rep lines: balance, rate, remaining term, age) carrying the tape's
 * balance-weighted averages of score, DTI, SATO, MI coverage, 60+ share, home-price beta, MTMLTV
 * (balance / value) and other-lien ratio (other liens / value); no home-level value noise.
 * Balances are the lines' (they sum to the pool balance the run starts from).
 */
export function repLineTapeOf(tape: ModelLoanTape, lines: readonly { balance: number; grossRate: number; remainingTerm: number; age: number }[]): ModelLoanTape {
  let w = 0, score = 0, dti = 0, sato = 0, mi = 0, dq = 0, beta = 0, ltv = 0, other = 0;
  for (let j = 0; j < tape.count; j++) {
    const b = tape.balance[j] as number;
    const value = tape.propertyValue[j] as number;
    if (!(b > 0) || !(value > 0)) continue;
    w += b;
    score += b * (tape.creditScore[j] as number);
    dti += b * (tape.dtiPct[j] as number);
    sato += b * (tape.sato[j] as number);
    mi += b * (tape.miCoverage[j] as number);
    dq += b * (tape.delinquentShare[j] as number);
    beta += b * (tape.hpiBeta[j] as number);
    ltv += (b * b) / value;
    other += (b * (tape.otherLienBalance[j] as number)) / value;
  }
  const live = lines.filter((l) => l.balance > 0 && l.remainingTerm > 0);
  const out = tapeOfLines(live);
  if (w <= 0) return out;
  const avgLtv = ltv / w;
  for (let i = 0; i < out.count; i++) {
    const b = out.balance[i] as number;
    out.creditScore[i] = score / w;
    out.dtiPct[i] = dti / w;
    out.sato[i] = sato / w;
    out.miCoverage[i] = mi / w;
    out.delinquentShare[i] = dq / w;
    out.hpiBeta[i] = beta / w;
    out.propertyValue[i] = b / avgLtv;
    out.otherLienBalance[i] = (other / w) * (out.propertyValue[i] as number);
  }
  return out;
}

/** A tape of `n` zeroed loans. */
export function emptyModelTape(n: number): ModelLoanTape {
  return {
    count: n,
    balance: new Float64Array(n), noteRate: new Float64Array(n), remainingTerm: new Int32Array(n), age: new Int32Array(n),
    originalTerm: new Int32Array(n), creditScore: new Float64Array(n), dtiPct: new Float64Array(n), propertyValue: new Float64Array(n),
    miCoverage: new Float64Array(n), sato: new Float64Array(n), delinquentShare: new Float64Array(n),
    otherLienBalance: new Float64Array(n), hpiBeta: new Float64Array(n).fill(1), valueNoise: new Float64Array(n),
  };
}

/** Loans [from, to) of a tape (views, no copy): the unit of work of one worker. */
export function sliceModelTape(t: ModelLoanTape, from: number, to: number): ModelLoanTape {
  return {
    count: to - from,
    balance: t.balance.subarray(from, to), noteRate: t.noteRate.subarray(from, to), remainingTerm: t.remainingTerm.subarray(from, to),
    age: t.age.subarray(from, to), originalTerm: t.originalTerm.subarray(from, to), creditScore: t.creditScore.subarray(from, to),
    dtiPct: t.dtiPct.subarray(from, to), propertyValue: t.propertyValue.subarray(from, to), miCoverage: t.miCoverage.subarray(from, to),
    sato: t.sato.subarray(from, to), delinquentShare: t.delinquentShare.subarray(from, to),
    otherLienBalance: t.otherLienBalance.subarray(from, to), hpiBeta: t.hpiBeta.subarray(from, to), valueNoise: t.valueNoise.subarray(from, to),
  };
}
