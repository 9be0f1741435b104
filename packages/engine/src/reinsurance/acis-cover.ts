import type { DealRun } from '../simulate/run-deal.ts';
import type { CoverPeriod } from './insurance-types.ts';

/** One ACIS layer as the engine covers it. */
export interface AcisLayerTerms {
  /** Name of the covered STACR tranche (e.g. 'M-1H'). */
  stacrTranche: string;
  /** Annual premium rate on the limit, fraction (premiumPct / 100). */
  annualPremiumRate: number;
  /** User's initial limit: the participation at the start of the run (dollars). */
  initialLimit: number;
  /**
   * Last covered payment date (ISO), inclusive: the earlier of the ACIS call date (when the
   * cancellation is on) and the policy's maturity. Null = to the end of the STACR run.
   */
  coverEndDate: string | null;
}

/**
 * ACIS cover on one STACR tranche (crt-domain.md §3): the user's share s = initialLimit /
 * tranche notional at the start, then per waterfall period
 *   Limit(t) = s·Notional(t), Reduction = s·(Principal − WriteUp), Paid = s·WriteDown,
 *   Premium = rate/12 · Limit(t−1) (monthly in arrears).
 * Coverage ends at STACR redemption/clean-up (the run's last period) or the cover end date,
 * whichever comes first; the limit left then is released as a reduction in liability.
 * @throws Error when the tranche is not in the run or is already paid down
 */
export function acisCover(run: DealRun, terms: AcisLayerTerms): CoverPeriod[] {
  const k = run.waterfall.tranches.indexOf(terms.stacrTranche);
  if (k < 0) throw new Error(`Tranche ${terms.stacrTranche} is not in ${run.spec.dealName}.`);
  const first = run.waterfall.periods[0];
  const startNotional = first ? (first.prior[k] ?? 0) : 0;
  if (!(startNotional > 0)) throw new Error(`Tranche ${terms.stacrTranche} of ${run.spec.dealName} has no notional left to insure.`);
  const s = terms.initialLimit / startNotional;
  const out: CoverPeriod[] = [];
  const flows = run.flows;
  for (let i = 0; i < run.waterfall.periods.length; i++) {
    const p = run.waterfall.periods[i];
    const date = run.paymentDates[i];
    if (!p || !date) break;
    if (terms.coverEndDate !== null && date > terms.coverEndDate) break;
    const limitPrev = s * (p.prior[k] ?? 0);
    const paid = s * (p.writeDown[k] ?? 0);
    let reduction = s * ((p.principal[k] ?? 0) - (p.writeUp[k] ?? 0));
    const isLast = i === run.waterfall.periods.length - 1 || p.redemption
      || (terms.coverEndDate !== null && (run.paymentDates[i + 1] ?? '9999') > terms.coverEndDate);
    // Coverage ends: the limit still outstanding is released.
    if (isLast) reduction = limitPrev - paid;
    const m = p.pool.lastMonth;
    out.push({
      period: i + 1,
      paymentDate: date,
      limitPrev,
      reduction,
      paidLoss: paid,
      premium: (terms.annualPremiumRate / 12) * limitPrev,
      // Waterfall amounts are integer cents; the shares above cancel the unit, these columns need dollars.
      collateralBalance: p.pool.upbEnd / 100,
      collateralLoss: p.pool.principalLoss / 100,
      cpr: flows.cpr[m] ?? 0,
      cdr: flows.cdr[m] ?? 0,
      severity: flows.severity[m] ?? 0,
      delinquency: flows.delinquency[m] ?? 0,
      historical: false,
    });
    if (isLast) break;
  }
  return out;
}
