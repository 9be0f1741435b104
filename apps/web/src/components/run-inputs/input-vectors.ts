/**
 * The run's per-period input vectors (issue 25 #9): CPR, CDR, severity and delinquency as the
 * collateral periods ran them (the rates of its rows, so a ramp, a saved scenario or a credit
 * model all show what was used) and the index of each period (the request's IndexCurve, else its
 * Libor, flat or a vector; the last rate carries forward as in the engine). Percent, like the screen.
 */
import type { CollateralCashflowRow } from '@opencrt/engine';
import type { ExportTab } from '../cashflow-export/export-cashflows.ts';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';

/** One period of the Vectors sheet; rates in percent. */
export interface InputVectorRow {
  period: number;
  paymentDate: number | null;
  cprPct: number;
  cdrPct: number;
  severityPct: number;
  delinquencyPct: number;
  /** Null when the request gave no usable index (a prerun file's own index column, say). */
  indexPct: number | null;
}

/**
 * Index of each projected period (fractions, period 1 first) from a run body: IndexCurve as it is,
 * else Libor (a number, or the request's list with its leading period-0 element).
 */
export function indexPathOf(body: Record<string, unknown>): number[] | number | null {
  const curve = body.IndexCurve;
  if (Array.isArray(curve) && curve.length > 0 && curve.every((x) => typeof x === 'number')) return curve as number[];
  const libor = body.Libor;
  if (typeof libor === 'number') return libor;
  if (Array.isArray(libor) && libor.every((x) => typeof x === 'number')) {
    const list = libor as number[];
    return list.length <= 1 ? (list[0] ?? null) : list.slice(1);
  }
  return null;
}

const at = (path: number[] | number | null, k: number): number | null => {
  if (path === null || typeof path === 'number') return path;
  return path[Math.min(k, path.length - 1)] ?? null;
};

/** The rates of a period: collateral rows and bond rows both carry them. */
export type RatedRow = Pick<CollateralCashflowRow, 'Period' | 'CprRate' | 'CdrRate' | 'LossSeverityRate' | 'DelinquencyRate'> & { PaymentDate: number | null };

export function inputVectorRows(rows: readonly RatedRow[], body: Record<string, unknown>): InputVectorRow[] {
  const path = indexPathOf(body);
  // Period 0 (the balance at settlement) ran no rates.
  return rows.filter((r) => r.Period > 0).map((r, k) => {
    const index = at(path, k);
    return {
      period: r.Period, paymentDate: r.PaymentDate,
      cprPct: r.CprRate * 100, cdrPct: r.CdrRate * 100, severityPct: r.LossSeverityRate * 100, delinquencyPct: r.DelinquencyRate * 100,
      indexPct: index === null ? null : index * 100,
    };
  });
}

/** The 'Vectors' sheet; agency deals show CPR and the index only (their CDR and severity are 0 by rule). */
export function inputVectorsSheet(result: Pick<SimulationResult, 'CollateralCashflow'>, body: Record<string, unknown>, agency: boolean): ExportTab<InputVectorRow> {
  return vectorsSheetOf(result.CollateralCashflow, body, agency);
}

/** The 'Vectors' sheet of any rows with the period rates (the bond screen's workbook uses the bond's rows). */
export function vectorsSheetOf(rows: readonly RatedRow[], body: Record<string, unknown>, agency: boolean): ExportTab<InputVectorRow> {
  const credit = [
    { header: 'CDR (%)', value: (r: InputVectorRow) => r.cdrPct, kind: 'percent' as const },
    { header: 'Loss Severity (%)', value: (r: InputVectorRow) => r.severityPct, kind: 'percent' as const },
    { header: 'Delinquency (%)', value: (r: InputVectorRow) => r.delinquencyPct, kind: 'percent' as const },
  ];
  return {
    name: 'Vectors',
    rows: inputVectorRows(rows, body),
    columns: [
      { header: 'Period', value: (r) => r.period, kind: 'integer' },
      { header: 'Payment Date', value: (r) => r.paymentDate, kind: 'date' },
      { header: 'CPR (%)', value: (r) => r.cprPct, kind: 'percent' },
      ...(agency ? [] : credit),
      { header: 'Index (%)', value: (r) => r.indexPct, kind: 'percent' },
    ],
  };
}
