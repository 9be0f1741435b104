import type { CoverPeriod, InsuranceRow, InsuranceTotals, InsuranceLineMetrics, ReinsurerCashflow, InsuranceYield } from './insurance-types.ts';
import { CANT_COMPUTE_YIELD, irrMonthly, lineMetrics } from '../analytics/index.ts';

/**
 * Said (not silent) when the reinsurer's return is below −100 % a year: the losses take the
 * collateral faster than the premium earns it back. A nominal 12·m below −1 is no return an
 * analyst reads (−1,124 % beside cells the solver gave up on, issue 18 #10), so those runs and
 * the ones the solver finds "too negative" (below −99 % a month) answer the same way: '-----'
 * with this explanation, in single runs and matrix cells alike.
 */
export const ROI_BELOW_FLOOR = 'ROI is below -100% a year: the losses take the collateral.';
const GUESS_TOO_NEGATIVE = 'Guess is too negative in Yield calculation.';

/** ROI of the net insurance cashflow: 12 × monthly IRR (nominal), or a failure message. */
export function reinsurerRoi(net: readonly number[]): InsuranceYield {
  const irr = irrMonthly(net);
  if (irr.IsSuccessful && irr.Value !== null && irr.Value >= -1) return { IsSuccessful: true, Value: irr.Value, ErrorMessage: null };
  if (irr.IsSuccessful || irr.ErrorMessage === GUESS_TOO_NEGATIVE) return { IsSuccessful: false, Value: null, ErrorMessage: ROI_BELOW_FLOOR };
  return { IsSuccessful: false, Value: null, ErrorMessage: irr.ErrorMessage };
}

/** Collateral trust account settings (crt-domain.md §5.1): fractions. */
export interface CollateralTerms {
  /** Collateral % of the remaining limit ("Collateral" / margin input), fraction. */
  collateralPct: number;
  /** Annual interest earned on the trust account, fraction. */
  interestRate: number;
}

/** Start of a projection: the user's limit, the date (ISO) and the reference pool balance. */
export interface CoverStart {
  limit: number;
  date: string;
  poolBalance: number;
}

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

function windowOf(periods: readonly CoverPeriod[], pick: (p: CoverPeriod) => number): string {
  const hit = periods.filter((p) => pick(p) > 1e-9).map((p) => p.period);
  return hit.length ? `${hit[0]}-${hit[hit.length - 1]}` : '';
}

/**
 * Line metrics on limit-years (crt-domain.md §5.2) of the projected periods, through the analytics
 * `lineMetrics`: ReturnOnLine is its margin on line. Each period's end limit is the next period's
 * `limitPrev`, so LY = Σ limitPrev/12 exactly as the periods state it (not re-derived from reductions).
 */
function coverLineMetrics(periods: readonly CoverPeriod[]): InsuranceLineMetrics {
  const m = lineMetrics(periods[0]?.limitPrev ?? 0, periods.map((p, k) => ({
    period: p.period, limit: periods[k + 1]?.limitPrev ?? 0, premium: p.premium, insurerPaidLoss: p.paidLoss,
  })));
  return { RateOnLine: m.rateOnLine, LossOnLine: m.lossOnLine, ReturnOnLine: m.marginOnLine };
}

/**
 * The reinsurer's cashflow with the collateral trust account (crt-domain.md §5.1):
 * CTA(t) = c·Limit(t) (0 after the last period: everything is released), Change = CTA(t) − CTA(t−1),
 * Interest = CTA(t−1)·i/12, Net(0) = −CTA(0), Net(t) = Premium + Interest − Paid − Change.
 * ROI = 12 × monthly IRR of Net (nominal annual rate compounded monthly, a fraction).
 * Historical periods are shown but the yield and metrics use the projected periods only, with
 * period 0 at the start of the projection.
 * @param start the user's remaining liability, the date and the pool balance at the start of the projection
 * @param periods projected periods (and optional historical ones first, `historical` true)
 */
export function reinsurerCashflow(start: CoverStart, periods: readonly CoverPeriod[], terms: CollateralTerms): ReinsurerCashflow {
  const initialLimit = start.limit;
  const c = terms.collateralPct;
  const i = terms.interestRate;
  const projected = periods.filter((p) => !p.historical);
  const rows: InsuranceRow[] = [];
  const info = (p: CoverPeriod) => ({
    CollateralBalance: p.collateralBalance, CollateralLosses: p.collateralLoss,
    CprRate: p.cpr, CdrRate: p.cdr, LossSeverityRate: p.severity, DelinquencyRate: p.delinquency,
  });
  for (const p of periods.filter((x) => x.historical)) {
    const remaining = p.limitPrev - p.reduction - p.paidLoss;
    rows.push({
      Period: p.period, PaymentDate: p.paymentDate, RemainingLiability: remaining, ReductionInLiability: p.reduction,
      InsurerPaidLosses: p.paidLoss, InsurancePremium: p.premium, CollateralTrustAccount: 0, CollateralAccountChange: 0,
      CollateralAccountInterest: 0, NetInsuranceCashflow: 0, ...info(p), IsHistorical: true,
    });
  }
  let cta = c * initialLimit;
  rows.push({
    Period: 0, PaymentDate: start.date, RemainingLiability: initialLimit, ReductionInLiability: 0, InsurerPaidLosses: 0,
    InsurancePremium: 0, CollateralTrustAccount: cta, CollateralAccountChange: cta, CollateralAccountInterest: 0,
    NetInsuranceCashflow: -cta, CollateralBalance: start.poolBalance, CollateralLosses: 0,
    CprRate: 0, CdrRate: 0, LossSeverityRate: 0, DelinquencyRate: 0, IsHistorical: false,
  });
  const net: number[] = [-cta];
  projected.forEach((p, k) => {
    const remaining = Math.max(0, p.limitPrev - p.reduction - p.paidLoss);
    const last = k === projected.length - 1;
    const next = last ? 0 : c * remaining;
    const interest = (cta * i) / 12;
    const change = next - cta;
    const flow = p.premium + interest - p.paidLoss - change;
    rows.push({
      Period: p.period, PaymentDate: p.paymentDate, RemainingLiability: remaining, ReductionInLiability: p.reduction,
      InsurerPaidLosses: p.paidLoss, InsurancePremium: p.premium, CollateralTrustAccount: next, CollateralAccountChange: change,
      CollateralAccountInterest: interest, NetInsuranceCashflow: flow, ...info(p), IsHistorical: false,
    });
    net.push(flow);
    cta = next;
  });
  const proj = rows.filter((r) => !r.IsHistorical);
  const totals: InsuranceTotals = {
    ReductionInLiability: sum(proj.map((r) => r.ReductionInLiability)),
    InsurerPaidLosses: sum(proj.map((r) => r.InsurerPaidLosses)),
    InsurancePremium: sum(proj.map((r) => r.InsurancePremium)),
    CollateralAccountChange: sum(proj.map((r) => r.CollateralAccountChange)),
    NetInsuranceCashflow: sum(proj.map((r) => r.NetInsuranceCashflow)),
    CollateralLosses: sum(proj.map((r) => r.CollateralLosses)),
  };
  let yieldResult: InsuranceYield;
  if (!(c > 0)) {
    // Zero collateral: nothing is invested at period 0, so the IRR is undefined (silent message).
    yieldResult = { IsSuccessful: false, Value: null, ErrorMessage: CANT_COMPUTE_YIELD };
  } else {
    yieldResult = reinsurerRoi(net);
  }
  const runOff = projected.map((p) => p.reduction + p.paidLoss);
  const totalRunOff = sum(runOff);
  const wal = totalRunOff > 0 ? sum(runOff.map((x, k) => (x * (k + 1)) / 12)) / totalRunOff : 0;
  const firstLoss = projected.find((p) => p.paidLoss > 1e-9);
  return {
    rows, totals, yield: yieldResult, lineMetrics: coverLineMetrics(projected), wal,
    reductionWindow: windowOf(projected, (p) => p.reduction),
    lossWindow: windowOf(projected, (p) => p.paidLoss),
    writedownPct: initialLimit > 0 ? (100 * totals.InsurerPaidLosses) / initialLimit : 0,
    firstLossPeriod: firstLoss ? firstLoss.period : null,
  };
}
