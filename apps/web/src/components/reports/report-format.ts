/**
 * Report column formats (spec 002 entity Report column, DataType): how a cell is shown, aligned,
 * totalled and written to Excel. Percent values are fractions (0.0525 → 5.2500%), as in Excel.
 */
import { EXPORT_DECIMALS, EXPORT_NUMBER_FORMATS, exportNumber, type ReportCell, type ReportColumn, type ReportDataType } from '@opencrt/contracts';

export interface DisplayColumn { key: string; label: string; dataType: ReportDataType; total: boolean }

/**
 * The table's columns: the report's column formats in order (those the result has), then any
 * result column without a format, shown as Auto under its own name.
 */
export function displayColumns(formats: readonly ReportColumn[], resultColumns: readonly string[]): DisplayColumn[] {
  const byName = new Map(resultColumns.map((c) => [c.toLowerCase(), c]));
  const described = [...formats].sort((a, b) => a.Order - b.Order)
    .filter((f) => byName.has(f.DbName.toLowerCase()))
    .map((f) => ({ key: byName.get(f.DbName.toLowerCase())!, label: f.Name || f.DbName, dataType: f.DataType ?? 'Auto', total: f.Total }));
  const used = new Set(described.map((d) => d.key));
  return [...described, ...resultColumns.filter((c) => !used.has(c)).map((c) => ({ key: c, label: c, dataType: 'Auto' as const, total: false }))];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as a Date (ISO text or YYYY-MM-DD), or null. Calendar days stay on their day. */
export function cellDate(value: ReportCell): Date | null {
  if (typeof value !== 'string') return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

const grouped = (digits: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const NUMBER2 = grouped(2);
const NUMBER4 = grouped(4);
const AUTO = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

const asNumber = (value: ReportCell): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};

/** The text a cell shows in the table for its column's format. */
export function formatCell(value: ReportCell, dataType: ReportDataType): string {
  if (value === null) return '';
  const n = asNumber(value);
  switch (dataType) {
    case 'Integer': return n === null ? String(value) : String(Math.round(n));
    case 'Number2': return n === null ? String(value) : NUMBER2.format(n);
    case 'Number4': return n === null ? String(value) : NUMBER4.format(n);
    case 'Percent4': return n === null ? String(value) : `${(n * 100).toFixed(4)}%`;
    case 'DateShort': {
      const d = cellDate(value);
      return d ? `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}` : String(value);
    }
    case 'DateTime': {
      const d = cellDate(value);
      return d ? `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : String(value);
    }
    case 'StringLeft': case 'StringRight': case 'StringCenter': return String(value);
    case 'Auto': return typeof value === 'number' ? AUTO.format(value) : String(value);
  }
}

export function cellAlign(value: ReportCell, dataType: ReportDataType): 'start' | 'end' | 'center' {
  if (dataType === 'StringRight') return 'end';
  if (dataType === 'StringCenter' || dataType === 'DateShort' || dataType === 'DateTime') return 'center';
  if (dataType === 'StringLeft') return 'start';
  if (dataType === 'Auto') return typeof value === 'number' ? 'end' : 'start';
  return 'end';
}

/** Column totals (only columns marked Total; non-numeric cells are skipped). */
export function columnTotals(columns: readonly DisplayColumn[], rows: readonly Record<string, ReportCell>[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const c of columns) {
    if (!c.total) continue;
    let sum = 0;
    for (const row of rows) sum += asNumber(row[c.key] ?? null) ?? 0;
    totals.set(c.key, sum);
  }
  return totals;
}

/** Excel number format of a column format (kept in the export); dates in the export convention (mm/dd/yyyy). */
export function excelNumberFormat(dataType: ReportDataType): string | undefined {
  switch (dataType) {
    case 'Integer': return '0';
    case 'Number2': return '#,##0.00';
    case 'Number4': return '#,##0.0000';
    case 'Percent4': return '0.0000%';
    case 'DateShort': return EXPORT_NUMBER_FORMATS.date;
    case 'DateTime': return `${EXPORT_NUMBER_FORMATS.date} hh:mm:ss`;
    default: return undefined;
  }
}

/** Decimals a number of each column format is rounded to in the export (the export convention: no binary noise). */
const EXPORT_PLACES: Partial<Record<ReportDataType, number>> = {
  Integer: EXPORT_DECIMALS.integer, Number2: EXPORT_DECIMALS.money, Number4: 4, Percent4: EXPORT_DECIMALS.fraction,
};

/** A number rounded to a column format's places (Auto and text formats: the convention's 'number' places). */
function roundedFor(n: number, dataType: ReportDataType): number | null {
  const places = EXPORT_PLACES[dataType];
  if (places === undefined) return exportNumber(n, 'number');
  if (!Number.isFinite(n)) return null;
  const r = Number(n.toFixed(places));
  return r === 0 ? 0 : r;
}

/**
 * A cell as Excel should store it: numbers as numbers rounded to the column's places (no binary
 * noise), dates as dates (formatted mm/dd/yyyy), the rest as text.
 */
export function excelValue(value: ReportCell, dataType: ReportDataType): string | number | boolean | Date | null {
  if (value === null) return null;
  if (dataType === 'DateShort') return xlsxDay(value) ?? String(value);
  if (dataType === 'DateTime') return cellDate(value) ?? String(value);
  if (dataType === 'Integer' || dataType === 'Number2' || dataType === 'Number4' || dataType === 'Percent4') {
    const n = asNumber(value);
    return n === null ? String(value) : roundedFor(n, dataType);
  }
  return typeof value === 'number' ? roundedFor(value, dataType) : value;
}

/** A DateShort cell as the calendar day at UTC midnight (a timestamp keeps its UTC day). */
function xlsxDay(value: ReportCell): Date | null {
  const d = cellDate(value);
  return d ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) : null;
}
