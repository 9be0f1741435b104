import type { DealSpec, ReferenceTrancheWaterfall } from './deal-spec.ts';
import type { CashFlowWaterfall } from './cash-flow-spec.ts';

/** The deal's reference-tranche waterfall (STACR, CAS, ILN); throws for other kinds. */
export function referenceWaterfall(spec: DealSpec): ReferenceTrancheWaterfall {
  if (spec.waterfall.kind !== 'reference-tranche') throw new TypeError(`${spec.dealName} has a ${spec.waterfall.kind} waterfall, not a reference-tranche one`);
  return spec.waterfall;
}

/** The deal's cash-flow waterfall (RMBS, ABS, agency); throws for other kinds. */
export function cashFlowWaterfall(spec: DealSpec): CashFlowWaterfall {
  if (spec.waterfall.kind !== 'cash-flow') throw new TypeError(`${spec.dealName} has a ${spec.waterfall.kind} waterfall, not a cash-flow one`);
  return spec.waterfall;
}
