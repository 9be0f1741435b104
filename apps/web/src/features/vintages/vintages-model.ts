/** Vintages screen: the filter form as a query string, the curves as chart series, the export tabs. */
import type { ModelMonth, StratRow, Vintage, VintageBacktest } from '@opencrt/contracts';
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

/** ECharts' default palette: a model's dashed line takes its vintage's colour (the actual series come first, in vintage order). */
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

export const MODEL_LABELS: Record<VintageBacktest['Model'], string> = { LDM: 'LDM 2.2', LDM_3: 'LDM 3.0', AFT: 'AFT' };

const modelValue = (m: ModelMonth, key: CurveKey): number | null => {
  if (key === 'Dq90PlusPct') return null;
  if (key === 'Severity') return m.CumulativeDefaultPct > 0 ? (100 * m.CumulativeNetLossPct) / m.CumulativeDefaultPct : 0;
  return m[key];
};

/**
 * The model's back-test as a dashed series beside the actual ones, in its vintage's colour; none
 * for 90+ (the model tracks 60+ only) or when the vintage is not on the chart.
 */
export function modelSeries(vintages: readonly Vintage[], backtest: VintageBacktest | null, key: CurveKey): { name: string; values: number[]; dashed: true; color: string }[] {
  const index = backtest ? vintages.findIndex((v) => v.Vintage === backtest.Vintage) : -1;
  if (!backtest || index < 0 || key === 'Dq90PlusPct') return [];
  const label = `${backtest.Vintage} model (${MODEL_LABELS[backtest.Model]}${backtest.Calibration ? `, ${backtest.Calibration}` : ''})`;
  return [{ name: label, values: backtest.Months.map((m) => modelValue(m, key) ?? 0), dashed: true, color: PALETTE[index % PALETTE.length] as string }];
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
  ['Model back-test', 'the credit model run on the vintage\'s own loans (a seeded sample past the loan cap), each first-payment-month cohort on the historical macro path (FHFA HPI, PMMS, unemployment) from that month; default = UPB reaching 180 days delinquent, net loss at liquidation, CPR and CDR on the definitions above. The model tracks 60+ delinquency, so it draws no 90+ curve. A calibration is a set of CPR, CDR and severity factors fitted to an imported population (npm run model:fit -- --population).'],
];

type MonthRow = { Vintage: string; MonthOnBook: number; CumulativeDefaultPct: number; CumulativeNetLossPct: number; Cpr: number; Cdr: number; Dq90PlusPct: number };

/** Export tabs: vintages, their months, the strats. */
type ModelColumns = { ModelCumulativeDefaultPct?: number; ModelCumulativeNetLossPct?: number; ModelCpr?: number; ModelCdr?: number };

/** Export tabs: vintages, their months (with the model's columns on the back-tested vintage's months), the strats. */
export function exportTabs(vintages: readonly Vintage[], strats: readonly StratRow[], dimension: string, backtest: VintageBacktest | null = null): ExportTab<Record<string, unknown>>[] {
  const modelAt = new Map((backtest?.Months ?? []).map((m) => [m.MonthOnBook, m]));
  const months: (MonthRow & ModelColumns)[] = vintages.flatMap((v) => v.Months.map((m) => {
    const model = backtest?.Vintage === v.Vintage ? modelAt.get(m.MonthOnBook) : undefined;
    return {
      Vintage: v.Vintage, ...m,
      ...(model ? { ModelCumulativeDefaultPct: model.CumulativeDefaultPct, ModelCumulativeNetLossPct: model.CumulativeNetLossPct, ModelCpr: model.Cpr, ModelCdr: model.Cdr } : {}),
    };
  }));
  const label = backtest ? `${MODEL_LABELS[backtest.Model]}${backtest.Calibration ? ` ${backtest.Calibration}` : ''}` : '';
  const modelColumns: ExportTab<Record<string, unknown>>['columns'] = backtest ? [
    { header: `Model cumulative default % (${label})`, value: (r) => r.ModelCumulativeDefaultPct ?? null, kind: 'percent' },
    { header: `Model cumulative net loss % (${label})`, value: (r) => r.ModelCumulativeNetLossPct ?? null, kind: 'percent' },
    { header: `Model CPR % (${label})`, value: (r) => r.ModelCpr ?? null, kind: 'percent' },
    { header: `Model CDR % (${label})`, value: (r) => r.ModelCdr ?? null, kind: 'percent' },
  ] : [];
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
        ...modelColumns,
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
