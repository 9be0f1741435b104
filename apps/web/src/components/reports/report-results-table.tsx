/** A report's rows under its column formats, with a totals footer (shared by the editor preview, /reports and the historical sections). */
import type { ReportCell } from '@opencrt/contracts';
import { cellAlign, columnTotals, formatCell, type DisplayColumn } from './report-format.ts';
import { ScrollRegion } from '../scroll-region/scroll-region.tsx';

interface Props {
  columns: readonly DisplayColumn[];
  rows: readonly Record<string, ReportCell>[];
  /** Show only this many rows (the editor preview shows 10). */
  limit?: number;
  testId?: string;
  maxHeight?: string;
}

const alignClass = { start: 'text-start', end: 'text-end', center: 'text-center' } as const;

export function ReportResultsTable({ columns, rows, limit, testId = 'report-results', maxHeight = '60vh' }: Props) {
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  const totals = columnTotals(columns, rows);
  return (
    <ScrollRegion label="Report rows" className="border rounded bg-white" style={{ maxHeight }}>
      <table className="table table-sm table-striped mb-0 small" data-testid={testId}>
        <thead className="table-light sticky-top">
          <tr>{columns.map((c) => <th key={c.key} className="text-nowrap" data-key={c.key}>{c.label}</th>)}</tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => {
                const v = row[c.key] ?? null;
                return <td key={c.key} className={`${alignClass[cellAlign(v, c.dataType)]} text-nowrap`}>{formatCell(v, c.dataType)}</td>;
              })}
            </tr>
          ))}
        </tbody>
        {totals.size > 0 && (
          <tfoot className="table-light fw-semibold" data-testid={`${testId}-totals`}>
            <tr>
              {columns.map((c, i) => (
                <td key={c.key} className={totals.has(c.key) ? 'text-end' : ''}>
                  {totals.has(c.key) ? formatCell(totals.get(c.key)! as ReportCell, c.dataType === 'Auto' ? 'Number2' : c.dataType) : i === 0 ? 'Total' : ''}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </ScrollRegion>
  );
}
