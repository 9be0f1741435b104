import type { DealSpec } from '../deal/deal-spec.ts';
import type { TriggerRow } from './simulation-types.ts';

/**
 * The trigger timeline of a run (issue 25 #7): per payment period, pass or fail of each of the
 * deal's tests, with the value tested and its threshold, so a reader sees why a class got no
 * principal in a period (a failed test turns the STACR/CAS waterfall sequential). Compact: one list
 * of test names, then per test one array over the periods. Built from the run's trigger rows
 * (MiscVariables.Triggers), which the waterfall records; a test the deal does not have is left out.
 */
export interface TriggerTimeline {
  /** Test names, in the order of the arrays below. */
  Tests: TriggerTestName[];
  /** Payment date (yyyymmdd) of each period. */
  PaymentDates: number[];
  /** [test][period]: true pass, false fail, null not tested that period. */
  Pass: (boolean | null)[][];
  /** [test][period]: the value tested (Unit says in what). */
  Value: number[][];
  /** [test][period]: the threshold it is tested against (null: none that period). */
  Threshold: (number | null)[][];
  /** [test]: how the value passes: at or above ('>=') or at or below ('<=') the threshold. */
  PassWhen: ('>=' | '<=')[];
  /** [test]: 'fraction' (0.045 = 4.5 %) or 'dollars'. */
  Unit: ('fraction' | 'dollars')[];
}

export type TriggerTestName = 'MinimumCreditEnhancement' | 'Delinquency' | 'CumulativeNetLoss' | 'ClassA1CumulativeNetLoss';

interface TestReading {
  name: TriggerTestName;
  pass: (r: TriggerRow) => boolean | null;
  value: (r: TriggerRow) => number;
  threshold: (r: TriggerRow) => number | null;
  passWhen: '>=' | '<=';
  unit: 'fraction' | 'dollars';
}

/**
 * The timeline of a run's trigger rows.
 * @param spec the deal (the Class A-1 test's limit is in its structure, not in the rows)
 * @param rows the run's trigger rows, one per payment period
 */
export function triggerTimeline(spec: DealSpec, rows: readonly TriggerRow[]): TriggerTimeline {
  const tests = spec.waterfall.kind === 'reference-tranche' ? spec.waterfall.tests : null;
  const a1Max = tests?.classA1CumulativeNetLoss ? tests.classA1CumulativeNetLoss.maxPct / 100 : null;
  const readings: TestReading[] = [
    { name: 'MinimumCreditEnhancement', pass: (r) => r.MinimumCreditEnhancementTest, value: (r) => r.SubordinatePct, threshold: (r) => r.MinimumCreditEnhancementThresholdPct, passWhen: '>=', unit: 'fraction' },
    // The limit is a dollar amount (a factor of the subordinate balance); the test passes strictly below it.
    { name: 'Delinquency', pass: (r) => r.DelinquencyTest, value: (r) => r.DelinquencyAverage, threshold: (r) => (r.DelinquencyTest === null ? null : r.DelinquencyLimit), passWhen: '<=', unit: 'dollars' },
    { name: 'CumulativeNetLoss', pass: (r) => r.CumulativeNetLossTest, value: (r) => r.CumulativeNetLossPct, threshold: (r) => r.CumulativeNetLossLimitPct, passWhen: '<=', unit: 'fraction' },
    // Once failed it stays failed (the PPM), so a later period can fail below the limit.
    { name: 'ClassA1CumulativeNetLoss', pass: (r) => r.ClassA1CumulativeNetLossTest, value: (r) => r.CumulativeNetLossPct, threshold: () => a1Max, passWhen: '<=', unit: 'fraction' },
  ];
  const present = readings.filter((t) => rows.some((r) => t.pass(r) !== null));
  return {
    Tests: present.map((t) => t.name),
    PaymentDates: rows.map((r) => r.PaymentDate),
    Pass: present.map((t) => rows.map(t.pass)),
    Value: present.map((t) => rows.map(t.value)),
    Threshold: present.map((t) => rows.map(t.threshold)),
    PassWhen: present.map((t) => t.passWhen),
    Unit: present.map((t) => t.unit),
  };
}
