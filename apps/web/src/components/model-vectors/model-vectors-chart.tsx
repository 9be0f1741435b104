/**
 * The credit model's CPR, CDR and severity by period (issue 24), on every analysis screen that
 * runs a model (deal, bond, ACIS, CIRT): the vectors the waterfall ran on, from the answer's rows.
 * With the deal run's CreditModel answer it also sets the loan-level run beside the rep-line run
 * of the same inputs, one chart per measure and a small table, so an analyst sees where the tape's
 * dispersion (convexity) moves them apart.
 */
import type { CreditModelRun } from '@opencrt/contracts';
import { useMemo, useState } from 'react';
import { PeriodChart, type PeriodSeries } from '../period-chart/period-chart.tsx';
import { comparisonRows, COMPARISON_WINDOWS } from './model-comparison.ts';

const MODEL_LABELS: Record<string, string> = { LDM: 'LDM 2.2', LDM_3: 'LDM 3.0', AFT: 'AFT' };

/** The screen label of a credit model value ('LDM_3' → 'LDM 3.0'); null for None, UserDefined or nothing. */
export function creditModelLabel(model: string | null | undefined): string | null {
  return typeof model === 'string' ? (MODEL_LABELS[model] ?? null) : null;
}

/** A result row with the rates the run used (collateral, bond or insurance rows). */
export interface RateRow { Period: number; CprRate: number; CdrRate: number; LossSeverityRate: number; IsHistorical?: boolean }

/**
 * @param rows the answer's rows; historical rows (blended runs) and the period-0 start row are left out
 * @param model the model label of the run that produced `rows` ('LDM 3.0'), null when it used no model.
 *        The label is taken when `rows` arrive, so changing the model select afterwards does not relabel them.
 * @param run the deal answer's CreditModel (loan level and rep line); omitted on the other screens
 */
export function ModelVectorsChart({ rows, model, agency = false, run = null }: {
  rows: readonly RateRow[]; model: string | null; agency?: boolean; run?: CreditModelRun | null;
}) {
  const [seen, setSeen] = useState({ rows, model });
  if (seen.rows !== rows) setSeen({ rows, model });
  const label = seen.rows === rows ? seen.model : model;
  const projected = useMemo(() => rows.filter((r) => r.Period > 0 && !r.IsHistorical), [rows]);
  const periods = useMemo(() => projected.map((r) => r.Period), [projected]);
  const series = useMemo<PeriodSeries[]>(() => [
    { name: 'CPR %', values: projected.map((r) => r.CprRate * 100) },
    ...(agency ? [] : [
      { name: 'CDR %', values: projected.map((r) => r.CdrRate * 100) },
      { name: 'Severity %', values: projected.map((r) => r.LossSeverityRate * 100) },
    ]),
  ], [projected, agency]);
  if (!label || projected.length === 0) return null;
  return (
    <section className="mt-2" data-testid="model-vectors">
      <PeriodChart title={`Credit model ${label}: CPR, CDR and severity by period (the vectors the waterfall ran on)`}
        periods={periods} series={series} testId="chart-model-vectors" unit="percent" />
      {run?.RepLine && <LoanLevelVsRepLine run={run} label={label} agency={agency} />}
    </section>
  );
}

const MEASURES = [
  { key: 'Cpr', name: 'CPR', testId: 'chart-model-cpr' },
  { key: 'Cdr', name: 'CDR', testId: 'chart-model-cdr' },
  { key: 'Severity', name: 'Severity', testId: 'chart-model-severity' },
] as const;

/** Loan level and rep line by month, one chart per measure, and their averages side by side. */
function LoanLevelVsRepLine({ run, label, agency }: { run: CreditModelRun; label: string; agency: boolean }) {
  const rep = run.RepLine;
  const months = useMemo(() => run.LoanLevel.Cpr.map((_, i) => i + 1), [run]);
  const charts = useMemo(() => MEASURES.filter((m) => !agency || m.key === 'Cpr').map((m) => ({
    ...m,
    series: [
      { name: 'Loan level', values: run.LoanLevel[m.key].map((x) => x * 100) },
      { name: 'Rep line', values: (rep?.[m.key] ?? []).map((x) => x * 100) },
    ] satisfies PeriodSeries[],
  })), [run, rep, agency]);
  const table = useMemo(() => comparisonRows(run).filter((r) => !agency || r.measure === 'CPR'), [run, agency]);
  if (!rep) return null;
  return (
    <div data-testid="model-comparison">
      <h3 className="h6 mt-2 mb-1" data-testid="model-comparison-title">
        {label}, same inputs, by month: loan level ({run.Loans.toLocaleString('en-US')} loans) vs rep line ({run.RepLines.toLocaleString('en-US')} lines at the tape&apos;s averages)
      </h3>
      <div className="row g-2">
        {charts.map((c) => (
          <div className="col-lg-4" key={c.key}>
            <PeriodChart title={`${c.name} %`} periods={months} series={c.series} testId={c.testId} height={240} unit="percent" />
          </div>
        ))}
      </div>
      <table className="table table-sm small w-auto mt-1 mb-0" data-testid="model-comparison-table">
        <thead>
          <tr>
            <th>Average</th>
            {COMPARISON_WINDOWS.map((w) => <th key={w.label} colSpan={3} className="text-center">{w.label}</th>)}
          </tr>
          <tr>
            <th />
            {COMPARISON_WINDOWS.map((w) => ['Loan level', 'Rep line', 'Difference'].map((h) => <th key={`${w.label}${h}`} className="text-end">{h}</th>))}
          </tr>
        </thead>
        <tbody>
          {table.map((r) => (
            <tr key={r.measure} data-testid={`model-comparison-${r.measure.toLowerCase().replace(' ', '-')}`}>
              <th>{r.measure} %{r.measure === 'Severity' ? ' (CDR-weighted)' : r.measure === 'Cumulative default' ? ' (of the starting balance, to the window\'s end)' : ''}</th>
              {r.windows.map((w, i) => [w.loanLevel, w.repLine, w.loanLevel - w.repLine].map((v, k) => (
                <td key={`${i}-${k}`} className="text-end">{k === 2 && v > 0 ? '+' : ''}{(v * 100).toFixed(2)}</td>
              )))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
