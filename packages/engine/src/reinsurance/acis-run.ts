import type { DealRun } from '../simulate/run-deal.ts';
import { acisCover, type AcisLayerTerms } from './acis-cover.ts';
import type { ReinsurerCashflow } from './insurance-types.ts';
import { reinsurerCashflow, type CollateralTerms } from './reinsurer-cashflow.ts';

/**
 * An ACIS layer's reinsurer cashflow from a STACR run (crt-domain.md §3, §5.1).
 * @param startDate ISO date of period 0 (settlement or last remittance)
 */
export function runAcis(run: DealRun, layer: AcisLayerTerms, collateral: CollateralTerms, startDate: string): ReinsurerCashflow {
  const periods = acisCover(run, layer);
  const first = run.waterfall.periods[0];
  const poolBalance = first ? first.upbPrev / 100 : 0; // waterfall cents → dollars
  return reinsurerCashflow({ limit: layer.initialLimit, date: startDate, poolBalance }, periods, collateral);
}
