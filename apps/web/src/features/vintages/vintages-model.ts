/** Vintages screen: the filter form as a query string, the curves as chart series, the export tabs. */
import type { StratRow, Vintage } from '@opencrt/contracts';
import type { ExportTab } from '../../components/cashflow-export/export-cashflows.ts';

export interface VintageForm {
  by: 'year' | 'quarter';
  source: '' | 'freddie' | 'fannie';
  referencePool: string;
  yearFrom: string; yearTo: string;
  ficoMin: string; ficoMax: string;
  ltvMin: string; ltvMax: string;
  cltvMin: string; cltvMax: string;
  dtiMin: string; dtiMax: string;
  upbMin: string; upbMax: string;
  purpose: string; occupancy: string; propertyType: string; channel: string; state: string;
  firstTimeBuyer: '' | 'Y' | 'N';
  mi: '' | 'Y' | 'N';
  seller: string;
}

export const EMPTY_FORM: VintageForm = {
  by: 'year', source: '', referencePool: '', yearFrom: '', yearTo: '', ficoMin: '', ficoMax: '', ltvMin: '', ltvMax: '', cltvMin: '', cltvMax: '',
  dtiMin: '', dtiMax: '', upbMin: '', upbMax: '', purpose: '', occupancy: '', propertyType: '', channel: '', state: '', firstTimeBuyer: '', mi: '', seller: '',
};

/** The non-blank fields as a query string; the server checks every bound and names a bad field. */
export function vintageQuery(form: VintageForm, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...form, ...extra })) {
    const v = String(value).trim();
    if (v) params.set(key, v);
  }
  return params.toString();
}

export type CurveKey = 'CumulativeDefaultPct' | 'CumulativeNetLossPct' | 'Severity' | 'Cpr' | 'Cdr' | 'Dq90PlusPct';

export const CURVES: { key: CurveKey; title: string }[] = [
  { key: 'CumulativeDefaultPct', title: 'Cumulative default (% of original UPB)' },
  { key: 'CumulativeNetLossPct', title: 'Cumulative net loss (% of original UPB)' },
  { key: 'Severity', title: 'Severity to date (net loss / defaulted UPB, %)' },
  { key: 'Cpr', title: 'CPR (%)' },
  { key: 'Cdr', title: 'CDR (%)' },
  { key: 'Dq90PlusPct', title: '90+ delinquent (% of UPB outstanding)' },
];

/** Months on book 1…longest vintage, and one series per vintage (severity to date: cumulative loss over cumulative default). */
export function curveSeries(vintages: readonly Vintage[], key: CurveKey): { periods: number[]; series: { name: string; values: number[] }[] } {
  const longest = Math.max(0, ...vintages.map((v) => v.Months.length));
  const periods = Array.from({ length: longest }, (_, i) => i + 1);
  return {
    periods,
    series: vintages.map((v) => ({
      name: v.Vintage,
      values: v.Months.map((m) => (key === 'Severity'
        ? (m.CumulativeDefaultPct > 0 ? (100 * m.CumulativeNetLossPct) / m.CumulativeDefaultPct : 0)
        : m[key])),
    })),
  };
}

export const DEFINITIONS: [string, string][] = [
  ['Credit event', 'the first month a loan is 180+ days delinquent, or leaves with zero balance code 02 (third-party sale), 03 (short sale or charge-off), 09 (REO disposition) or 15 (note sale); Fannie Mae also 97 and 98.'],
  ['DefaultedUpb', 'the loan\'s current actual UPB at its credit event: the last non-zero UPB reported.'],
  ['Net loss', 'the negative of Actual Loss Calculation (Fannie Mae: Cumulative Credit Event Net Gain or Loss, which Fannie signs positive for a loss), summed over liquidated loans (02, 03, 09, 15), in the month of liquidation.'],
  ['Severity', 'net loss / DefaultedUpb of the liquidated loans.'],
  ['CPR', '1 − (1 − SMM)^12; SMM = (voluntary payoffs (01) + curtailments) / (balance at the start of the month − scheduled principal).'],
  ['CDR', '1 − (1 − MDR)^12; MDR = DefaultedUpb of the month\'s credit events / start-of-month balance of loans without an earlier credit event.'],
  ['90+', 'UPB of loans 90+ days delinquent or in REO / UPB outstanding that month.'],
  ['Percents', 'cumulative default and net loss are percents of the vintage\'s original UPB.'],
];

type MonthRow = { Vintage: string; MonthOnBook: number; CumulativeDefaultPct: number; CumulativeNetLossPct: number; Cpr: number; Cdr: number; Dq90PlusPct: number };

/** Export tabs: vintages, their months, the strats. */
export function exportTabs(vintages: readonly Vintage[], strats: readonly StratRow[], dimension: string): ExportTab<Record<string, unknown>>[] {
  const months: MonthRow[] = vintages.flatMap((v) => v.Months.map((m) => ({ Vintage: v.Vintage, ...m })));
  return [
    {
      name: 'Vintages',
      rows: vintages as unknown as Record<string, unknown>[],
      columns: [
        { header: 'Vintage', value: (r) => r.Vintage }, { header: 'Loans', value: (r) => r.Loans, kind: 'integer' },
        { header: 'Original UPB', value: (r) => r.OriginalUpb, kind: 'money' }, { header: 'Defaulted loans', value: (r) => r.DefaultedLoans, kind: 'integer' },
        { header: 'Defaulted UPB', value: (r) => r.DefaultedUpb, kind: 'money' }, { header: 'Cumulative default %', value: (r) => r.CumulativeDefaultPct, kind: 'percent' },
        { header: 'Cumulative net loss %', value: (r) => r.CumulativeNetLossPct, kind: 'percent' }, { header: 'Severity %', value: (r) => r.SeverityPct, kind: 'percent' },
      ],
    },
    {
      name: 'Months',
      rows: months as unknown as Record<string, unknown>[],
      columns: [
        { header: 'Vintage', value: (r) => r.Vintage }, { header: 'Month on book', value: (r) => r.MonthOnBook, kind: 'integer' },
        { header: 'Cumulative default %', value: (r) => r.CumulativeDefaultPct, kind: 'percent' }, { header: 'Cumulative net loss %', value: (r) => r.CumulativeNetLossPct, kind: 'percent' },
        { header: 'CPR %', value: (r) => r.Cpr, kind: 'percent' }, { header: 'CDR %', value: (r) => r.Cdr, kind: 'percent' }, { header: '90+ %', value: (r) => r.Dq90PlusPct, kind: 'percent' },
      ],
    },
    {
      name: `Strats by ${dimension}`,
      rows: strats as unknown as Record<string, unknown>[],
      columns: [
        { header: 'Bucket', value: (r) => r.Bucket }, { header: 'Loans', value: (r) => r.Loans, kind: 'integer' },
        { header: 'Original UPB', value: (r) => r.OriginalUpb, kind: 'money' }, { header: 'Share %', value: (r) => r.SharePct, kind: 'percent' },
        { header: 'WA FICO', value: (r) => r.WaFico, kind: 'number' }, { header: 'WA LTV', value: (r) => r.WaLtv, kind: 'number' },
        { header: 'WA DTI', value: (r) => r.WaDti, kind: 'number' }, { header: 'WA rate %', value: (r) => r.WaRatePct, kind: 'percent' },
        { header: 'Defaulted UPB', value: (r) => r.DefaultedUpb, kind: 'money' }, { header: 'Cumulative default %', value: (r) => r.CumulativeDefaultPct, kind: 'percent' },
        { header: 'Cumulative net loss %', value: (r) => r.CumulativeNetLossPct, kind: 'percent' }, { header: 'Severity %', value: (r) => r.SeverityPct, kind: 'percent' },
      ],
    },
  ];
}
