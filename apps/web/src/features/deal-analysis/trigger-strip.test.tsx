import type { TriggerTimelineDto } from '@opencrt/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { dealWorkbookSheets } from './deal-workbook.ts';
import { cellTitle, periodRanges } from './trigger-strip-model.ts';
import { TriggerStrip } from './trigger-strip.tsx';
import { triggersSheet } from './triggers-sheet.ts';

const timeline: TriggerTimelineDto = {
  Tests: ['MinimumCreditEnhancement', 'Delinquency'],
  PaymentDates: [20260325, 20260425, 20260525],
  Pass: [[true, true, false], [null, false, true]],
  Value: [[0.05, 0.049, 0.0412], [0, 2_500_000, 100]],
  Threshold: [[0.045, 0.045, 0.045], [null, 2_000_000, 2_000_000]],
  PassWhen: ['>=', '<='],
  Unit: ['fraction', 'dollars'],
};

describe('trigger timeline strip and sheet (issue 25 #7)', () => {
  afterEach(cleanup);

  it('draws a row per test and a cell per period, red where the test fails, with the value against the threshold on hover', () => {
    render(<TriggerStrip timeline={timeline} />);
    expect(screen.getByTestId('trigger-cell-MinimumCreditEnhancement-3').dataset.state).toBe('fail');
    expect(screen.getByTestId('trigger-cell-MinimumCreditEnhancement-1').dataset.state).toBe('pass');
    expect(screen.getByTestId('trigger-cell-Delinquency-1').dataset.state).toBe('untested');
    expect(screen.getByTestId('trigger-cell-MinimumCreditEnhancement-3').getAttribute('title'))
      .toBe('Period 3 (2026-05-25) · Minimum credit enhancement: 4.1200 % vs threshold 4.5000 % (passes at least) — FAIL');
    expect(screen.getByTestId('trigger-cell-Delinquency-2').getAttribute('title')).toContain('$2,500,000.00 vs threshold $2,000,000.00 (passes at most) — FAIL');
    expect(screen.getByTestId('trigger-fails-Delinquency').textContent).toBe('(1 fail)');
    expect(cellTitle(timeline, 1, 0)).toBe('Period 1 (2026-03-25) · Delinquency: not tested');
    expect(periodRanges([3, 4, 5, 9, 11, 12])).toBe('3–5, 9, 11–12');
  });

  it('writes a Triggers sheet: a row per period, and per test its outcome, value and threshold in the test\'s unit', () => {
    const [sheet] = triggersSheet({ TriggerTimeline: timeline } as unknown as SimulationResult);
    expect(sheet!.name).toBe('Triggers');
    const headers = sheet!.columns.map((c) => c.header);
    expect(headers).toEqual([
      'Period', 'Payment Date',
      'Minimum credit enhancement', 'Minimum credit enhancement value (%)', 'Minimum credit enhancement threshold (%) (passes at or above)',
      'Delinquency', 'Delinquency value ($)', 'Delinquency threshold ($) (passes at or below)',
    ]);
    const third = sheet!.rows[2]!;
    expect(sheet!.columns.map((c) => c.value(third))).toEqual([3, 20260525, 'FAIL', 4.12, 4.5, 'PASS', 100, 2_000_000]);
    expect(sheet!.columns[5]!.value(sheet!.rows[0]!)).toBeNull();
    expect(triggersSheet({} as SimulationResult)).toEqual([]);
  });

  it('puts the Triggers sheet in the deal workbook after the collateral', () => {
    const result = { ProjectedLosses: 0, CollateralCashflow: [], BondsCashflows: [], MiscVariables: { Triggers: [] }, TriggerTimeline: timeline } as unknown as SimulationResult;
    const names = dealWorkbookSheets(result, [], false).map((s) => s.name);
    expect(names.indexOf('Triggers')).toBe(names.indexOf('Collateral') + 1);
  });
});
