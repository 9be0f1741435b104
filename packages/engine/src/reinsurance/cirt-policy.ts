import type { CoverPeriod } from './insurance-types.ts';

/** A stepdown row (crt-domain.md §4): deal months fromMonth..toMonth (null = open-ended). */
export interface CirtStepdown {
  fromMonth: number;
  toMonth: number | null;
  balanceMultiplier: number;
  delinquentMultiplier: number;
}

/** Deal-level CIRT policy terms (dollars of the whole deal; rates fractions). */
export interface CirtPolicyTerms {
  originalPoolBalance: number;
  /** Fixed-dollar retention: never amortizes. */
  retention: number;
  /** Original limit of liability. */
  limit: number;
  /** Limit as a fraction of the pool (LimitPct of the stepdown target). */
  limitPct: number;
  /** 'upb': monthlyRate × pool UPB(t−1); 'limit': annualRate/12 × Limit(t−1). */
  premium: { basis: 'upb'; monthlyRate: number } | { basis: 'limit'; annualRate: number };
  stepdowns: CirtStepdown[];
  /** Clean-up: coverage ends once the pool is at or below this fraction of its original balance. */
  cleanUpFraction: number;
  /** Deal month (1 = first month) at which Fannie cancels, or null. */
  cancellationMonth: number | null;
  /** Last deal month of the term. */
  termMonths: number;
}

/** One month of the covered pool (history or projection). */
export interface CirtPoolMonth {
  paymentDate: string;
  /** Pool UPB at the month end. */
  upbEnd: number;
  /** Realised pool loss of the month. */
  loss: number;
  /** Seriously delinquent + REO UPB at the month end (the stepdown floor's base). */
  nonPerforming: number;
  cpr: number;
  cdr: number;
  severity: number;
  delinquency: number;
  historical: boolean;
}

/** Deal-level policy state carried month to month. */
export interface CirtPolicyState {
  cumulativeLoss: number;
  cumulativePaid: number;
  remainingLimit: number;
  upb: number;
}

/** A covered month at deal level, before scaling to the user's share. */
export interface CirtDealMonth extends CoverPeriod {
  /** Deal month number (1 = first month after the effective date). */
  dealMonth: number;
}

function stepdownAt(rows: readonly CirtStepdown[], month: number): CirtStepdown | null {
  return rows.find((r) => month >= r.fromMonth && (r.toMonth === null || month <= r.toMonth)) ?? null;
}

/**
 * Runs the policy month by month (crt-domain.md §4):
 *   CumLoss += Loss; Paid = clamp(max(0, CumLoss − Retention) − CumPaid, 0, Remaining(t−1));
 *   Remaining −= Paid; from the stepdown rows' first month:
 *   Limit = min(Remaining, max(UPB·LimitPct·BalMult, DlqMult·NonPerforming)) — it only goes down;
 *   Premium on UPB(t−1) or on Limit(t−1). Coverage ends (the rest of the limit released) at the
 *   cancellation month, the clean-up (UPB ≤ cleanUp × original) or the term, whichever is first.
 * @param months pool months in order, deal month of months[0] = firstDealMonth
 * @param start policy state before months[0] (at the effective date: no loss, full limit, original UPB)
 */
export function runCirtPolicy(terms: CirtPolicyTerms, months: readonly CirtPoolMonth[], firstDealMonth: number, start: CirtPolicyState): { months: CirtDealMonth[]; end: CirtPolicyState } {
  const st = { ...start };
  const out: CirtDealMonth[] = [];
  for (let j = 0; j < months.length; j++) {
    const m = months[j] as CirtPoolMonth;
    const dealMonth = firstDealMonth + j;
    if (st.remainingLimit <= 0 || dealMonth > terms.termMonths) break;
    const limitPrev = st.remainingLimit;
    const premium = terms.premium.basis === 'upb' ? terms.premium.monthlyRate * st.upb : (terms.premium.annualRate / 12) * limitPrev;
    st.cumulativeLoss += m.loss;
    const owed = Math.max(0, st.cumulativeLoss - terms.retention) - st.cumulativePaid;
    const paid = Math.min(Math.max(owed, 0), limitPrev);
    st.cumulativePaid += paid;
    let remaining = limitPrev - paid;
    const row = stepdownAt(terms.stepdowns, dealMonth);
    if (row) {
      const target = m.upbEnd * terms.limitPct * row.balanceMultiplier;
      const floor = row.delinquentMultiplier * m.nonPerforming;
      remaining = Math.min(remaining, Math.max(target, floor));
    }
    const ends = dealMonth === terms.cancellationMonth || dealMonth === terms.termMonths
      || m.upbEnd <= terms.cleanUpFraction * terms.originalPoolBalance || j === months.length - 1;
    if (ends) remaining = 0;
    out.push({
      dealMonth, period: dealMonth, paymentDate: m.paymentDate, limitPrev, reduction: limitPrev - paid - remaining, paidLoss: paid, premium,
      collateralBalance: m.upbEnd, collateralLoss: m.loss, cpr: m.cpr, cdr: m.cdr, severity: m.severity, delinquency: m.delinquency,
      historical: m.historical,
    });
    st.remainingLimit = remaining;
    st.upb = m.upbEnd;
    if (ends) break;
  }
  return { months: out, end: st };
}

/** Scales deal-level months to the user's share (user limit / deal limit at the start). */
export function scaleCover(months: readonly CoverPeriod[], share: number): CoverPeriod[] {
  return months.map((p) => ({ ...p, limitPrev: p.limitPrev * share, reduction: p.reduction * share, paidLoss: p.paidLoss * share, premium: p.premium * share }));
}
