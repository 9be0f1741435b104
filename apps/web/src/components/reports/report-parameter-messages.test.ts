import type { ReportParameter } from '@opencrt/contracts';
import { describe, expect, it } from 'vitest';
import { parameterMessages } from './report-parameter-inputs.tsx';

const param = (DbName: string, Name: string, Type: string): ReportParameter =>
  ({ Id: 1, Order: 0, DbName, Name, Type, SubType: null, Value: null, DefaultValue: null, ReportId: 1 }) as unknown as ReportParameter;
const from = param('from', 'From', 'date');
const months = param('months', 'Months', 'int');

// Issue 23 sweep: the /reports parameters refuse what the server refuses, before a run.
describe('report parameter messages', () => {
  it('says an empty value is empty (spec 002 §5)', () => {
    expect(parameterMessages([from, months], { from: ' ', months: '' })).toEqual(['Parameter From is empty', 'Parameter Months is empty']);
  });

  it('refuses a date outside 1900-2100 (the date input takes year 9999; the run answered no rows)', () => {
    expect(parameterMessages([from], { from: '9999-12-31' })).toEqual(['Parameter From must be a date from 01/01/1900 to 12/31/2100 (YYYY-MM-DD, YYYYMMDD or MM/DD/YYYY).']);
    expect(parameterMessages([from], { from: '1899-12-31' })).toHaveLength(1);
    expect(parameterMessages([from], { from: '2020-01-01' })).toEqual([]);
    // A default the report editor stored in another format the server reads.
    expect(parameterMessages([from], { from: '20200101' })).toEqual([]);
    expect(parameterMessages([from], { from: '3/7/2025' })).toEqual([]);
    expect(parameterMessages([from], { from: '12/31/9999' })).toHaveLength(1);
  });

  it('leaves whole-number parameters to the server (its refusal shows as Report is not executed)', () => {
    expect(parameterMessages([months], { months: 'abc' })).toEqual([]);
  });
});
