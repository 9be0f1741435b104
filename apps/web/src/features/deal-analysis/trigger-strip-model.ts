import { TRIGGER_TEST_LABELS, type TriggerTimelineDto } from '@opencrt/contracts';
import { formatDollars, MISSING } from '../../components/format/catalog-format.ts';

/** A cell's state: the test failed, passed, or was not tested that period. */
export type CellState = 'fail' | 'pass' | 'untested';

export function cellState(timeline: TriggerTimelineDto, test: number, period: number): CellState {
  const pass = timeline.Pass[test]?.[period];
  return pass === false ? 'fail' : pass === true ? 'pass' : 'untested';
}

/** A test's value or threshold in its unit: percent to 4 decimals, or dollars. */
function shown(timeline: TriggerTimelineDto, test: number, x: number | null | undefined): string {
  if (x === null || x === undefined) return MISSING;
  return timeline.Unit[test] === 'dollars' ? `$${formatDollars(x)}` : `${(x * 100).toFixed(4)} %`;
}

const ymd = (n: number | undefined) => (n === undefined ? '' : `${String(n).slice(0, 4)}-${String(n).slice(4, 6)}-${String(n).slice(6, 8)}`);

/** The hover text of a cell: period and date, the test, its value against the threshold, and the outcome. */
export function cellTitle(timeline: TriggerTimelineDto, test: number, period: number): string {
  const name = TRIGGER_TEST_LABELS[timeline.Tests[test]!];
  const state = cellState(timeline, test, period);
  const head = `Period ${period + 1} (${ymd(timeline.PaymentDates[period])}) · ${name}`;
  if (state === 'untested') return `${head}: not tested`;
  const value = shown(timeline, test, timeline.Value[test]?.[period]);
  const limit = shown(timeline, test, timeline.Threshold[test]?.[period]);
  const rule = timeline.PassWhen[test] === '>=' ? 'at least' : 'at most';
  return `${head}: ${value} vs threshold ${limit} (passes ${rule}) — ${state === 'fail' ? 'FAIL' : 'pass'}`;
}

/** Failed periods of a test (1-based), for the row's summary. */
export function failedPeriods(timeline: TriggerTimelineDto, test: number): number[] {
  return (timeline.Pass[test] ?? []).flatMap((p, i) => (p === false ? [i + 1] : []));
}

/** "3–7, 12" from sorted period numbers. */
export function periodRanges(periods: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < periods.length; i++) {
    const start = periods[i]!;
    let end = start;
    while (periods[i + 1] === end + 1) { end += 1; i += 1; }
    parts.push(start === end ? String(start) : `${start}–${end}`);
  }
  return parts.join(', ');
}
