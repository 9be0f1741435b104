/**
 * A virtualised cashflow table (AG Grid community) for collateral, bond and trigger rows.
 * Columns say how to format their values; numbers right-aligned.
 */
import type { ExportKind } from '@opencrt/contracts';
import { AgGridReact } from 'ag-grid-react';
import { AllCommunityModule, ModuleRegistry, themeQuartz, type ColDef } from 'ag-grid-community';
import { useMemo } from 'react';

ModuleRegistry.registerModules([AllCommunityModule]);
const theme = themeQuartz.withParams({ fontSize: 12, rowHeight: 26, headerHeight: 32, spacing: 4 });

export interface CashflowColumn<Row> {
  header: string;
  value(row: Row): number | string | boolean | null;
  /** Display text; defaults to the value as it is. */
  format?(value: number | string | boolean | null): string;
  /** What a spreadsheet export writes before the export convention applies (e.g. a fraction as percent); defaults to the value. */
  exportValue?(value: number | string | boolean | null): number | string | null;
  /** The kind of the exported value (rounding, date form, workbook number format); numbers default to 'number'. */
  exportKind?: ExportKind;
  width?: number;
}

export function CashflowTable<Row>({ rows, columns, height = 420, testId, rowClass }: {
  rows: Row[]; columns: CashflowColumn<Row>[]; height?: number; testId?: string;
  /** Optional CSS class of a row (e.g. historical rows shown darker on CIRT). */
  rowClass?(row: Row): string | undefined;
}) {
  const columnDefs = useMemo<ColDef<Row>[]>(() => columns.map((c, i) => ({
    colId: `c${i}`,
    headerName: c.header,
    valueGetter: (p) => (p.data ? c.value(p.data) : null),
    valueFormatter: (p) => (c.format ? c.format(p.value as number | string | null) : String(p.value ?? '')),
    width: c.width ?? 130,
    type: i === 0 ? undefined : 'rightAligned',
    sortable: false,
  })), [columns]);
  return (
    <div style={{ height }} data-testid={testId}>
      <AgGridReact<Row> theme={theme} rowData={rows} columnDefs={columnDefs} suppressCellFocus
        {...(rowClass ? { getRowClass: (p: { data?: Row }) => (p.data ? rowClass(p.data) : undefined) } : {})} />
    </div>
  );
}
