/**
 * The catalog grid: AG Grid (community, row-virtualised) with one full-width header row per
 * group that collapses or expands it, and the spec's eight columns.
 */
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { AgGridReact } from 'ag-grid-react';
import {
  AllCommunityModule, ModuleRegistry, themeQuartz,
  type ColDef, type GetRowIdParams, type ICellRendererParams, type IsFullWidthRowParams, type RowClassParams,
} from 'ag-grid-community';
import type { CatalogGroup } from './catalog-groups.ts';
import type { CatalogEntry, CatalogGridRow, CatalogSection } from './catalog-model.ts';
import { flattenCatalog } from './catalog-model.ts';
import { formatDate, formatDecimal, formatDollars, formatMonth } from '../format/catalog-format.ts';
import './deal-catalog.css';

ModuleRegistry.registerModules([AllCommunityModule]);

const theme = themeQuartz.withParams({ fontSize: 13, rowHeight: 30, headerHeight: 34, spacing: 5 });

export interface DealCatalogGridProps {
  sections: CatalogSection[];
  collapsed: ReadonlySet<CatalogGroup>;
  onToggleGroup(group: CatalogGroup): void;
  /** Picker mode: choosing a deal calls this instead of following its link. */
  onPick?: ((entry: CatalogEntry) => void) | undefined;
  /** Online-deal editor links (OnlineDeals_Creator, once the editor exists). */
  editLinks?: boolean;
  height?: string;
}

type DealRow = Extract<CatalogGridRow, { kind: 'deal' }>;

function GroupHeader(props: ICellRendererParams<CatalogGridRow> & { onToggleGroup(group: CatalogGroup): void }) {
  const row = props.data;
  if (row?.kind !== 'group') return null;
  // A full-width row still needs a cell inside it for assistive technology (axe aria-required-children).
  return (
    <div role="gridcell" aria-colindex={1} className="w-100">
    <button
      type="button"
      className="btn btn-link text-start w-100 fw-semibold text-decoration-none deal-catalog-group"
      data-testid={`catalog-group-${row.group}`}
      aria-expanded={!row.collapsed}
      onClick={() => props.onToggleGroup(row.group)}
    >
      <span aria-hidden="true">{row.collapsed ? '▸' : '▾'}</span> {row.group} <span className="badge text-bg-secondary ms-1">{row.count}</span>
    </button>
    </div>
  );
}

function NameCell(props: ICellRendererParams<CatalogGridRow> & { onPick?: ((entry: CatalogEntry) => void) | undefined; editLinks?: boolean }) {
  const row = props.data;
  if (row?.kind !== 'deal') return null;
  const { entry } = row;
  return (
    <span className="d-inline-flex gap-2 align-items-center">
      {props.onPick ? (
        <button type="button" className="btn btn-link p-0 align-baseline" data-testid="catalog-deal-link" onClick={() => props.onPick?.(entry)}>
          {entry.row.DealName}
        </button>
      ) : (
        <Link to={entry.link} data-testid="catalog-deal-link">{entry.row.DealName}</Link>
      )}
      {props.editLinks && entry.row.CustomDealId ? (
        <Link to={`/deal_create?dealType=${entry.row.CustomDealType === 'PYTHON' ? 'REMIC' : (entry.row.CustomDealType ?? 'CIRT')}&dealId=${entry.row.CustomDealId}`}
          title="Edit deal" aria-label={`Edit ${entry.row.DealName}`} data-testid="catalog-edit-link">✎</Link>
      ) : null}
    </span>
  );
}

const deal = (p: { data?: CatalogGridRow | undefined }): CatalogEntry | null => (p.data?.kind === 'deal' ? p.data.entry : null);

/** Columns of spec 000 "Deal Catalog" with its number and date formats. */
function columns(onPick: DealCatalogGridProps['onPick'], editLinks: boolean): ColDef<CatalogGridRow>[] {
  // Widths sum to about 900 px so every column, Deal Factor and Factor Date included, fits at
  // 1024 px wide (issue 18 #8); the deal name takes what is left.
  const money = { type: 'rightAligned', width: 140 } as const;
  return [
    { headerName: 'Deal #', colId: 'dealId', width: 75, valueGetter: (p) => deal(p)?.row.DealId ?? '' },
    { headerName: 'Deal Name', colId: 'dealName', flex: 1, minWidth: 150, cellRenderer: NameCell, cellRendererParams: { onPick, editLinks } },
    { headerName: 'Issue Date', colId: 'issueDate', width: 105, valueGetter: (p) => formatDate(deal(p)?.row.IssueDate) },
    { headerName: 'Maturity Date', colId: 'maturityDate', width: 110, valueGetter: (p) => formatDate(deal(p)?.row.MaturityDate) },
    { headerName: 'Original Balance', colId: 'originalBalance', ...money, valueGetter: (p) => formatDollars(deal(p)?.row.OriginalBalance) },
    { headerName: 'Current Balance', colId: 'currentBalance', ...money, valueGetter: (p) => formatDollars(deal(p)?.row.CurrentBalance) },
    { headerName: 'Deal Factor', colId: 'dealFactor', type: 'rightAligned', width: 95, valueGetter: (p) => formatDecimal(deal(p)?.row.DealFactor) },
    { headerName: 'Factor Date', colId: 'factorDate', width: 95, valueGetter: (p) => formatMonth(deal(p)?.row.FactorDate) },
  ];
}

export function DealCatalogGrid({ sections, collapsed, onToggleGroup, onPick, editLinks = false, height = '70vh' }: DealCatalogGridProps) {
  const rowData = useMemo(() => flattenCatalog(sections, collapsed), [sections, collapsed]);
  const columnDefs = useMemo(() => columns(onPick, editLinks), [onPick, editLinks]);
  // Stable option objects: a new object on every render makes AG Grid re-apply columns/renderers.
  const defaultColDef = useMemo<ColDef<CatalogGridRow>>(() => ({ sortable: false, resizable: true, suppressMovable: true, wrapHeaderText: true, autoHeaderHeight: true }), []);
  const fullWidthParams = useMemo(() => ({ onToggleGroup }), [onToggleGroup]);
  const isFullWidthRow = useCallback((p: IsFullWidthRowParams<CatalogGridRow>) => p.rowNode.data?.kind === 'group', []);
  const getRowId = useCallback((p: GetRowIdParams<CatalogGridRow>) => p.data.id, []);
  const getRowClass = useCallback((p: RowClassParams<CatalogGridRow>) => {
    const e = p.data?.kind === 'deal' ? (p.data as DealRow).entry : null;
    if (!e) return 'deal-catalog-group-row';
    const classes = ['deal-catalog-row'];
    if (e.paidOff || e.stale) classes.push('deal-catalog-row-inactive');
    if (e.special) classes.push('deal-catalog-row-special');
    return classes;
  }, []);
  return (
    <div style={{ height, width: '100%' }} data-testid="deal-catalog-grid">
      <AgGridReact<CatalogGridRow>
        theme={theme}
        rowData={rowData}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        getRowId={getRowId}
        isFullWidthRow={isFullWidthRow}
        fullWidthCellRenderer={GroupHeader}
        fullWidthCellRendererParams={fullWidthParams}
        getRowClass={getRowClass}
        suppressCellFocus
        rowBuffer={20}
        animateRows={false}
      />
    </div>
  );
}
