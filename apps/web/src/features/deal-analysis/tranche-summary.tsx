import { BondRunResponse, BreakevenResponse, type BreakevenMode, type ClassBreakevenDto } from '@opencrt/contracts';
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import type { ExportHeader, ExportLines } from '../../components/cashflow-export/export-cashflows.ts';
import { downloadDealWorkbook } from './deal-workbook.ts';
import { addPin, MAX_PINNED_RUNS as MAX_PINS, TOO_MANY_PINS as TOO_MANY, type PinnedRun } from './compare-runs.ts';
import { dmText, FIGURE_HEADERS, type ScreenFigures } from './summary-figures.ts';
import { messageOf } from '../../api/errors.ts';
import { formatDollars, formatPercent, MISSING } from '../../components/format/catalog-format.ts';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { summaryDeltas, summaryRows, type ComparedField } from './tranche-summary-rows.ts';
import { BREAKEVEN_MODES, breakevenCells, breakevenFootnote, breakevenHeaders } from '../../components/run-inputs/breakeven-modes.ts';

export type { PinnedRun } from './compare-runs.ts';
const NO_PINS: readonly PinnedRun[] = [];

/** A per-class yield (fraction) and DM (bp; null: not a floater) at the price the user typed, or why the yield could not be computed. */
type YieldAt = { price: number; value: number | null; dmBp: number | null; message: string | null };

/** The class column stays in view while a narrow screen scrolls the table sideways. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--bs-body-bg)' } as const;
const wal = (x: number | null) => (x === null ? MISSING : x.toFixed(2));
/** The write-down % convention (engine bondMetrics), said where the column is shown. */
export const WRITE_DOWN_TITLE = 'Write-down: the run\'s write-downs as a percent of the class\'s balance at settlement (100 % = all of it lost).';
const signed = (x: number, text: string) => (x > 0 ? `+${text}` : text);
/**
 * A difference in the cell's own format; blank when the runs agree (so changes stand out) and
 * when either run has no value to subtract (a '-----' delta under '-----' said nothing, issue 36 #4).
 */
function deltaText(field: ComparedField, d: number | null | undefined): string {
  if (d === null || d === undefined) return '';
  // Below what the cell prints (2 decimals): the runs agree.
  if (Math.abs(d) < 0.005) return '';
  if (field === 'wal') return signed(d, d.toFixed(2));
  if (field === 'writedownPct') return signed(d, formatPercent(d, 2));
  return signed(d, formatDollars(d));
}

/**
 * Tranche summary (issue 18 #12): every class of the run in one table, the first thing an analyst
 * reads after a run. A row (or the select) picks the class whose periods the results panel shows.
 * From the run already on screen; yields at a typed price and breakeven CDRs are asked of the
 * server on request (each costs runs there, in the run service), with the request of this run.
 */
export function TrancheSummary({ api, result, runBody, bondNames, agency, selected, onSelect, pins = NO_PINS, onPins = () => undefined, runLabel = '', header, inputs }: {
  api: ApiClient;
  result: SimulationResult;
  /** The POST /simulate body of this run: yields and breakevens use the same scenario. */
  runBody: Record<string, unknown>;
  bondNames: string[];
  agency: boolean;
  /** The class (or 'Collateral') whose periods are shown below. */
  selected: string;
  onSelect: (name: string) => void;
  /** Runs pinned to compare (issue 25 #8, up to six); this run's differences are from the last one. */
  pins?: readonly PinnedRun[];
  onPins?: (next: PinnedRun[]) => void;
  /** This run's scenario inputs in a few words: the label of its pin. */
  runLabel?: string;
  /** The single pin before issue 25 #8 (callers not yet moved to `pins`): ignored. */
  pinned?: unknown;
  onPin?: unknown;
  /** The export header block and the run's inputs: the workbook's first sheet. */
  header: ExportHeader;
  inputs: ExportLines;
}) {
  const rows = useMemo(() => summaryRows(result.BondsCashflows, bondNames), [result, bondNames]);
  const pinned = pins.at(-1) ?? null;
  const deltas = useMemo(() => (pinned ? summaryDeltas(rows, pinned.rows) : null), [rows, pinned]);
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [yields, setYields] = useState<Map<string, YieldAt>>(new Map());
  const [breakevens, setBreakevens] = useState<Map<string, ClassBreakevenDto> | null>(null);
  // The mode chosen, and the mode of the answer on screen (a new choice asks the server again).
  const [breakevenMode, setBreakevenMode] = useState<BreakevenMode>('Cdr');
  const [shownMode, setShownMode] = useState<BreakevenMode>('Cdr');
  const [busy, setBusy] = useState<'yields' | 'breakeven' | 'workbook' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Another run: its yields and breakevens are not this one's (the typed prices stay).
  useEffect(() => { setYields(new Map()); setBreakevens(null); setError(null); }, [result]);

  async function computeYields() {
    const priced = rows.flatMap((r) => {
      const text = (prices[r.bondName] ?? '').trim();
      return text ? [[r.bondName, text] as const] : [];
    });
    const bad = priced.filter(([, text]) => !/^\d+(\.\d*)?$/.test(text) || Number(text) <= 0 || Number(text) > 1000);
    if (!priced.length) { setError('Enter a price (percent of face) for at least one class.'); return; }
    if (bad.length) { setError(`Missing valid: Price of ${bad.map(([n]) => n).join(', ')} (above 0, at most 1000).`); return; }
    setBusy('yields'); setError(null);
    try {
      const next = new Map<string, YieldAt>();
      // One class at a time: each is a run in the server's run service, which caps a user's runs.
      for (const [bondName, text] of priced) {
        const run = await api.post(`/simulate/yield`, { ...runBody, BondName: bondName, Price: Number(text) }, BondRunResponse);
        const dm = run.DiscountMargin?.IsSuccessful ? run.DiscountMargin.Value : null;
        next.set(bondName, { price: Number(text), value: run.IsSuccessful ? run.Value : null, dmBp: dm === null || dm === undefined ? null : dm * 1e4, message: run.ErrorMessage });
      }
      setYields(next);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }

  async function computeBreakevens() {
    const mode = breakevenMode;
    setBusy('breakeven'); setError(null);
    try {
      const answer = await api.post('/simulate/breakeven', { ...runBody, BondNames: rows.map((r) => r.bondName), Mode: mode }, BreakevenResponse);
      setBreakevens(new Map(answer.Breakevens.map((b) => [b.BondName, b])));
      setShownMode(mode);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }

  async function exportWorkbook() {
    setBusy('workbook'); setError(null);
    try {
      await downloadDealWorkbook(header, inputs, result, rows, agency, {
        figures, breakevenHeaders: breakevens ? { first: beHeaders.first, full: beHeaders.full } : null, runBody, pins,
      });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }

  const delta = (name: string, field: ComparedField) => {
    const text = deltaText(field, deltas?.get(name)?.[field]);
    return deltas && text ? <div className="small text-primary" data-testid={`delta-${name}-${field}`}>{text}</div> : null;
  };
  const beHeaders = breakevenHeaders(shownMode);
  // The figures shown beside each class, for the workbook and a pin (issue 25 #8, #9).
  const figures = new Map<string, ScreenFigures>(rows.map((r) => {
    const y = yields.get(r.bondName);
    const be = breakevens?.get(r.bondName);
    const cells = breakevenCells(shownMode, be);
    return [r.bondName, {
      price: y?.price ?? null, yieldPct: y?.value === null || y?.value === undefined ? null : y.value * 100, dmBp: y?.dmBp ?? null,
      breakevenFirst: breakevens ? `${cells.first}${be?.FirstLossNote ? ' *' : ''}` : null, breakevenFull: breakevens ? cells.full : null,
    }];
  }));

  return (
    <section className="crt-panel mt-3" data-testid="tranche-summary">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-2">Tranche Summary</h2>
        <label className="small d-flex align-items-center gap-1">Periods of
          <select className="form-select form-select-sm w-auto" data-testid="detail-select" value={selected} onChange={(e) => onSelect(e.target.value)}>
            {['Collateral', ...rows.map((r) => r.bondName)].map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        <button type="button" className="btn btn-sm btn-outline-primary" data-testid="compute-yields" disabled={busy !== null} onClick={() => void computeYields()}>
          {busy === 'yields' ? 'Pricing…' : 'Yields at prices'}
        </button>
        {!agency && (
          <div className="input-group input-group-sm w-auto">
            <select className="form-select form-select-sm" style={{ maxWidth: 180 }} aria-label="Breakeven mode" data-testid="breakeven-mode" value={breakevenMode}
              title={BREAKEVEN_MODES.find((m) => m.value === breakevenMode)?.title} onChange={(e) => setBreakevenMode(e.target.value as BreakevenMode)}>
              {BREAKEVEN_MODES.map((m) => <option key={m.value} value={m.value} title={m.title}>{m.label}</option>)}
            </select>
            <button type="button" className="btn btn-sm btn-outline-primary" data-testid="compute-breakeven" disabled={busy !== null}
              title="Solves each class's breakevens in the chosen mode under this run's other inputs (many runs on the server)"
              onClick={() => void computeBreakevens()}>
              {busy === 'breakeven' ? 'Solving breakevens…' : 'Breakeven'}
            </button>
          </div>
        )}
        <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-workbook" disabled={busy !== null}
          title="One XLSX: inputs, this summary, the collateral and every class shown" onClick={() => void exportWorkbook()}>
          Export workbook
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="pin-run" disabled={pins.length >= MAX_PINS}
          title={pins.length >= MAX_PINS ? TOO_MANY : 'Keeps this run\'s summary (and the yields, DMs and breakevens shown) to compare side by side'}
          onClick={() => { const next = addPin(pins, { label: runLabel, rows, figures, breakevenHeaders: breakevens ? { first: beHeaders.first, full: beHeaders.full } : null }); if (next.problem) setError(next.problem); else onPins(next.pins); }}>
          Pin run ({pins.length}/{MAX_PINS})
        </button>
        {pinned && <span className="small text-secondary" data-testid="pinned-label">Differences from the last pinned run ({pinned.label})</span>}
      </div>
      {error && <div className="alert alert-danger py-1 px-2 small" role="alert" data-testid="summary-error">{error}</div>}
      <div className="table-responsive">
        <table className="table table-sm table-hover small align-middle mb-0">
          <thead>
            <tr>
              <th style={STICKY}>Class</th><th className="text-end">Balance</th><th className="text-end">Coupon</th><th className="text-end">WAL</th><th>Window</th>
              {!agency && <><th className="text-end" title={WRITE_DOWN_TITLE}>Write-down</th><th className="text-end">First loss</th></>}
              <th className="text-end">Principal</th><th className="text-end">Interest</th>{!agency && <th className="text-end">Loss</th>}
              <th>Price</th><th className="text-end">{FIGURE_HEADERS.yield}</th><th className="text-end" title="Discount margin over the run's index at the price (floating classes)">{FIGURE_HEADERS.dm}</th>
              {breakevens && <><th className="text-end" title={beHeaders.firstTitle}>{beHeaders.first}</th><th className="text-end" title={beHeaders.fullTitle}>{beHeaders.full}</th></>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const y = yields.get(r.bondName);
              const be = breakevens?.get(r.bondName);
              const beCells = breakevenCells(shownMode, be);
              return (
                <tr key={r.bondName} data-testid={`summary-row-${r.bondName}`} className={selected === r.bondName ? 'table-active' : ''}
                  onClick={() => onSelect(r.bondName)} style={{ cursor: 'pointer' }}>
                  <th scope="row" className="text-nowrap" style={STICKY}>{r.bondName}</th>
                  <td className="text-end">{formatDollars(r.balance)}{delta(r.bondName, 'balance')}</td>
                  <td className="text-end">{formatPercent(r.coupon * 100, 4)}</td>
                  <td className="text-end" data-testid={`summary-wal-${r.bondName}`}>{wal(r.wal)}{delta(r.bondName, 'wal')}</td>
                  <td className="text-nowrap">{r.window || MISSING}</td>
                  {!agency && <>
                    <td className="text-end" data-testid={`summary-writedown-${r.bondName}`}>{formatPercent(r.writedownPct, 2)}{delta(r.bondName, 'writedownPct')}</td>
                    <td className="text-end">{r.firstLossPeriod ?? MISSING}</td>
                  </>}
                  <td className="text-end">{formatDollars(r.principal)}{delta(r.bondName, 'principal')}</td>
                  <td className="text-end">{formatDollars(r.interest)}{delta(r.bondName, 'interest')}</td>
                  {!agency && <td className="text-end" data-testid={`summary-loss-${r.bondName}`}>{formatDollars(r.loss)}{delta(r.bondName, 'loss')}</td>}
                  <td onClick={(e) => e.stopPropagation()}>
                    <input className="form-control form-control-sm" style={{ width: 84 }} inputMode="decimal" aria-label={`Price of ${r.bondName}`} maxLength={12}
                      data-testid={`summary-price-${r.bondName}`} value={prices[r.bondName] ?? ''} placeholder="price"
                      onChange={(e) => setPrices({ ...prices, [r.bondName]: e.target.value })} />
                  </td>
                  <td className="text-end" data-testid={`summary-yield-${r.bondName}`} title={y?.message ?? undefined}>
                    {y ? (y.value === null ? MISSING : formatPercent(y.value * 100, 4)) : ''}
                  </td>
                  <td className="text-end" data-testid={`summary-dm-${r.bondName}`}>{y ? dmText(y.dmBp) : ''}</td>
                  {breakevens && <>
                    <td className="text-end text-nowrap" data-testid={`breakeven-first-${r.bondName}`} title={be?.FirstLossNote ?? undefined}>
                      {beCells.first}{be?.FirstLossNote ? ' *' : ''}
                    </td>
                    <td className="text-end text-nowrap" data-testid={`breakeven-full-${r.bondName}`}>{beCells.full}</td>
                  </>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="small text-secondary mt-1" data-testid="summary-notes">
        {!agency && <>{WRITE_DOWN_TITLE} </>}WAL and window weigh principal and write-downs; a class paid no principal shows '{MISSING}'.
      </div>
      {breakevens && <div className="small text-secondary mt-1" data-testid="breakeven-footnote">{breakevenFootnote(shownMode)}</div>}
      {[...(breakevens?.values() ?? [])].filter((b) => b.FirstLossNote).map((b) => (
        <div key={b.BondName} className="small text-secondary" data-testid={`breakeven-note-${b.BondName}`}>* {b.BondName}: {b.FirstLossNote}</div>
      ))}
    </section>
  );
}
