/** Create-from-ranges dialog (spec 001 §3.10 Range: startPeriod, endPeriod, startValue, endValue). */
import { useState } from 'react';
import { ModalFrame } from '../../components/modal-frame/modal-frame.tsx';
import { rangeIssues, type VectorRange } from './vector-values.ts';

let nextId = 1;
const blank = (): VectorRange => ({ id: nextId++, startPeriod: 1, endPeriod: 12, startValue: 0, endValue: 0 });

export function RangeModal({ targets, onApply, onClose }: {
  targets: readonly string[]; onApply(target: string, ranges: VectorRange[]): void; onClose(): void;
}) {
  const [ranges, setRanges] = useState<VectorRange[]>(() => [blank()]);
  const [target, setTarget] = useState(targets[0] ?? '');
  const issues = [...new Set(ranges.flatMap(rangeIssues))];
  const set = (id: number, field: keyof Omit<VectorRange, 'id'>, text: string) =>
    setRanges((list) => list.map((r) => (r.id === id ? { ...r, [field]: text.trim() === '' ? Number.NaN : Number(text) } : r)));
  return (
    <ModalFrame title="Create from ranges" testId="range-modal" size="lg" onClose={onClose} footer={<>
      <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
      <button type="button" className="btn btn-primary" data-testid="range-apply" disabled={issues.length > 0 || !target}
        onClick={() => onApply(target, ranges)}>Apply</button>
    </>}>
      <label className="form-label">Vector
        <select className="form-select form-select-sm" data-testid="range-target" value={target} onChange={(e) => setTarget(e.target.value)}>
          {targets.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      </label>
      <table className="table table-sm">
        <thead><tr><th>Start period</th><th>End period</th><th>Start value</th><th>End value</th><th /></tr></thead>
        <tbody>
          {ranges.map((r, i) => (
            <tr key={r.id} data-testid="range-row">
              {(['startPeriod', 'endPeriod', 'startValue', 'endValue'] as const).map((f) => (
                <td key={f}><input className="form-control form-control-sm" type="number" data-testid={`range-${f}-${i}`}
                  defaultValue={String(r[f])} onChange={(e) => set(r.id, f, e.target.value)} /></td>
              ))}
              <td><button type="button" className="btn btn-sm btn-outline-danger" disabled={ranges.length === 1}
                onClick={() => setRanges((l) => l.filter((x) => x.id !== r.id))}>✕</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="range-add" onClick={() => setRanges((l) => [...l, blank()])}>Add range</button>
      {issues.length > 0 && <div className="text-danger small mt-2" data-testid="range-issues">{issues.map((m) => <div key={m}>{m}</div>)}</div>}
    </ModalFrame>
  );
}
