/**
 * Loans screen rules (spec 002 "Loans screen"): only STACR, CAS and ITL deals; the Group By
 * choices (CAS adds Mortgage Insurance Type and Forbearance Flag); collateral history rows dated
 * 01/01/0000 (stored as 0) are hidden.
 */
import type { CollateralGroupBy, CollateralHistoryRow } from '@opencrt/contracts';

export const isLoansDeal = (name: string): boolean => /^(STACR|CAS|ITL)/i.test(name.trim());
export const isCasDeal = (name: string): boolean => /^CAS/i.test(name.trim());

const COMMON: [CollateralGroupBy, string][] = [
  ['Servicer', 'Servicer'], ['State', 'State'], ['PropertyType', 'Property Type'], ['LoanPurpose', 'Loan Purpose'], ['Seller', 'Seller'],
  ['FicoBucket', 'FICO Bucket'], ['LtvBucket', 'LTV Bucket'], ['CltvBucket', 'CLTV Bucket'], ['DtiBucket', 'DTI Bucket'],
];
const CAS_ONLY: [CollateralGroupBy, string][] = [['MortgageInsuranceType', 'Mortgage Insurance Type'], ['ForbearanceFlag', 'Forbearance Flag']];

export const groupByOptions = (dealName: string): [CollateralGroupBy, string][] => (isCasDeal(dealName) ? [...COMMON, ...CAS_ONLY] : COMMON);

/** History rows worth showing, oldest first (the API answers newest first). */
export function visibleHistory(rows: readonly CollateralHistoryRow[]): CollateralHistoryRow[] {
  return rows.filter((r) => r.Date > 101).sort((a, b) => a.Date - b.Date);
}
