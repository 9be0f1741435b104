import { describe, expect, it } from 'vitest';
import { reportIssues, type Report } from '@opencrt/contracts';
import { copyReport, markedRows, missingTestValues, newReport, syncColumns, syncParameters } from './report-editor-model.ts';

const base: Report = {
  Id: 7, Name: 'Losses', Source: 2, Historical: 'None',
  Query: 'select month, loss from t where deal = @deal and month >= @from',
  Parameters: [
    { Id: 1, Order: 0, DbName: 'deal', Name: 'Deal', Type: 'select', SubType: 'deals', Value: 'X', DefaultValue: null, ReportId: 7 },
    { Id: 2, Order: 1, DbName: 'old', Name: 'Old', Type: 'int', SubType: null, Value: '1', DefaultValue: null, ReportId: 7 },
  ],
  Columns: [{ Order: 0, DbName: 'loss', Name: 'Loss', Total: true, DataType: 'Number2', ReportId: 7 }],
};

describe('report editor model', () => {
  it('Copy makes a new report named " - COPY" with id 0', () => {
    const copy = copyReport(base);
    expect(copy.Id).toBe(0);
    expect(copy.Name).toBe('Losses - COPY');
    expect(copy.Parameters.every((p) => p.Id === undefined && p.ReportId === undefined)).toBe(true);
    expect(copy.Query).toBe(base.Query);
  });

  it('Test Query keeps known parameters, adds new ones untyped and drops stale ones', () => {
    const synced = syncParameters(base);
    expect(synced.Parameters.map((p) => [p.DbName, p.Name, p.Type, p.Order])).toEqual([['deal', 'Deal', 'select', 0], ['from', 'From', null, 1]]);
    expect(missingTestValues(synced)).toEqual([{ model: 'Parameter', index: 1, field: 'Value', message: 'Field is required' }]);
    expect(reportIssues(synced).map((i) => [i.model, i.index, i.field])).toEqual([['Parameter', 1, 'Type']]);
  });

  it('derives columns from the result: keeps formats, adds Auto, removes columns no longer returned', () => {
    const synced = syncColumns(base, ['month', 'loss']);
    expect(synced.Columns.map((c) => [c.DbName, c.Name, c.DataType, c.Total, c.Order])).toEqual([
      ['month', 'Month', 'Auto', false, 0], ['loss', 'Loss', 'Number2', true, 1]]);
    expect(syncColumns(base, ['other']).Columns.map((c) => c.DbName)).toEqual(['other']);
  });

  it('marks the rows and fields that failed validation', () => {
    const report = { ...newReport(), Columns: [{ Order: 0, DbName: '', Name: 'A', Total: false, DataType: null }] };
    const marked = markedRows(reportIssues(report));
    expect([...marked.report]).toEqual(['Name', 'Query']);
    expect(marked.columns.get(0)).toEqual(new Set(['DbName', 'DataType']));
  });
});
