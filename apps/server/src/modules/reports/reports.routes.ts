import { z } from 'zod';
import { sql } from 'kysely';
import {
  formatReportIssue, ReportCalculationListSchema, ReportIdParamsSchema, reportIssues, ReportListSchema, ReportRunRequestSchema, ReportRunResponseSchema,
  ReportOutSchema, ReportSchema, ReportSourceStatusListSchema, ReportTestRequestSchema, REPORT_HISTORICAL_KINDS, reportNotFound, type Report,
} from '@opencrt/contracts';
import { requireUser, type AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { ApiModule } from '../module.ts';
import { checkReportForSave, runReport, type ReportRunContext } from './report-runner.ts';
import { ReportSources } from './report-sources.ts';
import { ensureReportAccess } from './report-views.ts';
import { loadPostgresParser } from './sql/report-sql.ts';
import { deleteReport, getReport, listReports, saveReport } from './reports.service.ts';

const tags = ['reports'];

/** Report SQL is for administrators: others get the report's shape without its query. */
const forCaller = (report: Report, user: AuthUser): Report => (rolesGrant(user.roles, 'admin') ? report : { ...report, Query: '' });

const HistoricalQuery = z.object({ kind: z.enum(REPORT_HISTORICAL_KINDS.filter((k) => k !== 'None') as ['Deal', 'Bond']).optional() });

/**
 * Stored reports (spec 002 §7 report calls; spec 000 §7 historical report). Management is
 * Admin-only; running needs Reports_Consumer or Admin; historical reports run for any user on
 * their own deals.
 */
export const reportsModule: ApiModule = {
  name: 'reports',
  async register(api, ctx) {
    await loadPostgresParser();
    const access = await ensureReportAccess(ctx.db, {
      databaseUrl: ctx.config.databaseUrl, reportsDatabaseUrl: ctx.config.reports.databaseUrl, warn: (m) => api.log.warn(m),
    });
    const sources = new ReportSources(ctx.db, ctx.config.reports, access, ctx.copyOut);
    api.addHook('onClose', async () => { await sources.close(); });
    const runCtx: ReportRunContext = { db: ctx.db, config: ctx.config.reports, sources, now: ctx.now };
    // /readyz stays ready for the app when a report source is misconfigured (only that source's
    // reports fail) and says which one: each source's state under "reports".
    if (ctx.readinessNotes) {
      ctx.readinessNotes.reports = async () => Object.fromEntries((await sources.status()).map((s) => [s.SourceName, s.State === 'ok' ? 'ok' : `${s.State}: ${s.Message}`]));
    }

    api.get('/report/sources', {
      config: { permission: 'admin' },
      schema: { tags, summary: 'Each report source\'s state: its account checked for least privilege', response: { 200: ReportSourceStatusListSchema } },
    }, () => sources.status());

    api.get('/report', {
      config: { permission: 'admin' },
      schema: { tags, summary: 'Every stored report (report management)', response: { 200: ReportListSchema } },
    }, () => { void sources.warm(); return listReports(ctx.db); });

    api.get('/report/list', {
      config: { permission: 'reports:run' },
      schema: { tags, summary: 'Reports the caller can run', response: { 200: ReportListSchema } },
    }, () => { void sources.warm(); return listReports(ctx.db); });

    api.get('/report/calculations', {
      config: { permission: 'reports:run' },
      schema: { tags, summary: 'Saved portfolio calculations (values of select parameters of subtype calculations)', response: { 200: ReportCalculationListSchema } },
    }, async () => {
      const rows = await sql<{ id: number; name: string; portfolio_name: string; settlement: string; early_call: boolean }>`
        select id, name, portfolio_name, to_char(settlement_date, 'YYYY-MM-DD') as settlement, early_call
        from portfolio_calculations order by created_at desc, id desc limit 5000`.execute(ctx.db);
      return rows.rows.map((r) => ({ Id: r.id, Name: r.name, PortfolioName: r.portfolio_name, SettlementDate: r.settlement, EarlyCall: r.early_call }));
    });

    api.get('/report/historical/list', {
      config: { permission: 'deals:read' },
      schema: { tags, summary: 'Historical reports (deal or bond screens)', querystring: HistoricalQuery, response: { 200: ReportListSchema } },
    }, (request) => listReports(ctx.db, { historical: request.query.kind ?? 'any' }).then((list) => list.filter((r) => r.Historical !== 'None')));

    const historical = async (id: number): Promise<Report> => {
      const report = await getReport(ctx.db, id);
      if (report.Historical === 'None') throw new NotFound(reportNotFound(id));
      return report;
    };

    api.get('/report/historical/:id', {
      config: { permission: 'deals:read' },
      schema: { tags, summary: 'One historical report', params: ReportIdParamsSchema, response: { 200: ReportOutSchema } },
    }, async (request) => forCaller(await historical(request.params.id), requireUser(request)));

    api.put('/report/historical/:id/run', {
      config: { permission: 'deals:read' },
      schema: { tags, summary: 'Run a historical report with the deal parameter', params: ReportIdParamsSchema, body: ReportRunRequestSchema, response: { 200: ReportRunResponseSchema } },
    }, async (request) => runReport(runCtx, requireUser(request), await historical(request.params.id), request.body));

    api.get('/report/:id', {
      config: { permission: 'reports:run' },
      schema: { tags, summary: 'One report with parameters and column formats', params: ReportIdParamsSchema, response: { 200: ReportOutSchema } },
    }, async (request) => forCaller(await getReport(ctx.db, request.params.id), requireUser(request)));

    api.post('/report/:id', {
      config: { permission: 'admin' },
      schema: { tags, summary: 'Save a report (id 0 creates one)', params: ReportIdParamsSchema, body: ReportSchema, response: { 200: ReportOutSchema } },
    }, (request) => {
      // The spec's field checks first (saveReport repeats them), then the SQL check.
      if (reportIssues(request.body).length === 0) checkReportForSave(request.body);
      return saveReport(ctx.db, request.params.id, request.body, requireUser(request).id, ctx.now(), ctx.config.quotas.reports);
    });

    api.post('/report/test', {
      config: { permission: 'admin' },
      schema: { tags, summary: 'Test Query: check and run a report as edited, without saving it', body: ReportTestRequestSchema, response: { 200: ReportRunResponseSchema } },
    }, async (request) => {
      const issues = reportIssues(request.body.Report);
      if (issues.length > 0) throw new Invalid(issues.map(formatReportIssue).join('\n'));
      return runReport(runCtx, requireUser(request), request.body.Report, request.body.Values);
    });

    api.delete('/report/:id', {
      config: { permission: 'admin' },
      schema: { tags, summary: 'Delete a report', params: ReportIdParamsSchema, response: { 200: z.object({ Id: z.number().int() }) } },
    }, async (request) => {
      await deleteReport(ctx.db, request.params.id);
      return { Id: request.params.id };
    });

    api.put('/report/:id/run', {
      config: { permission: 'reports:run' },
      schema: { tags, summary: 'Run a report with parameter values', params: ReportIdParamsSchema, body: ReportRunRequestSchema, response: { 200: ReportRunResponseSchema } },
    }, async (request) => runReport(runCtx, requireUser(request), await getReport(ctx.db, request.params.id), request.body));
  },
};
