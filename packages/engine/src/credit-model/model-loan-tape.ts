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
