import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRunResponse } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_PASSWORDS, testConfig } from '../../test/test-config.ts';
import { ReportSources } from './report-sources.ts';
import { whenReportsReady } from './reports-test-helpers.ts';
import { ensureReportAccess, reportDataVersion } from './report-views.ts';

/**
 * An administrator turned attacker (issue 22): every way found out of the report sandbox on the
 * application database, by class. Each query is refused with a message naming what and why, or
 * (limits) cut; nothing it tried happened. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
describe('report escapes on the application database', () => {
  let t: TestApp;
  let admin: string;
  const base = testConfig().reports;

  const tryQuery = (query: string) => t.request({
    method: 'POST', url: '/api/report/test', token: admin,
    payload: { Report: { Id: 0, Name: 'attack', Source: 2, Query: query, Parameters: [], Columns: [] }, Values: [] },
  });
  const refused = async (query: string, message: RegExp) => {
    const res = await tryQuery(query);
    expect(res.statusCode, `${query}\n${res.body}`).toBe(400);
    expect((res.json() as { Message: string }).Message, query).toMatch(message);
  };

  beforeAll(async () => {
    t = await createTestApp({ reports: { ...base, timeoutSeconds: 3, maxRows: 1000, maxBytes: 1024 * 1024 } });
    admin = await t.token('admin');
    // The embedded snapshot's load counts toward a report's 3 seconds: load it first.
    await whenReportsReady(t, admin);
  }, 300_000);
  afterAll(async () => { await t?.close(); });

  it('the seven findings of the issue', async () => {
    // 1. role escape and a query of its own
    await refused("select set_config('role','none',true), query_to_xml('select username,password_hash from users',true,false,'')::text",
      /^A report cannot call set_config: it changes the session's settings\.$/);
    // 2. statements smuggled past a scanner that misread é$q$ as a dollar quote
    await refused('select 1 as é$q$) x; commit; create table t(a int); select * from (select 2 as é$q$', /^The query is not valid SQL/);
    // 4. sleeping
    await refused('select pg_sleep(45)', /^A report cannot call pg_sleep: it only waits\.$/);
    // 6. advisory locks
    await refused('select pg_advisory_lock(1)', /^A report cannot call pg_advisory_lock: it takes locks/);
    const created = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 't'`.execute(t.ctx.db);
    expect(created.rows[0]!.n).toBe(0);
  });

  it('role and privilege escapes', async () => {
    await refused("select set_config('session_authorization', 'postgres', false)", /set_config/);
    await refused("select current_setting('is_superuser')", /^A report cannot call current_setting: it reads the server's settings\.$/);
    await refused('select current_user', /^A report cannot read CURRENT_USER/);
    await refused('select session_user', /^A report cannot read SESSION_USER/);
    await refused("select has_table_privilege('users', 'select')", /^A report cannot call has_table_privilege: it reads privileges\.$/);
    await refused("select * from deals where deal_name = 'x' union select * from pg_authid", /pg_authid/);
  });

  it('statement smuggling: quotes, dollar quotes, identifiers, comments, unicode', async () => {
    await refused('select 1; drop table deals', /one SELECT statement/);
    await refused("select ';' as a; delete from deals", /one SELECT statement/);
    await refused('select $$ $$; create table t2 (a int)', /one SELECT statement/);
    await refused('select 1 /* ; */ ; drop table deals', /one SELECT statement/);
    await refused('select 1 -- comment\n; drop table deals', /one SELECT statement/);
    await refused('select U&"pg_sl\\0065ep"(1)', /pg_sleep: it only waits/);
    await refused('select "PG_SLEEP"(1)', /PG_SLEEP|pg_sleep/i);
    await refused('select pg_catalog.pg_sleep(1)', /pg_sleep/);
    await refused('with gone as (delete from deals returning deal_name) select * from gone', /every WITH query must be a SELECT/);
    await refused('select * from deals for update', /cannot lock rows/);
    await refused('select * into stolen from deals', /SELECT INTO/);
    await refused("copy deals to program 'id'", /one SELECT statement/);
    await refused('select $1', /write report parameters as @name/);
    await refused('explain analyze select 1', /one SELECT statement/);
    expect((await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name in ('t2', 'stolen')`.execute(t.ctx.db)).rows[0]!.n).toBe(0);
  });

  it('issue 32: COLLATE, operators in SubLink and ORDER BY USING, and a CTE named like a catalog no longer pass', async () => {
    await refused("select pg_read_file('/etc/passwd') collate \"C\" as x", /^A report cannot call pg_read_file: it reads server files\.$/);
    await refused("select current_setting('is_superuser') collate \"C\" as x", /^A report cannot call current_setting: it reads the server's settings\.$/);
    await refused('select query collate "C" as q from pg_stat_activity', /^A report cannot read pg_stat_activity/);
    await refused('select pg_terminate_backend(pg_backend_pid()) collate "C" as x', /^A report cannot call pg_terminate_backend: it stops other sessions\.$/);
    await refused('select 5 operator(pg_catalog.#) any (select 3)', /^A report cannot use the operator #: it is not one of the operators reports may use\.$/);
    await refused('select deal_name from deals order by deal_name using operator(pg_catalog.~<~)', /^A report cannot use the operator ~<~/);
    await refused('with pg_authid as (select * from pg_authid) select rolname from pg_authid', /^A report cannot read pg_authid: it is not one of the report views/);
    await refused('with app_settings as (select * from app_settings) select * from app_settings', /^A report cannot read app_settings: it is not one of the report views/);
    // What the check allows still runs: a collation and USING < on the report views.
    const ok = await tryQuery('select deal_name collate "C" as d from deals order by deal_name using < limit 1');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('file and operating-system access', async () => {
    await refused("select pg_read_file('/etc/passwd')", /pg_read_file: it reads server files/);
    await refused("select pg_read_binary_file('/etc/passwd')", /pg_read_binary_file: it reads server files/);
    await refused("select pg_ls_dir('.')", /pg_ls_dir: it lists server files/);
    await refused("select lo_import('/etc/passwd')", /lo_import: it reaches large objects/);
    await refused("select * from dblink('host=127.0.0.1', 'select 1') as t(a int)", /dblink: it connects to other databases/);
    await refused("select cast('/etc/passwd' as regclass)", /regclass: it looks up the system catalogs/);
  });

  it('information leaks: catalogs, settings, other sessions', async () => {
    await refused('select * from pg_stat_activity', /pg_stat_activity/);
    await refused('select * from pg_catalog.pg_user', /pg_user/);
    await refused('select * from information_schema.tables', /information_schema.tables/);
    await refused('select * from app_settings', /^A report cannot read app_settings: it is not one of the report views/);
    await refused('select * from sessions', /sessions/);
    await refused('select version()', /version/);
    await refused('select inet_server_addr()', /inet_server_addr/);
    await refused('select pg_backend_pid()', /pg_backend_pid/);
    await refused("select pg_terminate_backend(1)", /pg_terminate_backend: it stops other sessions/);
    await refused("select pg_cancel_backend(1)", /pg_cancel_backend: it stops other sessions/);
    await refused("select xmlelement(name x)", /XML/);
    await refused("select table_to_xml('users', true, false, '')", /table_to_xml/);
    await refused("select cursor_to_xml('c', 1, true, false, '')", /cursor_to_xml/);
    await refused("select xpath('/a', '<a/>')", /xpath/);
    await refused("select txid_current()", /txid_current/);
  });

  it('resource exhaustion: time and size are capped', async () => {
    await refused("select repeat('x', 100000000)", /repeat: it builds answers of any size/);
    expect((await tryQuery('select 1 as warm')).statusCode).toBe(200);
    // While a report runs past its limit, other requests are served: a sign-in here, timed.
    const started = Date.now();
    const slow = tryQuery('select count(*) from generate_series(1, 100000000000) g');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signInStarted = Date.now();
    const signIn = await t.request({ method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=user&password=${encodeURIComponent(TEST_PASSWORDS.user)}&grant_type=password` });
    const signInMs = Date.now() - signInStarted;
    expect(signIn.statusCode).toBe(200);
    const answer = await slow;
    expect(answer.json()).toEqual({ Message: 'The report ran longer than 3 seconds and was stopped.' });
    expect(signInMs).toBeLessThan(2500); // the report still ran: the event loop was free
    expect(Date.now() - started).toBeLessThan(15_000);
    // Its thread was stopped: the next one loads the snapshot before the next 3-second report.
    await whenReportsReady(t, admin);
    // 200 MB asked: the answer stops at the byte cap (1 MB here) and says so.
    const big = await tryQuery("select lpad('x', 100000, 'y') as pad from generate_series(1, 2000) g");
    expect(big.statusCode, big.body.slice(0, 300)).toBe(200);
    const body = big.json() as ReportRunResponse;
    expect(body.Truncated).toBe(true);
    expect(body.Notice).toMatch(/^The answer was cut at 1 MB: only the first \d+ rows are shown\.$/);
    expect(body.Rows.length).toBeLessThan(11);
    expect(big.body.length).toBeLessThan(1.2 * 1024 * 1024);
  }, 300_000);

  it('the source itself reads only the report views, whatever text reaches it', async () => {
    const access = await ensureReportAccess(t.ctx.db, { databaseUrl: t.ctx.config.databaseUrl, reportsDatabaseUrl: undefined, warn: () => undefined });
    const sources = new ReportSources(t.ctx.db, t.ctx.config.reports, access, t.ctx.copyOut);
    try {
      // A new runner: its thread starts and loads before the 5-second runs.
      await sources.warm();
      const source = sources.source(2)!;
      const limits = { timeoutMs: 5000, maxRows: 10, maxBytes: 100_000, maxCellChars: 1024 * 1024 };
      for (const text of ['select * from app_settings', 'select password_hash from users', `select * from ${t.schema ?? 'public'}.app_settings`]) {
        await expect(source.run({ text, values: [] }, limits), text).rejects.toThrow(/permission denied|does not exist/);
      }
      await expect(source.run({ text: "insert into deals (deal_name) values ('x')", values: [] }, limits)).rejects.toThrow(/read-only|permission denied|cannot|syntax error/);
      const ok = await source.run({ text: 'select count(*) as n from deals', values: [] }, limits);
      expect(Number(ok.rows[0]![0])).toBeGreaterThan(0);
    } finally {
      await sources.close();
    }
  }, 300_000);

  it('the embedded snapshot is taken again when report data changes, not on a sign-in', async () => {
    const before = await reportDataVersion(t.ctx.db);
    const signIn = await t.request({ method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=user&password=${encodeURIComponent(TEST_PASSWORDS.user)}&grant_type=password` });
    expect(signIn.statusCode).toBe(200);
    expect(await reportDataVersion(t.ctx.db)).toBe(before);
    await sql`update deals set deal_name = deal_name where false`.execute(t.ctx.db);
    expect(Number(await reportDataVersion(t.ctx.db))).toBeGreaterThan(Number(before));
    // The next reports run on the new snapshot once it has loaded.
    await whenReportsReady(t, admin);
  }, 300_000);

  it('a session setting or lock never outlives a run', async () => {
    // Each run has a connection (or snapshot transaction) of its own: a second run sees defaults.
    const first = await tryQuery("select to_char(date '2024-01-31', 'YYYY') as y");
    expect(first.statusCode).toBe(200);
    const locks = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory'`.execute(t.ctx.db);
    expect(locks.rows[0]!.n).toBe(0);
  });

  it('Test Query that fails saves nothing, and a query the check refuses cannot be saved', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from reports`.execute(t.ctx.db);
    expect((await tryQuery('select no_such_column from deals')).statusCode).toBe(400);
    const save = await t.request({ method: 'POST', url: '/api/report/0', token: admin,
      payload: { Id: 0, Name: 'bad', Source: 2, Query: "select pg_read_file('/etc/passwd')", Parameters: [], Columns: [] } });
    expect(save.json()).toEqual({ Message: 'A report cannot call pg_read_file: it reads server files.' });
    expect((await sql<{ n: number }>`select count(*)::int as n from reports`.execute(t.ctx.db)).rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
