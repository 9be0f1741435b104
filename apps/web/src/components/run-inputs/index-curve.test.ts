import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_CURVE, indexCurveLabel, indexCurveOf, parseCurveText } from './index-curve.ts';

describe('index curve input (issue 25 #1)', () => {
  it('flat without a shift sends no curve (the run is exactly the Libor run); a shift makes a one-rate curve', () => {
    expect(indexCurveOf(DEFAULT_INDEX_CURVE, '3.6')).toEqual({ curve: null, problem: null });
    expect(indexCurveOf({ ...DEFAULT_INDEX_CURVE, shiftBp: '25' }, '3.6')).toEqual({ curve: [0.0385], problem: null });
  });
  it('a vector takes ramp syntax in percent, shifted in bp', () => {
    const out = indexCurveOf({ ...DEFAULT_INDEX_CURVE, mode: 'vector', vector: '3 12R 4.2', shiftBp: '-50' }, '0');
    expect(out.problem).toBeNull();
    expect(out.curve).toHaveLength(13);
    expect(out.curve?.[0]).toBe(0.025);
    expect(out.curve?.[12]).toBe(0.037);
  });
  it('a pasted curve: one rate per line (last number of a line), a header line skipped, or one line of numbers', () => {
    expect(parseCurveText('Period,Rate\n1,3.62\n2,3.58%\n3\t3.5')).toEqual([3.62, 3.58, 3.5]);
    expect(parseCurveText('3.6, 3.7 3.8')).toEqual([3.6, 3.7, 3.8]);
    expect(parseCurveText('1,3.6\n2,abc')).toBeNull();
    expect(indexCurveOf({ ...DEFAULT_INDEX_CURVE, mode: 'curve', curveText: '3.62\n3.58' }, '0').curve).toEqual([0.0362, 0.0358]);
  });
  it('refuses with the field as labelled, its unit and range', () => {
    expect(indexCurveOf({ ...DEFAULT_INDEX_CURVE, shiftBp: 'x' }, '3').problem).toBe('Index Shift (bp) must be a number from -1000 to 1000.');
    expect(indexCurveOf({ ...DEFAULT_INDEX_CURVE, mode: 'curve', curveText: '' }, '3').problem).toBe('Forward Curve (%) must be one monthly rate (percent) per line, period 1 first.');
    expect(indexCurveOf({ ...DEFAULT_INDEX_CURVE, mode: 'curve', curveText: '3\n30' }, '3').problem).toBe('Index Curve rates must be from -5% to 25% after the shift (period 2: 30%).');
    expect(indexCurveOf({ ...DEFAULT_INDEX_CURVE, mode: 'vector', vector: 'abc' }, '3').problem).toBe('Index Vector (%) must be percent values or ramp syntax, e.g. 3.5 12R 4.5.');
    expect(indexCurveOf({ ...DEFAULT_INDEX_CURVE, mode: 'curve', curveText: Array.from({ length: 481 }, () => '3').join('\n') }, '3').problem)
      .toBe('Index Curve must have 1 to 480 monthly rates (this one has 481).');
  });
  it('labels a curve for run labels and the workbook', () => {
    expect(indexCurveLabel(null)).toBeNull();
    expect(indexCurveLabel([0.03, 0.0419])).toBe('index curve 3.00–4.19%, 2 months');
    expect(indexCurveLabel([0.04])).toBe('index curve 4.00% flat');
  });
});
