/** ACIS and CIRT reinsurance: covers, the CIRT policy, the reinsurer cashflow and its metrics. */
export type * from './insurance-types.ts';
export { acisCover } from './acis-cover.ts';
export type { AcisLayerTerms } from './acis-cover.ts';
export { runAcis } from './acis-run.ts';
export { runCirtPolicy, scaleCover } from './cirt-policy.ts';
export type { CirtDealMonth, CirtPolicyState, CirtPolicyTerms, CirtPoolMonth, CirtStepdown } from './cirt-policy.ts';
export { poolMonthsOfFlows, runCirt } from './cirt-run.ts';
export type { CirtRun, CirtRunInput, PolicyInformation } from './cirt-run.ts';
export { reinsurerCashflow, reinsurerRoi, ROI_BELOW_FLOOR } from './reinsurer-cashflow.ts';
export type { CollateralTerms, CoverStart } from './reinsurer-cashflow.ts';
export { runAcisMatrix, runCirtMatrix } from './reinsurance-matrix.ts';
export type { ReinsuranceMatrix } from './reinsurance-matrix.ts';
