/**
 * Generated loan populations with known outcomes, written in the agencies' exact layouts
 * (gse-layouts.ts). Tests hand-compute vintage figures from the stories below; the bench writes
 * large files with the same code. Deterministic: the same options give the same bytes.
 *
 * Each loan follows one story, month by month from loan age 1:
 *   performing   pays as scheduled to the end of the history
 *   prepay       pays off in full (zero balance code 01) at `eventAge`
 *   curtailment  pays `curtailment` extra principal at `eventAge`, then performs
 *   cure         misses three payments from `eventAge`, then catches up (status back to 0)
 *   reo          misses payments from `eventAge`: 180+ (6 months) is its credit event, REO acquired
 *                (RA) 3 months later, disposed of (09) 3 months after that, with a loss
 *   short-sale   misses payments from `eventAge`, short sale (03) after 7 months delinquent
 *   note-sale    misses payments from `eventAge`, non-performing note sale (15) after 6 months delinquent
 *   repurchase   repurchased by the seller (Freddie 96, Fannie 06) at `eventAge`: no credit event
 *   modification misses three payments from `eventAge`, is modified (arrears capitalised, rate cut by 1 %), then performs
 *   mi-recovery  the reo story with mortgage insurance paying part of the loss
 */
import { seededRandom } from '@opencrt/engine';

export type LoanStory = 'performing' | 'prepay' | 'curtailment' | 'cure' | 'reo' | 'short-sale' | 'note-sale' | 'repurchase' | 'modification' | 'mi-recovery';

export const LOAN_STORIES: readonly LoanStory[] = ['performing', 'prepay', 'curtailment', 'cure', 'reo', 'short-sale', 'note-sale', 'repurchase', 'modification', 'mi-recovery'];

export interface GeneratedLoan {
  loanId: string;
  /** Origination year and quarter (the Freddie loan sequence number carries them). */
  year: number;
  quarter: 1 | 2 | 3 | 4;
  creditScore: number;
  ltv: number;
  cltv: number;
  dti: number;
  originalUpb: number;
  /** Note rate, percent. */
  rate: number;
  term: number;
  purpose: 'P' | 'C' | 'N';
  occupancy: 'P' | 'S' | 'I';
  propertyType: 'SF' | 'CO' | 'PU';
  channel: 'R' | 'B' | 'C';
  state: string;
  seller: string;
  firstTimeBuyer: 'Y' | 'N';
  miPct: number;
  story: LoanStory;
  /** Loan age at which the story's event starts. */
  eventAge: number;
  /** Months of history (loan ages 1…months), cut short by a zero balance. */
  months: number;
  curtailment: number;
}

/** One month of a loan's history, in the fields both agencies report. */
export interface LoanMonth {
  age: number;
  /** YYYYMM. */
  period: number;
  upb: number;
  /** Months delinquent, or 'RA' (REO acquired). */
  status: number | 'RA';
  rate: number;
  remaining: number;
  modified: boolean;
  zeroBalanceCode: string | null;
  scheduledPrincipal: number;
  unscheduledPrincipal: number;
  /** Set on the zero-balance month of a liquidation. */
  loss: LiquidationFigures | null;
  removalUpb: number | null;
}

export interface LiquidationFigures {
  netSaleProceeds: number;
  miRecoveries: number;
  nonMiRecoveries: number;
  expenses: number;
  delinquentAccruedInterest: number;
  /** Freddie's Actual Loss Calculation: recoveries − (removal UPB + delinquent interest + expenses); negative = loss. */
  actualLoss: number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Level monthly payment of `upb` over `n` months at `ratePct`. */
export function levelPayment(upb: number, ratePct: number, n: number): number {
  const r = ratePct / 1200;
  return r === 0 ? upb / n : (upb * r) / (1 - (1 + r) ** -n);
}

/** YYYYMM of the first payment: two months after the middle month of the origination quarter. */
export function firstPaymentPeriod(loan: Pick<GeneratedLoan, 'year' | 'quarter'>): number {
  return addMonths(loan.year * 100 + (loan.quarter - 1) * 3 + 2, 2);
}

export function addMonths(yyyymm: number, k: number): number {
  const i = Math.floor(yyyymm / 100) * 12 + (yyyymm % 100) - 1 + k;
  return Math.floor(i / 12) * 100 + (i % 12) + 1;
}

/** The loan's monthly history as its story tells it. */
export function loanHistory(loan: GeneratedLoan): LoanMonth[] {
  const out: LoanMonth[] = [];
  const first = firstPaymentPeriod(loan);
  let upb = loan.originalUpb;
  let rate = loan.rate;
  let payment = levelPayment(upb, rate, loan.term);
  let missed = 0;
  let modified = false;
  const e = loan.eventAge;
  const delinquentStory = ['cure', 'reo', 'short-sale', 'note-sale', 'modification', 'mi-recovery'].includes(loan.story);
  for (let age = 1; age <= loan.months; age += 1) {
    const period = addMonths(first, age - 1);
    const remaining = loan.term - age;
    const month: LoanMonth = { age, period, upb, status: 0, rate, remaining, modified, zeroBalanceCode: null, scheduledPrincipal: 0, unscheduledPrincipal: 0, loss: null, removalUpb: null };
    const pays = (times: number): number => {
      let paid = 0;
      for (let k = 0; k < times; k += 1) {
        const principal = round2(Math.min(upb, payment - upb * (rate / 1200)));
        upb = round2(upb - principal);
        paid += principal;
      }
      return round2(paid);
    };
    if (age === e && (loan.story === 'prepay' || loan.story === 'repurchase')) {
      month.removalUpb = upb;
      month.unscheduledPrincipal = loan.story === 'prepay' ? upb : 0;
      month.upb = 0;
      month.zeroBalanceCode = loan.story === 'prepay' ? '01' : 'REPURCHASE';
      out.push(month);
      break;
    }
    if (delinquentStory && age >= e) {
      const catchUp = (loan.story === 'cure' || loan.story === 'modification') && missed === 3;
      if (catchUp && loan.story === 'cure') {
        month.scheduledPrincipal = pays(4); // the three missed payments and this month's
        missed = 0;
      } else if (catchUp && loan.story === 'modification') {
        // Arrears interest capitalised, rate cut by one point, re-amortised over the remaining term.
        upb = round2(upb + upb * (rate / 1200) * 3);
        rate = round2(rate - 1);
        payment = levelPayment(upb, rate, remaining + 1);
        modified = true;
        month.modified = true;
        month.rate = rate;
        month.scheduledPrincipal = pays(1);
        missed = 0;
      } else if (missed === 3 && (loan.story === 'cure' || loan.story === 'modification')) {
        month.scheduledPrincipal = pays(1); // performing again after the cure or modification
      } else {
        missed += 1;
        month.status = missed;
        const liquidatesAt = { reo: 12, 'mi-recovery': 12, 'short-sale': 8, 'note-sale': 7 }[loan.story as 'reo'] ?? 0;
        if ((loan.story === 'reo' || loan.story === 'mi-recovery') && missed >= 9) {
          month.status = 'RA';
        }
        if (liquidatesAt && missed === liquidatesAt) {
          month.status = 0;
          month.zeroBalanceCode = loan.story === 'short-sale' ? '03' : loan.story === 'note-sale' ? '15' : '09';
          month.removalUpb = upb;
          month.loss = liquidation(loan, upb, rate, missed);
          month.upb = 0;
          out.push({ ...month, upb: 0 });
          break;
        }
      }
      month.upb = upb;
      month.rate = rate;
      month.modified = modified;
      out.push(month);
      continue;
    }
    month.scheduledPrincipal = pays(1);
    if (loan.story === 'curtailment' && age === e) {
      const extra = Math.min(loan.curtailment, upb);
      upb = round2(upb - extra);
      month.unscheduledPrincipal = extra;
    }
    month.upb = upb;
    out.push(month);
  }
  return out;
}

/** Liquidation figures: sale at 70 % of the balance, 8 % expenses, MI pays its coverage share of the balance on the mi-recovery story. */
function liquidation(loan: GeneratedLoan, upb: number, ratePct: number, monthsDelinquent: number): LiquidationFigures {
  const netSaleProceeds = round2(upb * (loan.story === 'note-sale' ? 0.75 : 0.7));
  const expenses = round2(upb * 0.08);
  const delinquentAccruedInterest = round2(upb * (ratePct / 1200) * monthsDelinquent);
  const miRecoveries = loan.story === 'mi-recovery' ? round2(upb * (loan.miPct / 100)) : 0;
  const nonMiRecoveries = 0;
  const actualLoss = round2(netSaleProceeds + miRecoveries + nonMiRecoveries - (upb + delinquentAccruedInterest + expenses));
  return { netSaleProceeds, miRecoveries, nonMiRecoveries, expenses, delinquentAccruedInterest, actualLoss };
}

export interface PopulationOptions {
  /** Origination years, each with `loansPerYear` loans spread over its quarters. */
  years: number[];
  loansPerYear: number;
  /** Months of history for every loan (cut short by a zero balance). */
  months: number;
  seed: number;
}

const STATES = ['CA', 'TX', 'FL', 'WA', 'CO', 'AZ', 'NC', 'GA', 'VA', 'NJ', 'IL', 'NY'];
const SELLERS = ['UNITED WHOLESALE MORTGAGE, LLC', 'ROCKET MORTGAGE, LLC', 'WELLS FARGO BANK, N.A.', 'Other sellers'];

/** A random population (bench): stories, attributes and event ages drawn from the seed. */
export function generatePopulation(options: PopulationOptions): GeneratedLoan[] {
  const rnd = seededRandom(options.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const loans: GeneratedLoan[] = [];
  for (const year of options.years) {
    for (let i = 0; i < options.loansPerYear; i += 1) {
      const quarter = ((i % 4) + 1) as 1 | 2 | 3 | 4;
      const ltv = 60 + Math.floor(rnd() * 38);
      const draw = rnd();
      // Mostly performing loans, then prepayments; each credit path a few percent.
      const story: LoanStory = draw < 0.55 ? 'performing' : draw < 0.8 ? 'prepay' : pick(LOAN_STORIES.slice(2));
      loans.push({
        loanId: freddieLoanId(year, quarter, i + 1), year, quarter,
        creditScore: 620 + Math.floor(rnd() * 230), ltv, cltv: ltv, dti: 20 + Math.floor(rnd() * 30),
        originalUpb: 1000 * (100 + Math.floor(rnd() * 500)), rate: 3 + Math.floor(rnd() * 16) / 4, term: 360,
        purpose: pick(['P', 'C', 'N'] as const), occupancy: pick(['P', 'P', 'P', 'S', 'I'] as const), propertyType: pick(['SF', 'SF', 'PU', 'CO'] as const),
        channel: pick(['R', 'B', 'C'] as const), state: pick(STATES), seller: pick(SELLERS), firstTimeBuyer: rnd() < 0.4 ? 'Y' : 'N',
        miPct: ltv > 80 ? 25 : 0, story, eventAge: 3 + Math.floor(rnd() * Math.max(1, options.months - 14)), months: options.months,
        curtailment: 10_000,
      });
    }
  }
  return loans;
}

/** Freddie Loan Sequence Number PYYQnXXXXXXX: product F, origination year and quarter, a serial. */
export function freddieLoanId(year: number, quarter: number, serial: number): string {
  return `F${String(year % 100).padStart(2, '0')}Q${quarter}${String(serial).padStart(7, '0')}`;
}
