import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportInput, ReportRunResponse } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testConfig } from '../../test/test-config.ts';
import { ReportSources } from './report-sources.ts';

/**
 * External report sources: MySQL/MariaDB (source 0) on the local MariaDB every machine runs
 * (127.0.0.1:3306, root, no password) and PostgreSQL-protocol (source 1 "RedShift") on the local
 * PostgreSQL. Each suite works in a fresh database / schema and drops it afterwards.
 */
const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const PG_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const suffix = randomBytes(5).toString('hex');

type Saved = ReportInput & { Id: number };

function helpers(getApp: () => TestApp, source: 0 | 1) {
  const save = async (report: Partial<ReportInput>): Promise<Saved> => {
    const t = getApp();
    const res = await t.request({ method: 'POST', url: '/api/report/0', token: await t.token('admin'),
      payload: { Id: 0, Name: 'external', Source: source, Query: 'select 1', Parameters: [], Columns: [], ...report } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Saved;
  };
  const run = async (id: number, params: unknown[] = []) => {
    const t = getApp();
    return t.request({ method: 'PUT', url: `/api/report/${id}/run`, token: await t.token('analyst'), payload: params as object[] });
  };
  /** Test Query: checked and run as edited, nothing saved. */
  const adhoc = async (query: string) => {
    const t = getApp();
    return t.request({ method: 'POST', url: '/api/report/test', token: await t.token('admin'),
      payload: { Report: { Id: 0, Name: 'external', Source: source, Query: query, Parameters: [], Columns: [] }, Values: [] } });
  };
  return { save, run, adhoc };
}

describe('reports on MySQL / MariaDB (source 0), through a read-only account', () => {
  const database = `opencrt_reports_${suffix}`;
  const reader = `opencrt_rd_${suffix}`;
  const readerPassword = randomBytes(12).toString('hex');
  // The account the README tells an operator to create: SELECT on the report data, nothing else.
  const url = MYSQL_ADMIN_URL.replace(/\/\/[^@/]*@/, `//${reader}:${readerPassword}@`).replace(/\/[^/]*$/, `/${database}`);
  let admin: mysql.Connection;
  let t: TestApp;
  const { save, run, adhoc } = helpers(() => t, 0);

  beforeAll(async () => {
    admin = await mysql.createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements: true });
    await admin.query(`create database \`${database}\``);
    await admin.query(`use \`${database}\`;
      create table loans (id int primary key, deal varchar(40), opened date, balance decimal(14,2));
      insert into loans values (1, 'A', '2024-01-15', 1000.50), (2, 'A', '2024-03-01', 2500.00), (3, 'B', '2024-02-10', 700.25);
      create function side_effect() returns int modifies sql data begin insert into loans values (99, 'X', '2024-01-01', 1); return 1; end`);
    for (const host of ['127.0.0.1', 'localhost']) {
      await admin.query(`create user '${reader}'@'${host}' identified by '${readerPassword}'`);
      await admin.query(`grant select on \`${database}\`.* to '${reader}'@'${host}'`);
    }
    t = await createTestApp({ reports: { ...testConfig().reports, mysqlUrl: url, timeoutSeconds: 1, maxRows: 2 } });
  });
  afterAll(async () => {
    await t?.close();
    await admin?.query(`drop database if exists \`${database}\``);
    for (const host of ['127.0.0.1', 'localhost']) await admin?.query(`drop user if exists '${reader}'@'${host}'`);
    await admin?.end();
  });

  const rowCount = async () => ((await admin.query<mysql.RowDataPacket[]>(`select count(*) as n from \`${database}\`.loans`))[0][0]!.n as number);
  const refused = async (query: string, message: RegExp) => {
    const res = await adhoc(query);
    expect(res.statusCode, `${query}\n${res.body}`).toBe(400);
    expect((res.json() as { Message: string }).Message, query).toMatch(message);
  };

  it('refuses the escapes: file access, executable comments, hints, server variables, waits, locks, system schemas', async () => {
    await refused("select 1 /*! , load_file('/etc/passwd') */ as f", /executable comments/);
    await refused("select 1 /*M!100000 , load_file('/etc/passwd') */ as f", /executable comments/);
    await refused('select /*+ MAX_EXECUTION_TIME(100000) */ id from loans', /optimizer hints/);
    await refused("select load_file('/etc/passwd') as f", /load_file: it reads server files/);
    await refused("select id from loans into dumpfile '/tmp/opencrt-dump'", /SELECT … INTO/);
    await refused('select id from loans into @stolen', /SELECT … INTO/);
    await refused('select @@datadir', /server variables/);
    await refused('select @@global.secure_file_priv', /server variables/);
    await refused('select sleep(30)', /sleep: it only waits/);
    await refused("select benchmark(100000000, md5('x'))", /benchmark: it only burns time/);
    await refused("select get_lock('x', 10)", /get_lock: it takes locks/);
    await refused('select * from mysql.user', /mysql.user: it is a system schema/);
    await refused('select * from information_schema.processlist', /information_schema.processlist: it is a system schema/);
    await refused('select * from performance_schema.threads', /performance_schema/);
    await refused("select sys_exec('id')", /sys_exec: it runs operating-system commands/);
    await refused('select user(), version(), database()', /user: it reads the account/);
    await refused('select id from loans for update', /cannot lock rows/);
    await refused('select id from loans; drop table loans', /one SELECT statement/);
    expect(await rowCount()).toBe(3);
  });

  it('the read-only account itself cannot read files or write, whatever text reaches it', async () => {
    const sources = new ReportSources(t.ctx.db, { ...testConfig().reports, mysqlUrl: url }, { kind: 'unavailable', viewSchema: '', reason: '' });
    const source = sources.source(0)!;
    const limits = { timeoutMs: 2000, maxRows: 10, maxBytes: 100_000, maxCellChars: 1024 * 1024 };
    const file = await source.run({ text: "select load_file('/etc/passwd') as f", values: [] }, limits);
    expect(file.rows).toEqual([[null]]);
    await expect(source.run({ text: "select 1 into outfile '/tmp/opencrt-report-escape'", values: [] }, limits)).rejects.toThrow(/denied|READ ONLY/i);
  });

  it('cuts an answer at the byte cap and says so', async () => {
    const capped = await createTestApp({ reports: { ...testConfig().reports, mysqlUrl: url, timeoutSeconds: 5, maxRows: 10_000, maxBytes: 1024 * 1024 } });
    try {
      const token = await capped.token('admin');
      const res = await capped.request({ method: 'POST', url: '/api/report/test', token, payload: { Report: { Id: 0, Name: 'big', Source: 0, Parameters: [], Columns: [],
        Query: "with recursive r(n) as (select 1 union all select n + 1 from r where n < 2000) select lpad('x', 100000, 'y') as pad from r" }, Values: [] } });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const body = res.json() as ReportRunResponse;
      expect(body.Notice).toMatch(/^The answer was cut at 1 MB/);
      expect(body.Rows.length).toBeLessThan(11);
    } finally {
      await capped.close();
    }
  });

  it('runs with bound int and date parameters, keeping the column order and the query\'s ORDER BY', async () => {
    const report = await save({
      Query: 'select balance, id, opened from loans where id >= @min_id and opened >= @since order by opened desc',
      Parameters: [{ Order: 0, DbName: 'min_id', Name: 'Min id', Type: 'int' }, { Order: 1, DbName: 'since', Name: 'Since', Type: 'date' }],
    });
    const res = await run(report.Id, [{ DbName: 'min_id', Value: 1 }, { DbName: 'since', Value: '2024-02-01' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Columns: ['balance', 'id', 'opened'], Truncated: false,
      Rows: [{ balance: 2500, id: 2, opened: '2024-03-01' }, { balance: 700.25, id: 3, opened: '2024-02-10' }] });
  });

  it('caps the rows with sql_select_limit and says so', async () => {
    const body = (await adhoc('select id from loans order by id desc')).json() as ReportRunResponse;
    expect(body.Rows).toEqual([{ id: 3 }, { id: 2 }]);
    expect(body.Truncated).toBe(true);
  });

  it('cannot write: INSERT / UPDATE / DROP / a second statement / file access are refused before the database', async () => {
    for (const q of ['insert into loans values (7, \'Z\', \'2024-01-01\', 1)', 'update loans set balance = 0', 'drop table loans', 'select 1; drop table loans']) {
      expect((await adhoc(q)).json(), q).toEqual({ Message: expect.stringMatching(/one SELECT statement/) });
    }
    expect((await adhoc("select id from loans into outfile '/tmp/opencrt-report-leak'")).statusCode).toBe(400);
    expect(await rowCount()).toBe(3);
  });

  it('cannot write even past the text check: a function with side effects, and raw writes, hit the read-only transaction', async () => {
    const res = await adhoc('select side_effect() as r');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { Message: string }).Message).toMatch(/^A report cannot call side_effect/);
    const source = new ReportSources(t.ctx.db, { ...testConfig().reports, mysqlUrl: url }, { kind: 'unavailable', viewSchema: '', reason: '' }).source(0)!;
    for (const text of ['insert into loans values (8, \'Z\', \'2024-01-01\', 1)', 'update loans set balance = 0', 'drop table loans', 'select side_effect()']) {
      await expect(source.run({ text, values: [] }, { timeoutMs: 2000, maxRows: 10, maxBytes: 100_000, maxCellChars: 1024 * 1024 }), text).rejects.toThrow(/READ ONLY|denied/i);
    }
    expect(await rowCount()).toBe(3);
  });

  it('stops a query at the statement timeout', async () => {
    const started = Date.now();
    const res = await adhoc('with recursive r(n) as (select 1 union all select n + 1 from r where n < 1000) select count(*) as n from r a, r b, r c, r d');
    expect(res.json()).toEqual({ Message: 'The report ran longer than 1 seconds and was stopped.' });
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('answers a clear message when the source is not configured', async () => {
    const bare = await createTestApp({ reports: { ...testConfig().reports, mysqlUrl: undefined } });
    try {
      const token = await bare.token('admin');
      const saved = await bare.request({ method: 'POST', url: '/api/report/0', token, payload: { Id: 0, Name: 'm', Source: 0, Query: 'select 1', Parameters: [], Columns: [] } });
      const res = await bare.request({ method: 'PUT', url: `/api/report/${(saved.json() as Saved).Id}/run`, token, payload: [] });
      expect(res.json()).toEqual({ Message: 'The report source MySQL is not configured on this server.' });
    } finally {
      await bare.close();
    }
  });
});

describe('reports on an external PostgreSQL-protocol source (source 1, "RedShift"), through a read-only account', () => {
  const schema = `ext_reports_${suffix}`;
  // The account the README tells an operator to create (a superuser is refused: report-privileges.external.test.ts).
  const reader = `ext_rd_${suffix}`;
  const readerUrl = (() => { const u = new URL(PG_URL); u.username = reader; u.password = 'reader-pw'; return u.toString(); })();
  let admin: pg.Client;
  let t: TestApp;
  const { save, run, adhoc } = helpers(() => t, 1);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema};
      create table ${schema}.tranches (id int primary key, name text, balance numeric(14,2), since date);
      insert into ${schema}.tranches values (1, 'M1', 100.5, '2024-01-01'), (2, 'M2', 200, '2024-02-01'), (3, 'B1', 50, '2024-03-01');
      create function ${schema}.side_effect() returns int language plpgsql as $$ begin insert into ${schema}.tranches values (9, 'X', 1, '2024-01-01'); return 1; end $$;
      create role ${reader} login password 'reader-pw';
      grant usage on schema ${schema} to ${reader};
      grant select on all tables in schema ${schema} to ${reader};`);
    t = await createTestApp({ reports: { ...testConfig().reports, redshiftUrl: readerUrl, timeoutSeconds: 1, maxRows: 2 } });
  });
  afterAll(async () => {
    await t?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.query(`drop role if exists ${reader}`);
    await admin?.end();
  });

  const rowCount = async () => Number((await admin.query(`select count(*) as n from ${schema}.tranches`)).rows[0].n);

  it('runs with bound parameters and keeps duplicate column names apart', async () => {
    const report = await save({
      Query: `select name, balance, name from ${schema}.tranches where since >= @since::date and id <= @max order by id`,
      Parameters: [{ Order: 0, DbName: 'since', Name: 'Since', Type: 'date' }, { Order: 1, DbName: 'max', Name: 'Max', Type: 'int' }],
    });
    const res = await run(report.Id, [{ DbName: 'since', Value: '20240201' }, { DbName: 'max', Value: '3' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Columns: ['name', 'balance', 'name_2'], Rows: [{ name: 'M2', balance: 200, name_2: 'M2' }, { name: 'B1', balance: 50, name_2: 'B1' }] });
  });

  it('cannot write: statements, a writable WITH and a function with side effects are refused; the table is unchanged', async () => {
    for (const q of [`insert into ${schema}.tranches values (5, 'Z', 1, '2024-01-01')`, `drop table ${schema}.tranches`, 'select 1; select 2']) {
      expect((await adhoc(q)).statusCode, q).toBe(400);
    }
    expect((await adhoc(`with d as (delete from ${schema}.tranches returning id) select * from d`)).statusCode).toBe(400);
    const fn = await adhoc(`select ${schema}.side_effect() as r`);
    expect((fn.json() as { Message: string }).Message).toBe(`A report cannot call ${schema}.side_effect: call functions without a schema.`);
    expect(await rowCount()).toBe(3);
  });

  it('a user has at most 2 reports running or waiting: the third answers 429; none answers after timeout + 3 s', async () => {
    const started = Date.now();
    const slow = 'select count(*) from generate_series(1, 100000000000) g';
    const answers = await Promise.all([adhoc(slow), adhoc(slow), adhoc(slow)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([400, 400, 429]);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toEqual({ Message: 'You already have 2 reports running or waiting: run this one when one of them has answered.' });
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json()).toEqual({ Message: 'The report ran longer than 1 seconds and was stopped.' });
    expect(Date.now() - started).toBeLessThan(1000 + 3000 + 1500);
    // Once they answered, the user runs again.
    expect((await adhoc('select 1 as one')).statusCode).toBe(200);
  });

  it('stops a query at the statement timeout and caps rows', async () => {
    const started = Date.now();
    expect((await adhoc('select count(*) from generate_series(1, 100000000000) g')).json()).toEqual({ Message: 'The report ran longer than 1 seconds and was stopped.' });
    expect((await adhoc('select pg_sleep(10)')).json()).toEqual({ Message: 'A report cannot call pg_sleep: it only waits.' });
    expect(Date.now() - started).toBeLessThan(8000);
    expect((await adhoc(`select id from ${schema}.tranches order by id desc`)).json()).toMatchObject({ Rows: [{ id: 3 }, { id: 2 }], Truncated: true });
  });
});
