/**
 * Public pipe-delimited loan-level layouts (no header row):
 * - Freddie Mac Single-Family Loan-Level Dataset / STACR disclosure: origination file (32
 *   fields) and monthly performance file (32 fields), joined on Loan Sequence Number;
 * - Fannie Mae CRT (CAS/CIRT) loan performance file: 110 fields, one row per loan per month.
 * Positions are 1-based as in the agencies' file layouts. Only the fields the app stores are
 * typed; the others are carried as blank text.
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

const f = (pos: number, name: string, kind: FieldKind, required = false, values?: readonly string[]): FieldSpec =>
  ({ pos, name, kind, required, ...(values ? { values } : {}) });

export const FREDDIE_ORIGINATION: { width: number; fields: FieldSpec[] } = {
  width: 32,
  fields: [
    f(1, 'Credit Score', 'int'), f(2, 'First Payment Date', 'yyyymm', true), f(3, 'First Time Homebuyer Flag', 'code', false, ['Y', 'N', '9']),
    f(4, 'Maturity Date', 'yyyymm', true), f(5, 'MSA', 'text'), f(6, 'Mortgage Insurance Percentage', 'int'),
    f(7, 'Number of Units', 'int'), f(8, 'Occupancy Status', 'code', true, ['P', 'S', 'I', '9']), f(9, 'Original CLTV', 'int'),
    f(10, 'Original DTI Ratio', 'int'), f(11, 'Original UPB', 'num', true), f(12, 'Original LTV', 'int', true),
    f(13, 'Original Interest Rate', 'num', true), f(14, 'Channel', 'code', true, ['R', 'B', 'C', 'T', '9']),
    f(15, 'PPM Flag', 'text'), f(16, 'Amortization Type', 'text'), f(17, 'Property State', 'text', true),
    f(18, 'Property Type', 'code', true, ['SF', 'CO', 'PU', 'MH', 'CP', '99']), f(19, 'Postal Code', 'text'),
    f(20, 'Loan Sequence Number', 'text', true), f(21, 'Loan Purpose', 'code', true, ['P', 'C', 'N', 'R', '9']),
    f(22, 'Original Loan Term', 'int', true), f(23, 'Number of Borrowers', 'int'), f(24, 'Seller Name', 'text', true),
    f(25, 'Servicer Name', 'text', true), f(26, 'Super Conforming Flag', 'text'), f(27, 'Pre-Relief Refinance Loan Sequence Number', 'text'),
    f(28, 'Program Indicator', 'text'), f(29, 'Relief Refinance Indicator', 'text'), f(30, 'Property Valuation Method', 'text'),
    f(31, 'Interest Only Indicator', 'text'), f(32, 'MI Cancellation Indicator', 'text'),
  ],
};

export const FREDDIE_PERFORMANCE: { width: number; fields: FieldSpec[] } = {
  width: 32,
  fields: [
    f(1, 'Loan Sequence Number', 'text', true), f(2, 'Monthly Reporting Period', 'yyyymm', true), f(3, 'Current Actual UPB', 'num', true),
    f(4, 'Current Loan Delinquency Status', 'text', true), f(5, 'Loan Age', 'int', true), f(6, 'Remaining Months to Legal Maturity', 'int', true),
    f(8, 'Modification Flag', 'text'), f(9, 'Zero Balance Code', 'text'), f(11, 'Current Interest Rate', 'num', true),
    f(30, 'Borrower Assistance Status Code', 'text'),
  ],
};

export const FANNIE_CRT: { width: number; fields: FieldSpec[] } = {
  width: 110,
  fields: [
    f(1, 'Reference Pool ID', 'text'), f(2, 'Loan Identifier', 'text', true), f(3, 'Monthly Reporting Period', 'mmyyyy', true),
    f(4, 'Channel', 'code', true, ['R', 'B', 'C']), f(5, 'Seller Name', 'text', true), f(6, 'Servicer Name', 'text'),
    f(8, 'Original Interest Rate', 'num', true), f(9, 'Current Interest Rate', 'num'), f(10, 'Original UPB', 'num', true),
    f(11, 'UPB at Issuance', 'num'), f(12, 'Current Actual UPB', 'num', true), f(13, 'Original Loan Term', 'int', true),
    f(15, 'First Payment Date', 'mmyyyy', true), f(16, 'Loan Age', 'int'), f(18, 'Remaining Months To Maturity', 'int'),
    f(19, 'Maturity Date', 'mmyyyy'), f(20, 'Original Loan to Value Ratio (LTV)', 'int', true), f(21, 'Original Combined Loan to Value Ratio (CLTV)', 'int'),
    f(22, 'Number of Borrowers', 'int'), f(23, 'Debt-To-Income (DTI)', 'int'), f(24, 'Borrower Credit Score at Origination', 'int'),
    f(26, 'First Time Home Buyer Indicator', 'code', false, ['Y', 'N']), f(27, 'Loan Purpose', 'code', true, ['P', 'C', 'R', 'U']),
    f(28, 'Property Type', 'code', true, ['SF', 'CO', 'PU', 'MH', 'CP']), f(29, 'Number of Units', 'int'),
    f(30, 'Occupancy Status', 'code', true, ['P', 'S', 'I', 'U']), f(31, 'Property State', 'text', true), f(32, 'Metropolitan Statistical Area (MSA)', 'text'),
    f(33, 'Zip Code Short', 'text'), f(34, 'Mortgage Insurance Percentage', 'num'), f(40, 'Current Loan Delinquency Status', 'text'),
    f(42, 'Modification Flag', 'code', false, ['Y', 'N']), f(44, 'Zero Balance Code', 'text'),
    f(73, 'Mortgage Insurance Type', 'code', false, ['1', '2', '3']), f(102, 'Borrower Assistance Plan', 'code', false, ['F', 'R', 'T', 'O', 'N', '7', '9']),
    f(104, 'Deal Name', 'text'),
  ],
};

export type ParsedValue = string | number | null;

/** Parse one line against a layout; pushes messages to `errors`, returns values by field name. */
export function parseLine(
  line: string, lineNo: number, layout: { width: number; fields: FieldSpec[] }, errors: string[],
): Record<string, ParsedValue> | null {
  const cells = line.split('|');
  if (cells.length !== layout.width) {
    errors.push(`line ${lineNo}: expected ${layout.width} pipe-delimited fields, found ${cells.length}`);
    return null;
  }
  const out: Record<string, ParsedValue> = {};
  const before = errors.length;
  for (const spec of layout.fields) {
    const raw = (cells[spec.pos - 1] ?? '').trim();
    const where = `line ${lineNo}, field ${spec.pos} (${spec.name})`;
    if (raw === '') {
      if (spec.required) errors.push(`${where}: required value is missing`);
      out[spec.name] = null;
      continue;
    }
    switch (spec.kind) {
      case 'int':
      case 'num': {
        const ok = spec.kind === 'int' ? /^-?\d+$/.test(raw) : /^-?\d+(\.\d+)?$/.test(raw);
        if (!ok) errors.push(`${where}: '${raw}' is not ${spec.kind === 'int' ? 'a whole number' : 'a number'}`);
        out[spec.name] = ok ? Number(raw) : null;
        break;
      }
      case 'yyyymm':
      case 'mmyyyy': {
        const ok = /^\d{6}$/.test(raw);
        const month = Number(spec.kind === 'yyyymm' ? raw.slice(4, 6) : raw.slice(0, 2));
        if (!ok || month < 1 || month > 12) errors.push(`${where}: '${raw}' is not a ${spec.kind.toUpperCase()} date`);
        // normalised to YYYYMM
        out[spec.name] = ok ? Number(spec.kind === 'yyyymm' ? raw : raw.slice(2) + raw.slice(0, 2)) : null;
        break;
      }
      case 'code':
        if (spec.values && !spec.values.includes(raw)) errors.push(`${where}: '${raw}' is not one of ${spec.values.join(', ')}`);
        out[spec.name] = raw;
        break;
      case 'text':
        out[spec.name] = raw;
        break;
    }
  }
  return errors.length === before ? out : null;
}

/** Build a pipe-delimited line of `width` fields from values by position. */
export function formatLine(width: number, values: Record<number, string | number | null>): string {
  return Array.from({ length: width }, (_, i) => {
    const v = values[i + 1];
    return v === null || v === undefined ? '' : String(v);
  }).join('|');
}
