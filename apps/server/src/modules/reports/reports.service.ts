/**
 * Report management (spec 002 "Report management"): list, read, save (0 = new) and delete stored
 * reports with their parameters and column formats. A save replaces the report's parameter and
 * column rows in one transaction.
 */
import {
  formatReportIssue, reportIssues, reportNotFound, reportSourceName,
  type Report, type ReportColumn, type ReportListItem, type ReportParameter,
} from '@opencrt/contracts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { checkQuota, lockQuota } from '../../quotas/storage-quotas.ts';
import type { Db } from '../../db/database.ts';
import { reportsDb } from './reports.tables.ts';

type Historical = Report['Historical'];
const asHistorical = (v: string): Historical => (v === 'Deal' || v === 'Bond' ? v : 'None');

export interface ListFilter { historical?: 'Deal' | 'Bond' | 'any' | 'none' }

/** Reports by name (then id), optionally only historical ones of a kind. */
export async function listReports(db: Db, filter: ListFilter = {}): Promise<ReportListItem[]> {
  let q = reportsDb(db).selectFrom('reports').select(['id', 'name', 'source', 'historical']);
  if (filter.historical === 'Deal' || filter.historical === 'Bond') q = q.where('historical', '=', filter.historical);
  else if (filter.historical === 'none') q = q.where('historical', '=', 'None');
  const rows = await q.orderBy('name').orderBy('id').execute();
  return rows.map((r) => ({ Id: r.id, Name: r.name, Source: r.source, SourceName: reportSourceName(r.source), Historical: asHistorical(r.historical) }));
}

/** One report with its parameters and columns in order; NotFound when it does not exist. */
export async function getReport(db: Db, id: number): Promise<Report> {
  const rdb = reportsDb(db);
  const row = await rdb.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound(reportNotFound(id));
  const [parameters, columns] = await Promise.all([
    rdb.selectFrom('report_parameters').selectAll().where('report_id', '=', id).orderBy('ord').orderBy('id').execute(),
    rdb.selectFrom('report_columns').selectAll().where('report_id', '=', id).orderBy('ord').orderBy('id').execute(),
  ]);
  return {
    Id: row.id,
    Name: row.name,
    Source: row.source as Report['Source'],
    Query: row.query,
    Historical: asHistorical(row.historical),
    Parameters: parameters.map((p): ReportParameter => ({
      Id: p.id, Order: p.ord, DbName: p.db_name, Name: p.name, Type: p.type as ReportParameter['Type'],
      SubType: p.sub_type as ReportParameter['SubType'], Value: p.value, DefaultValue: p.default_value, ReportId: id,
    })),
    Columns: columns.map((c): ReportColumn => ({
      Order: c.ord, DbName: c.db_name, Name: c.name, Total: c.total, DataType: c.data_type as ReportColumn['DataType'], ReportId: id,
    })),
  };
}

/**
 * Saves a report: id 0 creates one, any other id replaces that report (NotFound when missing).
 * The spec's save validation runs here too; its messages are one line per failure.
 * @param quota reports one user may create (OPENCRT_MAX_REPORTS_PER_USER): a new one past it answers 429;
 *   a replace is not counted, and a report stays its creator's whoever edits it
 */
export async function saveReport(db: Db, id: number, input: Report, userId: number, now: Date, quota: number): Promise<Report> {
  const issues = reportIssues(input);
  if (issues.length > 0) throw new Invalid(issues.map(formatReportIssue).join('\n'));
  const savedId = await reportsDb(db).transaction().execute(async (trx) => {
    const values = {
      name: input.Name.trim(), source: input.Source ?? 2, query: input.Query, historical: input.Historical,
      updated_by: userId, updated_at: now,
    };
    let reportId = id;
    if (id === 0) {
      await lockQuota(trx, 'reports', userId);
      const { n } = await trx.selectFrom('reports').select((eb) => eb.fn.countAll<string>().as('n')).where('created_by', '=', userId).executeTakeFirstOrThrow();
      checkQuota('reports', quota, Number(n), 1);
      reportId = (await trx.insertInto('reports').values({ ...values, created_by: userId }).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      const updated = await trx.updateTable('reports').set(values).where('id', '=', id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new NotFound(reportNotFound(id));
      await trx.deleteFrom('report_parameters').where('report_id', '=', id).execute();
      await trx.deleteFrom('report_columns').where('report_id', '=', id).execute();
    }
    if (input.Parameters.length > 0) {
      await trx.insertInto('report_parameters').values(input.Parameters.map((p, index) => ({
        report_id: reportId, ord: p.Order ?? index, db_name: p.DbName.trim(), name: p.Name.trim(), type: p.Type ?? 'int',
        sub_type: p.Type === 'select' ? p.SubType : null, value: p.Value, default_value: p.DefaultValue,
      }))).execute();
    }
    if (input.Columns.length > 0) {
      await trx.insertInto('report_columns').values(input.Columns.map((c, index) => ({
        report_id: reportId, ord: c.Order ?? index, db_name: c.DbName.trim(), name: c.Name.trim(), total: c.Total,
        data_type: c.DataType ?? 'Auto',
      }))).execute();
    }
    return reportId;
  });
  return getReport(db, savedId);
}

/** Deletes a report (its parameters and columns go with it; the run log keeps the name). */
export async function deleteReport(db: Db, id: number): Promise<void> {
  const deleted = await reportsDb(db).deleteFrom('reports').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new NotFound(reportNotFound(id));
}
