/**
 * The report editor's model rules (spec 002 "Report management"): new report, Copy (' - COPY',
 * id 0), Test Query's parameter extraction and column derivation, and which rows the save
 * validation marks. Pure, so the rules are tested without a browser.
 */
import { extractParameterNames, type Report, type ReportColumn, type ReportIssue, type ReportParameter } from '@opencrt/contracts';

export const newReport = (): Report => ({ Id: 0, Name: '', Source: 2, Query: '', Historical: 'None', Parameters: [], Columns: [] });

/** Copy: the same report as a new one named '{name} - COPY' (spec 002). */
export function copyReport(report: Report): Report {
  return {
    ...report,
    Id: 0,
    Name: `${report.Name} - COPY`,
    Parameters: report.Parameters.map(({ Id: _id, ReportId: _r, ...p }) => ({ ...p })),
    Columns: report.Columns.map(({ ReportId: _r, ...c }) => ({ ...c })),
  };
}

/** 'current_balance' → 'Current Balance': a first label for a derived column or parameter. */
export const labelOf = (dbName: string): string =>
  dbName.replace(/_+/g, ' ').trim().replace(/\b\w/g, (ch) => ch.toUpperCase()) || dbName;

/**
 * Test Query, step 1: the query's `@` parameters in order of appearance; existing definitions are
 * kept (matched by DbName, ignoring case), new ones added untyped, stale ones removed.
 */
export function syncParameters(report: Report): Report {
  const names = extractParameterNames(report.Query, report.Source === 0 ? 'mysql' : 'postgres');
  const parameters = names.map((name, order): ReportParameter => {
    const existing = report.Parameters.find((p) => p.DbName.toLowerCase() === name.toLowerCase());
    return existing ? { ...existing, Order: order }
      : { Order: order, DbName: name, Name: labelOf(name), Type: null, SubType: null, Value: null, DefaultValue: null };
  });
  return { ...report, Parameters: parameters };
}

/**
 * Test Query, last step: columns as the run returned them; existing formats are kept (by DbName),
 * new columns get Auto, columns no longer returned are removed.
 */
export function syncColumns(report: Report, resultColumns: readonly string[]): Report {
  const columns = resultColumns.map((name, order): ReportColumn => {
    const existing = report.Columns.find((c) => c.DbName.toLowerCase() === name.toLowerCase());
    return existing ? { ...existing, Order: order } : { Order: order, DbName: name, Name: labelOf(name), Total: false, DataType: 'Auto' };
  });
  return { ...report, Columns: columns };
}

/** Test values Test Query needs: one per parameter (spec 002 run validation). */
export function missingTestValues(report: Report): ReportIssue[] {
  return report.Parameters.flatMap((p, index) => ((p.Value ?? '').trim() === ''
    ? [{ model: 'Parameter' as const, index, field: 'Value', message: 'Field is required' }] : []));
}

export interface MarkedRows { report: Set<string>; parameters: Map<number, Set<string>>; columns: Map<number, Set<string>> }

/** Which fields and rows the validation failures highlight. */
export function markedRows(issues: readonly ReportIssue[]): MarkedRows {
  const marked: MarkedRows = { report: new Set(), parameters: new Map(), columns: new Map() };
  for (const issue of issues) {
    if (issue.model === 'Report') { marked.report.add(issue.field); continue; }
    const map = issue.model === 'Parameter' ? marked.parameters : marked.columns;
    const index = issue.index ?? -1;
    map.set(index, (map.get(index) ?? new Set()).add(issue.field));
  }
  return marked;
}

/** Two reports differ for the editor (unsaved changes). */
export const sameReport = (a: Report | null, b: Report | null): boolean => JSON.stringify(a) === JSON.stringify(b);
