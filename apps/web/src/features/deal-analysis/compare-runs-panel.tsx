/**
 * The run comparison (issue 25 #8): the pinned runs' tranche summary figures side by side, one
 * column per run headed by its scenario inputs, each with a button that removes its pin.
 */
import type { ExportKind } from '@opencrt/contracts';
import { formatDollars, MISSING } from '../../components/format/catalog-format.ts';
import { compareRows, MAX_PINNED_RUNS, removePin, type PinnedRun } from './compare-runs.ts';

/** A compared value as the tranche summary prints it. */
function cellText(value: number | string | null, kind: ExportKind): string {
  if (value === null) return MISSING;
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money': return formatDollars(value);
    case 'percent': return value.toFixed(4);
    case 'years': return value.toFixed(2);
    case 'price': return value.toFixed(5);
    case 'integer': return String(value);
    default: return String(Number(value.toFixed(4)));
  }
}

/**
 * `current`: the run on screen, always the last column beside the pinned ones (issue 36 #1), so
 * "pin, change CPR, run" compares two runs at once; it is not a pin and has no Remove.
 */
export function CompareRunsPanel({ pins, onPins, current = null }: { pins: readonly PinnedRun[]; onPins(next: PinnedRun[]): void; current?: PinnedRun | null }) {
  if (pins.length === 0) return null;
  const runs = current ? [...pins, current] : pins;
  const rows = compareRows(runs);
  return (
    <section className="crt-panel mt-3" data-testid="compare-runs">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-2">Compare Runs</h2>
        <span className="small text-secondary">{pins.length} of {MAX_PINNED_RUNS} pinned{current ? ', then the current run' : ''}; the workbook export adds a Compare sheet of the pinned runs.</span>
        <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" data-testid="clear-pins" onClick={() => onPins([])}>Remove all</button>
      </div>
      <div className="table-responsive" style={{ maxHeight: 480 }}>
        <table className="table table-sm table-striped small align-middle mb-0">
          <thead className="sticky-top" style={{ background: 'var(--bs-body-bg)' }}>
            <tr>
              <th>Class</th><th>Figure</th>
              {pins.map((p, i) => (
                <th key={p.id} className="text-end" style={{ minWidth: 140 }} data-testid={`compare-head-${i + 1}`}>
                  <div>Run {i + 1}</div>
                  <div className="fw-normal text-secondary text-wrap ms-auto" style={{ maxWidth: 220 }}>{p.label}</div>
                  <button type="button" className="btn btn-link btn-sm p-0" data-testid={`unpin-${i + 1}`} aria-label={`Remove run ${i + 1}`}
                    onClick={() => onPins(removePin(pins, p.id))}>Remove</button>
                </th>
              ))}
              {current && (
                <th className="text-end" style={{ minWidth: 140 }} data-testid="compare-head-current">
                  <div>Current run</div>
                  <div className="fw-normal text-secondary text-wrap ms-auto" style={{ maxWidth: 220 }}>{current.label}</div>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, k) => (
              <tr key={`${r.bondName}-${r.figure}`} data-testid={`compare-row-${r.bondName}-${r.figure}`}>
                <th scope="row" className="text-nowrap">{k === 0 || rows[k - 1]?.bondName !== r.bondName ? r.bondName : ''}</th>
                <td className="text-nowrap">{r.figure}</td>
                {r.values.map((v, i) => <td key={runs[i]?.id ?? i} className="text-end text-nowrap">{cellText(v, r.kind)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
