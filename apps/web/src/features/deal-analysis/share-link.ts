import { ymdToInput, type AssumptionInputs } from '../../components/run-inputs/analysis-inputs.ts';
import type { PrepaymentConvention } from '../../components/run-inputs/run-options.ts';

/** What a deal-analysis link reproduces. */
export interface DealRun {
  dealName: string;
  settlement: number;
  inputs: AssumptionInputs;
  /** null = All groups (left out of the link). */
  collateralGroup: number | null;
  /** 'CPR' is the default and left out of the link. */
  convention: PrepaymentConvention;
}

/**
 * A link that reproduces a deal run: the spec's query (dealName, loss_severity, delinquency, libor,
 * settle_dt) plus cpr, cdr and, when not the defaults, collateral_group and prepay_convention. The
 * page reads these before its cookies.
 */
export function dealShareLink(origin: string, run: DealRun): string {
  const i = run.inputs;
  const q = new URLSearchParams({
    dealName: run.dealName, settle_dt: ymdToInput(run.settlement), cpr: i.cpr, cdr: i.cdr,
    loss_severity: i.lossSeverity, delinquency: i.delinquency, libor: i.libor,
  });
  if (run.collateralGroup !== null) q.set('collateral_group', String(run.collateralGroup));
  if (run.convention !== 'CPR') q.set('prepay_convention', run.convention);
  return `${origin}/deal_analysis?${q.toString()}`;
}
