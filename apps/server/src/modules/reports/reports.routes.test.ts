import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportInput, ReportListItem, ReportRunResponse } from '@opencrt/contracts';
import type { CalculationTables } from '../../db/calculation-tables.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testConfig } from '../../test/test-config.ts';
import { whenReportsReady } from './reports-test-helpers.ts';

/** Report management and runs on the application database (PGlite, or PostgreSQL with DATABASE_URL). */
describe('reports API on the application database', () => {
  let t: TestApp;
  let tok: Record<'admin' | 'analyst' | 'user', string>;
  let dealName: string;
  const base = testConfig().reports;

  const save = (report: Partial<ReportInput>, id = 0, token = tok.admin) => t.request({
    method: 'POST', url: `/api/report/${id}`, token,
    payload: { Id: id, Name: 'r', Source: 2, Query: 'select 1 as one', Parameters: [], Columns: [], ...report },
  });
  const run = (id: number, params: unknown[], token = tok.analyst) => t.request({ method: 'PUT', url: `/api/report/${id}/run`, token, payload: params as object[] });
  /** Test Query: checks and runs a report as edited, without saving it. */
  const adhoc = (query: string, parameters: ReportInput['Parameters'] = [], params: unknown[] = []) => t.request({
    method: 'POST', url: '/api/report/test', token: tok.admin,
    payload: { Report: { Id: 0, Name: 'adhoc', Source: 2, Query: query, Parameters: parameters, Columns: [] }, Values: params },
  });

  beforeAll(async () => {
    // A short timeout and a small row cap so the limits are quick to prove.
    t = await createTestApp({ reports: { ...base, timeoutSeconds: 2, maxRows: 25 } });
    tok = { admin: await t.token('admin'), analyst: await t.token('analyst'), user: await t.token('user') };
    // The embedded snapshot's load counts toward a report's 2 seconds: load it first.
    await whenReportsReady(t, tok.admin);
    const row = await sql<{ deal_name: string }>`
      select h.deal_name from deal_remit_history h join user_deals u on u.deal_name = h.deal_name
      join users s on s.id = u.user_id and s.username = 'user' group by h.deal_name order by count(*) desc limit 1`.execute(t.ctx.db);
    dealName = row.rows[0]!.deal_name;
  }, 300_000);
  afterAll(async () => { await t?.close(); });

  it('ships the historical and demo reports; management lists are Admin-only, run lists for Reports_Consumer', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/report', token: tok.admin })).json() as ReportListItem[];
    expect(list.map((r) => r.Name)).toEqual(expect.arrayContaining(['Deal Historical', 'Bond Historical', 'Deal factors and losses by month',
      'Delinquency by deal', 'Saved calculations by portfolio']));
    expect(list.find((r) => r.Name === 'Deal Historical')).toMatchObject({ Source: 2, SourceName: 'Application', Historical: 'Deal' });
    expect((await t.request({ method: 'GET', url: '/api/report', token: tok.analyst })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/report/list', token: tok.analyst })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/report/list', token: tok.user })).statusCode).toBe(403);
  });

  it('validates a save with the spec\'s messages, one per failure', async () => {
    const res = await save({ Name: ' ', Query: '', Source: null, Parameters: [{ Order: 0, DbName: '', Name: 'P', Type: null }],
      Columns: [{ Order: 0, DbName: 'a', Name: '', Total: false, DataType: null }] });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { Message: string }).Message.split('\n')).toEqual([
      'Error in "Report", field "Name": Field is required',
      'Error in "Report", field "Query": Field is required',
      'Error in "Report", field "Source": Field is required',
      'Error in "Parameter", field "DbName": Field is required',
      'Error in "Parameter", field "Type": Field is required',
      'Error in "Column", field "Name": Field is required',
      'Error in "Column", field "DataType": Field is required',
    ]);
    expect((await save({ Name: 'x' }, 0, tok.analyst)).statusCode).toBe(403);
    expect((await save({ Name: 'x' }, 999_999)).statusCode).toBe(404);
  });

  it('saves, reads back, updates, runs with two typed parameters and deletes a report', async () => {
    const created = await save({
      Name: 'Two params',
      Query: 'select n, @label::text as label, @day::date as day from generate_series(1, @upto) as n order by n desc',
      Parameters: [
        { Order: 0, DbName: 'upto', Name: 'Up to', Type: 'int', Value: '3' },
        { Order: 1, DbName: 'day', Name: 'Day', Type: 'date', DefaultValue: '2024-01-31' },
        { Order: 2, DbName: 'label', Name: 'Label', Type: 'select', SubType: 'deals' },
      ],
      Columns: [{ Order: 0, DbName: 'n', Name: 'N', Total: true, DataType: 'Integer' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const report = created.json() as ReportInput & { Id: number };
    expect(report.Id).toBeGreaterThan(0);
    expect(report.Parameters.map((p) => [p.DbName, p.Type, p.SubType, p.Value])).toEqual([
      ['upto', 'int', null, '3'], ['day', 'date', null, null], ['label', 'select', 'deals', null]]);

    // A consumer reads the report's shape but not its SQL.
    const asConsumer = (await t.request({ method: 'GET', url: `/api/report/${report.Id}`, token: tok.analyst })).json() as ReportInput;
    expect(asConsumer.Query).toBe('');
    expect(asConsumer.Parameters).toHaveLength(3);

    expect((await run(report.Id, [{ Name: 'Up to', Value: '2' }, { Name: 'Day', Value: '' }, { DbName: 'label', Value: dealName }])).json())
      .toEqual({ Message: 'Parameter Day is empty' });
    expect((await run(report.Id, [{ DbName: 'upto', Value: 'two' }, { DbName: 'day', Value: '20240131' }, { DbName: 'label', Value: dealName }])).json())
      .toEqual({ Message: 'Parameter Up to must be a whole number.' });
    expect((await run(report.Id, [{ DbName: 'upto', Value: 2 }, { DbName: 'day', Value: '20230229' }, { DbName: 'label', Value: dealName }])).statusCode).toBe(400);

    const ok = await run(report.Id, [{ Id: report.Parameters[0]!.Id, Value: 3 }, { DbName: 'day', Value: '01/31/2024' }, { DbName: 'label', Value: dealName }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json() as ReportRunResponse;
    expect(body.Columns).toEqual(['n', 'label', 'day']);
    expect(body.Rows).toEqual([3, 2, 1].map((n) => ({ n, label: dealName, day: '2024-01-31' })));
    expect(body.Truncated).toBe(false);

    // A hostile value is data, not SQL.
    const hostile = await run(report.Id, [{ DbName: 'upto', Value: 1 }, { DbName: 'day', Value: '2024-01-31' }, { DbName: 'label', Value: "x'; drop table deals; --" }]);
    expect(hostile.json()).toEqual({ Message: 'Parameter Label: deal x\'; drop table deals; -- was not found.' });

    const updated = await save({ ...report, Name: 'Two params v2', Parameters: report.Parameters.slice(0, 1), Query: 'select n from generate_series(1, @upto) n' }, report.Id);
    expect(updated.statusCode, updated.body).toBe(200);
    expect((updated.json() as ReportInput).Parameters).toHaveLength(1);
    expect((await run(report.Id, [{ DbName: 'upto', Value: 4 }])).json()).toMatchObject({ Columns: ['n'], Rows: [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }] });

    expect((await t.request({ method: 'DELETE', url: `/api/report/${report.Id}`, token: tok.analyst })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/report/${report.Id}`, token: tok.admin })).json()).toEqual({ Id: report.Id });
    expect((await t.request({ method: 'GET', url: `/api/report/${report.Id}`, token: tok.admin })).statusCode).toBe(404);
  });

  it('cannot write: INSERT, UPDATE, DROP, a writable WITH, a second statement and a function with side effects are refused', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from deals`.execute(t.ctx.db);
    for (const query of ['insert into app_settings values (\'pwned\', \'1\')', 'update deals set deal_type = \'x\'', 'drop table deals',
      'select 1; delete from deals']) {
      const res = await adhoc(query);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { Message: string }).Message).toMatch(/one SELECT statement/);
    }
    const writableWith = await adhoc('with gone as (delete from deals returning deal_name) select * from gone');
    expect(writableWith.statusCode).toBe(400);

    await sql.raw(`create function report_side_effect() returns int language plpgsql as $$
      begin insert into app_settings (key, value) values ('side_effect', 'written'); return 1; end $$`).execute(t.ctx.db);
    const sideEffect = await adhoc('select report_side_effect() as r');
    expect(sideEffect.statusCode).toBe(400);
    expect((sideEffect.json() as { Message: string }).Message).toBe('A report cannot call report_side_effect: it is not one of the functions reports may use (aggregates, arithmetic, string, date and casts).');
    const nextval = await adhoc('select nextval(\'reports_id_seq\') as n');
    expect(nextval.statusCode).toBe(400);

    expect((await sql<{ n: number }>`select count(*)::int as n from deals`.execute(t.ctx.db)).rows[0]!.n).toBe(before.rows[0]!.n);
    expect((await sql`select 1 from app_settings where key in ('pwned', 'side_effect')`.execute(t.ctx.db)).rows).toEqual([]);
  });

  it('reads the report views only: secrets (JWT key, password hashes, sessions) are out of reach, deal data is not', async () => {
    for (const query of ['select * from app_settings', 'select * from sessions']) {
      const res = await adhoc(query);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { Message: string }).Message).toMatch(/^A report cannot read (app_settings|sessions): it is not one of the report views/);
    }
    // users is a view of id and user name only.
    expect((await adhoc('select password_hash from users')).json()).toEqual({ Message: expect.stringMatching(/password_hash/) });
    expect((await adhoc('select id, username from users order by id')).statusCode).toBe(200);
  });

  it('caps the rows and says so', async () => {
    const res = (await adhoc('select n from generate_series(1, 100) n order by n desc')).json() as ReportRunResponse;
    expect(res.Rows).toHaveLength(25);
    expect(res.Rows[0]).toEqual({ n: 100 });
    expect(res.Truncated).toBe(true);
    expect(res.RowCap).toBe(25);
  });

  it('stops a query at the statement timeout', async () => {
    const started = Date.now();
    const res = await adhoc('select count(*) as n from generate_series(1, 100000000000) as g');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: 'The report ran longer than 2 seconds and was stopped.' });
    expect(Date.now() - started).toBeLessThan(15_000);
    // Its thread was stopped: the next one loads the snapshot before the next 2-second reports.
    await whenReportsReady(t, tok.admin);
  }, 300_000);

  it('logs every run: who, which report, parameters, rows, time and the error', async () => {
    const runs = await sql<{ report_name: string; username: string; parameters: unknown; row_count: number | null; elapsed_ms: number; error: string | null }>`
      select report_name, username, parameters, row_count, elapsed_ms, error from report_runs order by id`.execute(t.ctx.db);
    const twoParams = runs.rows.filter((r) => r.report_name === 'Two params' && r.error === null);
    expect(twoParams[0]).toMatchObject({ username: 'analyst', row_count: 3,
      parameters: [{ Name: 'upto', Value: '3' }, { Name: 'day', Value: '01/31/2024' }, { Name: 'label', Value: dealName }] });
    expect(runs.rows.some((r) => r.report_name === 'adhoc' && r.row_count === null && /not one of the report views/.test(r.error ?? ''))).toBe(true);
    expect(runs.rows.every((r) => r.elapsed_ms >= 0)).toBe(true);
  });

  it('historical reports: listed for any user, run on the user\'s own deals only', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/report/historical/list?kind=Deal', token: tok.user })).json() as ReportListItem[];
    expect(list.map((r) => r.Name)).toEqual(['Deal Historical']);
    const id = list[0]!.Id;
    const res = await t.request({ method: 'PUT', url: `/api/report/historical/${id}/run`, token: tok.user, payload: [{ DbName: 'deal', Value: dealName }] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReportRunResponse;
    expect(body.Rows.length).toBeGreaterThan(3);
    expect(body.Columns.slice(0, 3)).toEqual(['month', 'current_balance', 'factor']);
    expect(typeof body.Rows[0]!.factor).toBe('number');

    await sql`delete from user_deals where user_id = (select id from users where username = 'user') and deal_name = ${dealName}`.execute(t.ctx.db);
    const refused = await t.request({ method: 'PUT', url: `/api/report/historical/${id}/run`, token: tok.user, payload: [{ DbName: 'deal', Value: dealName }] });
    expect(refused.json()).toEqual({ Message: `Parameter Deal: deal ${dealName} was not found.` });
    const notHistorical = (await t.request({ method: 'GET', url: '/api/report/list', token: tok.admin })).json() as ReportListItem[];
    const plain = notHistorical.find((r) => r.Historical === 'None')!;
    expect((await t.request({ method: 'GET', url: `/api/report/historical/${plain.Id}`, token: tok.user })).statusCode).toBe(404);
  });

  it('lists saved calculations and runs the calculations report on one', async () => {
    const { id } = await t.ctx.db.withTables<CalculationTables>()
      .insertInto('portfolio_calculations').values({ name: 'Q3 run', portfolio_name: 'Core', settlement_date: '2025-09-25', early_call: true })
      .returning('id').executeTakeFirstOrThrow();
    await t.ctx.db.withTables<CalculationTables>().insertInto('portfolio_calculation_results').values([
      { calculation_id: id, ordinal_number: 1, scenario_name: 'Base', deal_name: dealName, bond_name: 'M1', owned_face_amt: 1_000_000, metrics: JSON.stringify({ Yield: 6.25, WAL: 3.1 }) },
      { calculation_id: id, ordinal_number: 1, scenario_name: 'Stress', deal_name: dealName, bond_name: 'M1', owned_face_amt: 1_000_000, metrics: JSON.stringify({ Yield: '-----' }) },
    ]).execute();
    // The data behind the views changed: the snapshot loads again before the 2-second reports.
    await whenReportsReady(t, tok.admin);
    const calcs = (await t.request({ method: 'GET', url: '/api/report/calculations', token: tok.analyst })).json();
    expect(calcs).toContainEqual({ Id: id, Name: 'Q3 run', PortfolioName: 'Core', SettlementDate: '2025-09-25', EarlyCall: true });
    const list = (await t.request({ method: 'GET', url: '/api/report/list', token: tok.analyst })).json() as ReportListItem[];
    const reportId = list.find((r) => r.Name === 'Saved calculations by portfolio')!.Id;
    const res = (await run(reportId, [{ DbName: 'calculation', Value: String(id) }])).json() as ReportRunResponse;
    expect(res.Rows.map((r) => [r.portfolio_name, r.scenario_name, r.yield, r.wal])).toEqual([['Core', 'Base', 6.25, 3.1], ['Core', 'Stress', null, null]]);
    expect((await run(reportId, [{ DbName: 'calculation', Value: '987654' }])).json()).toEqual({ Message: 'Parameter Calculation: calculation 987654 was not found.' });
  }, 300_000);
});
