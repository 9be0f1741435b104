/**
 * The one definition of the agencies' public pipe-delimited loan-level layouts (no header row),
 * read by the dataset importer (gse-import.service.ts, whole files through DuckDB) and by a deal's
 * tape import (deals/loan-tape.layouts.ts, one file in memory).
 *
 * - Freddie Mac Single-Family Loan-Level Dataset (General User Guide, "File Layout & Data
 *   Dictionary"): origination file, 32 fields; monthly performance file, 32 fields; joined on Loan
 *   Sequence Number. Dates YYYYMM. "Not available" is 9 / 99 / 999 / 9999 as each field says.
 * - Fannie Mae Single-Family Loan Performance / CRT (CAS and CIRT reference pools) file: 110 fields,
 *   one row per loan per month, acquisition and performance together; Reference Pool ID first
 *   (blank in the full single-family dataset). Dates MMYYYY.
 *
 * Positions are 1-based, as the agencies number them; every position is listed so a file's field
 * count identifies its layout. `required` fields may not be blank; `code` fields take only the
 * listed values (other codes reject the line, so a layout change is seen, not guessed at).
 */

export type FieldKind = 'int' | 'num' | 'text' | 'yyyymm' | 'mmyyyy' | 'code';

export interface FieldSpec {
  pos: number;
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Allowed values for `code` fields. */
  values?: readonly string[];
}

export interface Layout {
  width: number;
  fields: FieldSpec[];
}

export type GseLayoutName = 'freddie-origination' | 'freddie-performance' | 'fannie-crt';

const f = (pos: number, name: string, kind: FieldKind, required = false, values?: readonly string[]): FieldSpec =>
  ({ pos, name, kind, required, ...(values ? { values } : {}) });

/** Freddie Mac origination file: one row per loan (user guide, origination data file layout). */
export const FREDDIE_ORIGINATION: Layout = {
  width: 32,
  fields: [
    f(1, 'Credit Score', 'int'), // 300–850; 9999 = not available
    f(2, 'First Payment Date', 'yyyymm', true),
    f(3, 'First Time Homebuyer Flag', 'code', false, ['Y', 'N', '9']),
    f(4, 'Maturity Date', 'yyyymm', true),
    f(5, 'MSA', 'text'),
    f(6, 'Mortgage Insurance Percentage', 'int'), // 0 none, 1–55, 999 not available
    f(7, 'Number of Units', 'int'), // 1–4, 99 not available
    f(8, 'Occupancy Status', 'code', true, ['P', 'S', 'I', '9']),
    f(9, 'Original CLTV', 'int'), // 999 not available
    f(10, 'Original DTI Ratio', 'int'), // 999 when > 65 % or not available
    f(11, 'Original UPB', 'num', true),
    f(12, 'Original LTV', 'int', true), // 999 not available
    f(13, 'Original Interest Rate', 'num', true),
    f(14, 'Channel', 'code', true, ['R', 'B', 'C', 'T', '9']),
    f(15, 'PPM Flag', 'text'),
    f(16, 'Amortization Type', 'text'),
    f(17, 'Property State', 'text', true),
    f(18, 'Property Type', 'code', true, ['SF', 'CO', 'PU', 'MH', 'CP', '99']),
    f(19, 'Postal Code', 'text'),
    f(20, 'Loan Sequence Number', 'text', true), // PYYQnXXXXXXX: YYQn = origination year and quarter
    f(21, 'Loan Purpose', 'code', true, ['P', 'C', 'N', 'R', '9']),
    f(22, 'Original Loan Term', 'int', true),
    f(23, 'Number of Borrowers', 'int'), // 99 not available
    f(24, 'Seller Name', 'text', true),
    f(25, 'Servicer Name', 'text', true),
    f(26, 'Super Conforming Flag', 'text'),
    f(27, 'Pre-Relief Refinance Loan Sequence Number', 'text'),
    f(28, 'Program Indicator', 'text'),
    f(29, 'Relief Refinance Indicator', 'text'),
    f(30, 'Property Valuation Method', 'text'),
    f(31, 'Interest Only Indicator', 'text'),
    f(32, 'MI Cancellation Indicator', 'text'),
  ],
};

/** Freddie Mac zero balance codes (user guide): 01 prepaid or matured, 02 third-party sale, 03 short sale or charge-off, 09 REO disposition, 15 whole-loan (note) sale, 16 reperforming loan sale, 96 repurchase prior to property disposition. */
export const FREDDIE_ZERO_BALANCE_CODES = ['01', '02', '03', '09', '15', '16', '96'] as const;

/** Freddie Mac monthly performance file: one row per loan per month. */
export const FREDDIE_PERFORMANCE: Layout = {
  width: 32,
  fields: [
    f(1, 'Loan Sequence Number', 'text', true),
    f(2, 'Monthly Reporting Period', 'yyyymm', true),
    f(3, 'Current Actual UPB', 'num', true),
    f(4, 'Current Loan Delinquency Status', 'text', true), // months delinquent 0, 1, 2, …; RA = REO acquisition; blank = unavailable
    f(5, 'Loan Age', 'int', true),
    f(6, 'Remaining Months to Legal Maturity', 'int', true),
    f(7, 'Defect Settlement Date', 'yyyymm'),
    f(8, 'Modification Flag', 'text'), // Y modified this period, P in a prior period
    f(9, 'Zero Balance Code', 'code', false, FREDDIE_ZERO_BALANCE_CODES),
    f(10, 'Zero Balance Effective Date', 'yyyymm'),
    f(11, 'Current Interest Rate', 'num', true),
    f(12, 'Current Non-Interest Bearing UPB', 'num'),
    f(13, 'Due Date of Last Paid Installment', 'yyyymm'),
    f(14, 'MI Recoveries', 'num'),
    f(15, 'Net Sale Proceeds', 'text'), // an amount, or C (covered) / U (unknown)
    f(16, 'Non MI Recoveries', 'num'),
    f(17, 'Total Expenses', 'num'),
    f(18, 'Legal Costs', 'num'),
    f(19, 'Maintenance and Preservation Costs', 'num'),
    f(20, 'Taxes and Insurance', 'num'),
    f(21, 'Miscellaneous Expenses', 'num'),
    f(22, 'Actual Loss Calculation', 'num'), // negative = loss
    f(23, 'Cumulative Modification Cost', 'num'),
    f(24, 'Step Modification Flag', 'text'),
    f(25, 'Payment Deferral', 'text'),
    f(26, 'Estimated Loan to Value (ELTV)', 'int'),
    f(27, 'Zero Balance Removal UPB', 'num'),
    f(28, 'Delinquent Accrued Interest', 'num'),
    f(29, 'Delinquency Due to Disaster', 'text'),
    f(30, 'Borrower Assistance Status Code', 'text'), // F forbearance, R repayment, T trial
    f(31, 'Current Month Modification Cost', 'num'),
    f(32, 'Interest Bearing UPB', 'num'),
  ],
};

/** Fannie Mae zero balance codes (CRT glossary): 01 prepaid or matured, 02 third-party sale, 03 short sale, 06 repurchased, 09 deed-in-lieu / REO disposition, 15 non-performing note sale, 16 reperforming note sale, 96 removal (non-credit event), 97 delinquency (D180 credit event), 98 other credit event. */
export const FANNIE_ZERO_BALANCE_CODES = ['01', '02', '03', '06', '09', '15', '16', '96', '97', '98'] as const;

/** Fannie Mae Single-Family Loan Performance / CRT file (110 fields). */
export const FANNIE_CRT: Layout = {
  width: 110,
  fields: [
    f(1, 'Reference Pool ID', 'text'), f(2, 'Loan Identifier', 'text', true), f(3, 'Monthly Reporting Period', 'mmyyyy', true),
    f(4, 'Channel', 'code', true, ['R', 'B', 'C']), f(5, 'Seller Name', 'text', true), f(6, 'Servicer Name', 'text'),
    f(7, 'Master Servicer', 'text'), f(8, 'Original Interest Rate', 'num', true), f(9, 'Current Interest Rate', 'num'),
    f(10, 'Original UPB', 'num', true), f(11, 'UPB at Issuance', 'num'), f(12, 'Current Actual UPB', 'num', true),
    f(13, 'Original Loan Term', 'int', true), f(14, 'Origination Date', 'mmyyyy'), f(15, 'First Payment Date', 'mmyyyy', true),
    f(16, 'Loan Age', 'int'), f(17, 'Remaining Months to Legal Maturity', 'int'), f(18, 'Remaining Months To Maturity', 'int'),
    f(19, 'Maturity Date', 'mmyyyy'), f(20, 'Original Loan to Value Ratio (LTV)', 'int', true),
    f(21, 'Original Combined Loan to Value Ratio (CLTV)', 'int'), f(22, 'Number of Borrowers', 'int'), f(23, 'Debt-To-Income (DTI)', 'int'),
    f(24, 'Borrower Credit Score at Origination', 'int'), f(25, 'Co-Borrower Credit Score at Origination', 'int'),
    f(26, 'First Time Home Buyer Indicator', 'code', false, ['Y', 'N']), f(27, 'Loan Purpose', 'code', true, ['P', 'C', 'R', 'U']),
    f(28, 'Property Type', 'code', true, ['SF', 'CO', 'PU', 'MH', 'CP']), f(29, 'Number of Units', 'int'),
    f(30, 'Occupancy Status', 'code', true, ['P', 'S', 'I', 'U']), f(31, 'Property State', 'text', true),
    f(32, 'Metropolitan Statistical Area (MSA)', 'text'), f(33, 'Zip Code Short', 'text'), f(34, 'Mortgage Insurance Percentage', 'num'),
    f(35, 'Amortization Type', 'text'), f(36, 'Prepayment Penalty Indicator', 'text'), f(37, 'Interest Only Loan Indicator', 'text'),
    f(38, 'Interest Only First Principal And Interest Payment Date', 'mmyyyy'), f(39, 'Months to Amortization', 'int'),
    f(40, 'Current Loan Delinquency Status', 'text'), // 00, 01, … months; XX unknown
    f(41, 'Loan Payment History', 'text'), f(42, 'Modification Flag', 'code', false, ['Y', 'N']),
    f(43, 'Mortgage Insurance Cancellation Indicator', 'text'), f(44, 'Zero Balance Code', 'code', false, FANNIE_ZERO_BALANCE_CODES),
    f(45, 'Zero Balance Effective Date', 'mmyyyy'), f(46, 'UPB at the Time of Removal', 'num'), f(47, 'Repurchase Date', 'mmyyyy'),
    f(48, 'Scheduled Principal Current', 'num'), f(49, 'Total Principal Current', 'num'), f(50, 'Unscheduled Principal Current', 'num'),
    f(51, 'Last Paid Installment Date', 'mmyyyy'), f(52, 'Foreclosure Date', 'mmyyyy'), f(53, 'Disposition Date', 'mmyyyy'),
    f(54, 'Foreclosure Costs', 'num'), f(55, 'Property Preservation and Repair Costs', 'num'), f(56, 'Asset Recovery Costs', 'num'),
    f(57, 'Miscellaneous Holding Expenses and Credits', 'num'), f(58, 'Associated Taxes for Holding Property', 'num'),
    f(59, 'Net Sales Proceeds', 'num'), f(60, 'Credit Enhancement Proceeds', 'num'), f(61, 'Repurchase Make Whole Proceeds', 'num'),
    f(62, 'Other Foreclosure Proceeds', 'num'), f(63, 'Modification-Related Non-Interest Bearing UPB', 'num'),
    f(64, 'Principal Forgiveness Amount', 'num'), f(65, 'Original List Start Date', 'mmyyyy'), f(66, 'Original List Price', 'num'),
    f(67, 'Current List Start Date', 'mmyyyy'), f(68, 'Current List Price', 'num'), f(69, 'Borrower Credit Score At Issuance', 'int'),
    f(70, 'Co-Borrower Credit Score At Issuance', 'int'), f(71, 'Borrower Credit Score Current', 'int'),
    f(72, 'Co-Borrower Credit Score Current', 'int'), f(73, 'Mortgage Insurance Type', 'code', false, ['1', '2', '3']),
    f(74, 'Servicing Activity Indicator', 'text'), f(75, 'Current Period Modification Loss Amount', 'num'),
    f(76, 'Cumulative Modification Loss Amount', 'num'), f(77, 'Current Period Credit Event Net Gain or Loss', 'num'),
    f(78, 'Cumulative Credit Event Net Gain or Loss', 'num'), f(79, 'Special Eligibility Program', 'text'),
    f(80, 'Foreclosure Principal Write-off Amount', 'num'), f(81, 'Relocation Mortgage Indicator', 'text'),
    f(82, 'Zero Balance Code Change Date', 'mmyyyy'), f(83, 'Loan Holdback Indicator', 'text'), f(84, 'Loan Holdback Effective Date', 'mmyyyy'),
    f(85, 'Delinquent Accrued Interest', 'num'), f(86, 'Property Valuation Method', 'text'), f(87, 'High Balance Loan Indicator', 'text'),
    f(88, 'ARM Initial Fixed-Rate Period <= 5 YR Indicator', 'text'), f(89, 'ARM Product Type', 'text'), f(90, 'Initial Fixed-Rate Period', 'int'),
    f(91, 'Interest Rate Adjustment Frequency', 'int'), f(92, 'Next Interest Rate Adjustment Date', 'mmyyyy'),
    f(93, 'Next Payment Change Date', 'mmyyyy'), f(94, 'Index', 'text'), f(95, 'ARM Cap Structure', 'text'),
    f(96, 'Initial Interest Rate Cap Up Percent', 'num'), f(97, 'Periodic Interest Rate Cap Up Percent', 'num'),
    f(98, 'Lifetime Interest Rate Cap Up Percent', 'num'), f(99, 'Mortgage Margin', 'num'), f(100, 'ARM Balloon Indicator', 'text'),
    f(101, 'ARM Plan Number', 'int'), f(102, 'Borrower Assistance Plan', 'code', false, ['F', 'R', 'T', 'O', 'N', '7', '9']),
    f(103, 'High Loan to Value (HLTV) Refinance Option Indicator', 'text'), f(104, 'Deal Name', 'text'),
    f(105, 'Repurchase Make Whole Proceeds Flag', 'text'), f(106, 'Alternative Delinquency Resolution', 'text'),
    f(107, 'Alternative Delinquency Resolution Count', 'int'), f(108, 'Total Deferral Amount', 'num'),
    f(109, 'Payment Deferral Modification Event Indicator', 'text'), f(110, 'Interest Bearing UPB', 'num'),
  ],
};

export const GSE_LAYOUTS: Record<GseLayoutName, Layout> = {
  'freddie-origination': FREDDIE_ORIGINATION,
  'freddie-performance': FREDDIE_PERFORMANCE,
  'fannie-crt': FANNIE_CRT,
};

/** The field at a 1-based position; throws for a position the layout does not have (a programming error). */
export function fieldAt(layout: Layout, pos: number): FieldSpec {
  const spec = layout.fields[pos - 1];
  if (!spec || spec.pos !== pos) throw new Error(`layout has no field ${pos}`);
  return spec;
}
