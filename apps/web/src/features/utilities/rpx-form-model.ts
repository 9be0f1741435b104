/**
 * The utilities form (spec 002 "Utilities form", /rpx_file_creator): a static loan description
 * form in sections. Only periodicity and interest day count are selects (spec 002 §9 options and
 * defaults); 4 extension rows and 2 properties by default. The form makes no calls: what was
 * entered is checked here and downloaded as JSON or XLSX built in the browser.
 */
import ExcelJS from 'exceljs';
import type { ExportKind } from '@opencrt/contracts';
import { xlsxCell, xlsxNumFmt } from '../../components/cashflow-export/export-cashflows.ts';

export const PERIODICITIES = ['monthly', 'quarterly', 'semiannual'] as const;
export const DAY_COUNTS = ['30/360', 'ACT/360', 'ACT/365'] as const;
export const DEFAULT_EXTENSIONS = 4;
export const DEFAULT_PROPERTIES = 2;

export type FieldKind = 'text' | 'date' | 'money' | 'percent' | 'integer' | 'periodicity' | 'dayCount';
export interface FieldDef { key: string; label: string; kind: FieldKind }
export interface SectionDef { key: string; title: string; fields: FieldDef[] }

/** The scalar sections, in the order the form shows them (maturity's extensions and the properties are lists). */
export const SECTIONS: SectionDef[] = [
  { key: 'general', title: 'General Information', fields: [
    { key: 'loanName', label: 'Loan Name', kind: 'text' }, { key: 'loanId', label: 'Loan ID', kind: 'text' },
    { key: 'borrower', label: 'Borrower', kind: 'text' }, { key: 'originator', label: 'Originator', kind: 'text' },
    { key: 'servicer', label: 'Servicer', kind: 'text' },
  ] },
  { key: 'status', title: 'Loan Status', fields: [
    { key: 'statusDate', label: 'Status As Of', kind: 'date' }, { key: 'paidThroughDate', label: 'Paid Through Date', kind: 'date' },
    { key: 'daysDelinquent', label: 'Days Delinquent', kind: 'integer' }, { key: 'statusComment', label: 'Status Comment', kind: 'text' },
  ] },
  { key: 'loan', title: 'Loan Information', fields: [
    { key: 'originationDate', label: 'Origination Date', kind: 'date' }, { key: 'firstPaymentDate', label: 'First Payment Date', kind: 'date' },
    { key: 'originalTerm', label: 'Original Term (months)', kind: 'integer' }, { key: 'amortizationTerm', label: 'Amortization Term (months)', kind: 'integer' },
    { key: 'interestOnlyMonths', label: 'Interest Only (months)', kind: 'integer' }, { key: 'periodicity', label: 'Periodicity', kind: 'periodicity' },
  ] },
  { key: 'rate', title: 'Interest Rate', fields: [
    { key: 'noteRate', label: 'Note Rate (%)', kind: 'percent' }, { key: 'indexName', label: 'Index', kind: 'text' },
    { key: 'margin', label: 'Margin (%)', kind: 'percent' }, { key: 'rateFloor', label: 'Rate Floor (%)', kind: 'percent' },
    { key: 'rateCap', label: 'Rate Cap (%)', kind: 'percent' }, { key: 'dayCount', label: 'Interest Day Count', kind: 'dayCount' },
  ] },
  { key: 'balances', title: 'Balances', fields: [
    { key: 'originalBalance', label: 'Original Balance ($)', kind: 'money' }, { key: 'currentBalance', label: 'Current Balance ($)', kind: 'money' },
    { key: 'scheduledPayment', label: 'Scheduled Payment ($)', kind: 'money' }, { key: 'escrowBalance', label: 'Escrow Balance ($)', kind: 'money' },
  ] },
  { key: 'maturity', title: 'Maturity', fields: [
    { key: 'maturityDate', label: 'Maturity Date', kind: 'date' }, { key: 'balloonPayment', label: 'Balloon Payment ($)', kind: 'money' },
  ] },
];

export const EXTENSION_FIELDS: FieldDef[] = [{ key: 'date', label: 'Extension Date', kind: 'date' }, { key: 'fee', label: 'Fee (%)', kind: 'percent' }];
export const PROPERTY_FIELDS: FieldDef[] = [
  { key: 'name', label: 'Property Name', kind: 'text' }, { key: 'address', label: 'Address', kind: 'text' },
  { key: 'city', label: 'City', kind: 'text' }, { key: 'state', label: 'State', kind: 'text' }, { key: 'zip', label: 'Zip', kind: 'text' },
  { key: 'propertyType', label: 'Property Type', kind: 'text' }, { key: 'units', label: 'Units', kind: 'integer' },
  { key: 'appraisedValue', label: 'Appraised Value ($)', kind: 'money' }, { key: 'appraisalDate', label: 'Appraisal Date', kind: 'date' },
];

export type Row = Record<string, string>;
export interface RpxForm { fields: Row; extensions: Row[]; properties: Row[] }

const blankRow = (defs: FieldDef[]): Row => Object.fromEntries(defs.map((f) => [f.key, '']));

export function defaultForm(): RpxForm {
  const fields = Object.fromEntries(SECTIONS.flatMap((s) => s.fields).map((f) => [f.key,
    f.kind === 'periodicity' ? PERIODICITIES[0] : f.kind === 'dayCount' ? DAY_COUNTS[0] : '']));
  return {
    fields,
    extensions: Array.from({ length: DEFAULT_EXTENSIONS }, () => blankRow(EXTENSION_FIELDS)),
    properties: Array.from({ length: DEFAULT_PROPERTIES }, () => blankRow(PROPERTY_FIELDS)),
  };
}

/** A field's problem, or null. Empty fields are allowed: the form describes what is known. */
export function fieldIssue(kind: FieldKind, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  switch (kind) {
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      return d && d.getUTCDate() === Number(m![3]) && d.getUTCMonth() === Number(m![2]) - 1 ? null : 'must be a date (MM/DD/YYYY)';
    }
    case 'money': return /^\d{1,13}(\.\d{1,2})?$/.test(value.replaceAll(',', '')) ? null : 'must be an amount of at most 2 decimals, not negative';
    case 'percent': {
      const n = Number(value);
      return value !== '' && Number.isFinite(n) && n >= 0 && n <= 100 ? null : 'must be a percent between 0 and 100';
    }
    case 'integer': return /^\d{1,6}$/.test(value) ? null : 'must be a whole number, not negative';
    case 'periodicity': return (PERIODICITIES as readonly string[]).includes(value) ? null : 'is not a periodicity';
    case 'dayCount': return (DAY_COUNTS as readonly string[]).includes(value) ? null : 'is not a day count';
    case 'text': return value.length <= 200 ? null : 'must be at most 200 characters';
  }
}

export interface FormIssue { path: string; message: string }

/** Every problem as 'Section: Field must be ...' lines, plus cross-field date order checks. */
export function formIssues(form: RpxForm): FormIssue[] {
  const issues: FormIssue[] = [];
  for (const section of SECTIONS) {
    for (const f of section.fields) {
      const problem = fieldIssue(f.kind, form.fields[f.key] ?? '');
      if (problem) issues.push({ path: f.key, message: `${section.title}: ${f.label} ${problem}` });
    }
  }
  form.extensions.forEach((row, i) => EXTENSION_FIELDS.forEach((f) => {
    const problem = fieldIssue(f.kind, row[f.key] ?? '');
    if (problem) issues.push({ path: `extensions.${i}.${f.key}`, message: `Maturity: extension ${i + 1} ${f.label} ${problem}` });
  }));
  form.properties.forEach((row, i) => PROPERTY_FIELDS.forEach((f) => {
    const problem = fieldIssue(f.kind, row[f.key] ?? '');
    if (problem) issues.push({ path: `properties.${i}.${f.key}`, message: `Property Details: property ${i + 1} ${f.label} ${problem}` });
  }));
  const { originationDate, firstPaymentDate, maturityDate } = form.fields;
  if (originationDate && firstPaymentDate && !issues.some((x) => x.path === 'firstPaymentDate') && firstPaymentDate <= originationDate) {
    issues.push({ path: 'firstPaymentDate', message: 'Loan Information: First Payment Date must be after the Origination Date' });
  }
  if (firstPaymentDate && maturityDate && !issues.some((x) => x.path === 'maturityDate') && maturityDate <= firstPaymentDate) {
    issues.push({ path: 'maturityDate', message: 'Maturity: Maturity Date must be after the First Payment Date' });
  }
  return issues;
}

const numeric = (kind: FieldKind) => kind === 'money' || kind === 'percent' || kind === 'integer';
const typed = (kind: FieldKind, raw: string): string | number | null => {
  const v = raw.trim();
  if (v === '') return null;
  return numeric(kind) ? Number(v.replaceAll(',', '')) : v;
};

/** What was entered, typed: numbers as numbers, blanks as null, empty list rows dropped. */
export function formDocument(form: RpxForm) {
  const nonEmpty = (row: Row) => Object.values(row).some((v) => v.trim() !== '');
  const doc: Record<string, unknown> = {};
  for (const s of SECTIONS) doc[s.key] = Object.fromEntries(s.fields.map((f) => [f.key, typed(f.kind, form.fields[f.key] ?? '')]));
  (doc.maturity as Record<string, unknown>).extensions = form.extensions.filter(nonEmpty)
    .map((r) => Object.fromEntries(EXTENSION_FIELDS.map((f) => [f.key, typed(f.kind, r[f.key] ?? '')])));
  doc.properties = form.properties.filter(nonEmpty).map((r) => Object.fromEntries(PROPERTY_FIELDS.map((f) => [f.key, typed(f.kind, r[f.key] ?? '')])));
  return doc;
}

/** A field kind's kind in the export convention (@opencrt/contracts export-format): dates as date cells formatted mm/dd/yyyy. */
const exportKindOf = (kind: FieldKind): ExportKind => (kind === 'date' ? 'date' : kind === 'money' ? 'money' : kind === 'integer' ? 'integer' : kind === 'percent' ? 'number' : 'text');
const excelFormat = (kind: FieldKind) => (kind === 'percent' ? '0.0000' : xlsxNumFmt(exportKindOf(kind)));
const excelCell = (kind: FieldKind, raw: string) => xlsxCell(typed(kind, raw), exportKindOf(kind));

/** The same content as a workbook: a Loan sheet (section, field, value), Extensions and Properties sheets. */
export async function formWorkbook(form: RpxForm): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const loan = book.addWorksheet('Loan');
  loan.columns = [{ header: 'Section', width: 22 }, { header: 'Field', width: 28 }, { header: 'Value', width: 24 }];
  loan.getRow(1).font = { bold: true };
  for (const s of SECTIONS) {
    for (const f of s.fields) {
      const row = loan.addRow([s.title, f.label, excelCell(f.kind, form.fields[f.key] ?? '')]);
      const fmt = excelFormat(f.kind);
      if (fmt) row.getCell(3).numFmt = fmt;
    }
  }
  const list = (name: string, defs: FieldDef[], rows: Row[]) => {
    const sheet = book.addWorksheet(name);
    sheet.columns = defs.map((d) => ({ header: d.label, width: Math.max(12, d.label.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    rows.forEach((r) => sheet.addRow(defs.map((d) => excelCell(d.kind, r[d.key] ?? ''))));
    defs.forEach((d, i) => { const fmt = excelFormat(d.kind); if (fmt) sheet.getColumn(i + 1).numFmt = fmt; });
  };
  list('Extensions', EXTENSION_FIELDS, form.extensions);
  list('Properties', PROPERTY_FIELDS, form.properties);
  return book.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}
