/**
 * One loan of a deal's loan-level tape, as stored in the `loans` table. Field meanings follow
 * the agencies' public disclosure files (crt-domain.md §7): Freddie Mac Single-Family
 * Loan-Level Dataset / STACR disclosure (origination + monthly performance) and the Fannie Mae
 * CRT loan performance file. Money in dollars (cents exact), rates in percent.
 */
export interface LoanRecord {
  loanId: string;
  /** Reporting period of the current fields, YYYYMMDD (the deal's factor date). */
  asOfDate: number;
  creditScore: number | null;
  /** YYYYMM */
  firstPaymentDate: number;
  /** YYYYMM */
  maturityDate: number;
  firstTimeBuyer: 'Y' | 'N' | null;
  msa: string | null;
  /** Mortgage insurance coverage percent (0 = none). */
  miPct: number;
  /** Fannie MI type: 1 borrower-paid, 2 lender-paid, 3 enterprise-paid; null = none/unknown. */
  miType: '1' | '2' | '3' | null;
  units: number;
  occupancy: 'P' | 'S' | 'I';
  cltv: number | null;
  dti: number | null;
  /** UPB at origination. */
  originalUpb: number;
  /** UPB at the deal's cut-off date (issuance); Σ = the deal's original pool balance. */
  issuanceUpb: number;
  currentUpb: number;
  ltv: number;
  /** Original note rate, percent. */
  noteRate: number;
  currentRate: number;
  channel: string;
  state: string;
  propertyType: string;
  zip3: string;
  purpose: string;
  originalTerm: number;
  borrowers: number | null;
  seller: string;
  servicer: string;
  loanAge: number;
  remainingMonths: number;
  /** Months delinquent as reported ('0' current, '1' 30 days, …; 'RA' REO acquired). */
  delinquencyStatus: string;
  modified: boolean;
  /** Zero-balance code (01 prepaid, 03 short sale, 09 REO disposition…), null while active. */
  zeroBalanceCode: string | null;
  /** Borrower assistance plan: F forbearance, R repayment, T trial, O other, N none. */
  assistancePlan: string | null;
}
