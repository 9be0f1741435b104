/**
 * The vendor grid table (AG Grid community, spec 002 grid): row number; Deal and Bond links (no
 * bond for CIRT deals); Balance or Initial Limit; Current Balance or Current Limit; Price or
 * Coll (%); then one column per visible scenario under its vendor; a Totals footer row. A scenario
 * header click asks for that scenario's totals; a cell click (not 'Missing scenario') for that
 * entry's cash flow.
 */
import { AgGridReact } from 'ag-grid-react';
import {
  AllCommunityModule, ModuleRegistry, themeQuartz, type CellClickedEvent, type ColDef, type ColGroupDef, type ColumnHeaderClickedEvent,
} from 'ag-grid-community';
import { MISSING_SCENARIO, type GridCell, type PortfolioEntryOut, type PortfolioType } from '@opencrt/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { bondLink, cellKey, cellText, columnTotal, dealLink, formatMetric, type MetricKey, type ScenarioColumn } from './vendor-grid-model.ts';

ModuleRegistry.registerModules([AllCommunityModule]);
const theme = themeQuartz.withParams({ fontSize: 12, rowHeight: 28, headerHeight: 30, spacing: 4 });

interface Row { entry: PortfolioEntryOut | null; current: number | null }
const money = (x: number | null | undefined) => (typeof x === 'number' ? x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '');
const SCENARIO_PREFIX = 's:';

export function VendorGridTable({ type, entries, columns, cells, metric, onHeader, onCell }: {
  type: PortfolioType; entries: readonly PortfolioEntryOut[]; columns: readonly ScenarioColumn[]; cells: ReadonlyMap<string, GridCell>;
  metric: MetricKey; onHeader(column: ScenarioColumn): void; onCell(entry: PortfolioEntryOut, column: ScenarioColumn): void;
}) {
  const reins = type === 'Reinsurance';
  const rows = useMemo<Row[]>(() => entries.map((e) => ({
    entry: e,
    current: columns.map((c) => cells.get(cellKey(e.OrdinalNumber, c))?.CurrentBalance).find((v): v is number => typeof v === 'number') ?? null,
  })), [entries, columns, cells]);
  const footer = useMemo<Row[]>(() => [{ entry: null, current: null }], []);

  const columnDefs = useMemo<(ColDef<Row> | ColGroupDef<Row>)[]>(() => {
    const fixed: ColDef<Row>[] = [
      { colId: 'n', headerName: '#', width: 44, pinned: 'left', valueGetter: (p) => (p.data?.entry ? p.data.entry.OrdinalNumber : '') },
      {
        colId: 'deal', headerName: 'Deal', width: 132, pinned: 'left',
        cellRenderer: (p: { data?: Row }) => (p.data?.entry ? <Link to={dealLink(p.data.entry.DealName, p.data.entry.BondName)}>{p.data.entry.DealName}</Link> : <b>Totals</b>),
      },
      {
        colId: 'bond', headerName: 'Bond', width: 68,
        cellRenderer: (p: { data?: Row }) => (p.data?.entry && !/^CIRT/i.test(p.data.entry.DealName)
          ? <Link to={bondLink(p.data.entry.DealName, p.data.entry.BondName)}>{p.data.entry.BondName}</Link> : null),
      },
      { colId: 'face', headerName: reins ? 'Initial Limit' : 'Balance', width: 112, type: 'rightAligned', valueGetter: (p) => (p.data?.entry ? money(p.data.entry.OwnedFaceAmt) : money(entries.reduce((s, e) => s + e.OwnedFaceAmt, 0))) },
      { colId: 'current', headerName: reins ? 'Current Limit' : 'Current Balance', width: 112, type: 'rightAligned', valueGetter: (p) => money(p.data?.current) },
      { colId: 'margin', headerName: reins ? 'Coll (%)' : 'Price', width: 68, type: 'rightAligned', valueGetter: (p) => (p.data?.entry ? p.data.entry.Margin.toFixed(2) : '') },
    ];
    const scenarioDef = (c: ScenarioColumn): ColDef<Row> => ({
      colId: SCENARIO_PREFIX + c.key, headerName: c.name, type: 'rightAligned',
      // A cashflow column's name is 'Deal / Month / Scenario': wider, wrapped, and it says which entries it runs.
      ...(c.cashflow
        ? { width: 160, wrapHeaderText: true, autoHeaderHeight: true, headerTooltip: `Your uploaded cashflow ${c.cashflow}: runs the ${c.dealName ?? ''} entries on its collateral rows. Click for their totals.` }
        : { width: 130, headerTooltip: 'Click for this scenario\'s portfolio totals' }),
      valueGetter: (p) => (p.data?.entry ? cellText(cells.get(cellKey(p.data.entry.OrdinalNumber, c)), metric) : formatTotal(c)),
      tooltipValueGetter: (p) => (c.cashflow && p.value === MISSING_SCENARIO ? `This cashflow is for ${c.dealName ?? 'another deal'} only: no result for ${p.data?.entry?.DealName ?? 'this entry'}.` : undefined),
      cellClass: (p) => (p.value === MISSING_SCENARIO ? 'text-secondary fst-italic' : p.data?.entry ? 'vendor-grid-cell' : 'fw-bold'),
    });
    // The vendor above the scenario names: neighbouring columns of one vendor share its header.
    const scenarioDefs: ColGroupDef<Row>[] = [];
    for (const c of columns) {
      const vendor = c.cashflow ? (c.vendor ? `${c.vendor} · user cashflow` : 'User cashflow') : (c.vendor ?? 'Not vendor specific');
      const last = scenarioDefs.at(-1);
      if (last && last.headerName === vendor) last.children.push(scenarioDef(c));
      else scenarioDefs.push({ headerName: vendor, groupId: `g${scenarioDefs.length}`, children: [scenarioDef(c)] });
    }
    function formatTotal(c: ScenarioColumn) {
      const t = columnTotal(entries, cells, c, metric);
      return t === null ? '' : formatMetric(metric, t);
    }
    return [...fixed, ...scenarioDefs];
  }, [columns, cells, metric, entries, reins]);

  const byColId = useMemo(() => new Map(columns.map((c) => [SCENARIO_PREFIX + c.key, c])), [columns]);
  const header = (e: ColumnHeaderClickedEvent<Row>) => {
    const id = 'getColId' in e.column ? e.column.getColId() : '';
    const c = byColId.get(id);
    if (c) onHeader(c);
  };
  const cell = (e: CellClickedEvent<Row>) => {
    const c = byColId.get(e.column.getColId());
    const entry = e.data?.entry;
    if (!c || !entry || e.value === MISSING_SCENARIO || e.value === '') return;
    onCell(entry, c);
  };
  // Short portfolios take the height they need; long ones scroll inside 560 px.
  const auto = entries.length <= 15;
  return (
    <div style={auto ? undefined : { height: 560 }} data-testid="vendor-grid">
      <AgGridReact<Row> theme={theme} rowData={rows} defaultColDef={{ sortable: false }} domLayout={auto ? 'autoHeight' : 'normal'} pinnedBottomRowData={footer} columnDefs={columnDefs} suppressCellFocus
        onColumnHeaderClicked={header} onCellClicked={cell} getRowId={(p) => String(p.data.entry?.OrdinalNumber ?? 'totals')} />
    </div>
  );
}
