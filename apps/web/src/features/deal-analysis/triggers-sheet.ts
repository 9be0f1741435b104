import { TRIGGER_TEST_LABELS, type TriggerTimelineDto } from '@opencrt/contracts';
import type { ExportColumn, ExportTab } from '../../components/cashflow-export/export-cashflows.ts';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';

/** One row of the Triggers sheet: a payment period. */
interface TriggerPeriod { period: number; paymentDate: number }

/**
 * The deal workbook's "Triggers" sheet (issue 25 #7): a row per payment period, and per deal test
 * its outcome (PASS, FAIL or blank when not tested), the value tested and its threshold, in the
 * test's unit (percent, or dollars for the delinquency test), as the screen's strip shows them.
 * None when the run answered no timeline or the deal has no tests.
 */
export function triggersSheet(result: SimulationResult): ExportTab<unknown>[] {
  const timeline = (result as { TriggerTimeline?: TriggerTimelineDto }).TriggerTimeline;
  if (!timeline?.Tests.length) return [];
  const rows: TriggerPeriod[] = timeline.PaymentDates.map((paymentDate, i) => ({ period: i + 1, paymentDate }));
  const columns: ExportColumn<TriggerPeriod>[] = [
    { header: 'Period', value: (r) => r.period, kind: 'integer' },
    { header: 'Payment Date', value: (r) => r.paymentDate, kind: 'date' },
  ];
  timeline.Tests.forEach((test, t) => {
    const label = TRIGGER_TEST_LABELS[test];
    const dollars = timeline.Unit[t] === 'dollars';
    const inUnit = (x: number | null | undefined) => (x === null || x === undefined ? null : dollars ? x : x * 100);
    const unit = dollars ? '($)' : '(%)';
    columns.push(
      { header: `${label}`, value: (r) => { const p = timeline.Pass[t]?.[r.period - 1]; return p === true ? 'PASS' : p === false ? 'FAIL' : null; } },
      { header: `${label} value ${unit}`, value: (r) => inUnit(timeline.Value[t]?.[r.period - 1]), kind: dollars ? 'money' : 'percent' },
      { header: `${label} threshold ${unit} (passes ${timeline.PassWhen[t] === '>=' ? 'at or above' : 'at or below'})`, value: (r) => inUnit(timeline.Threshold[t]?.[r.period - 1]), kind: dollars ? 'money' : 'percent' },
    );
  });
  return [{ name: 'Triggers', rows, columns } as ExportTab<unknown>];
}
