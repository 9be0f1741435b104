import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSourceStatus } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testConfig } from '../../test/test-config.ts';
import { parseMysqlGrant, mysqlGrantProblem, type MysqlPrivilegeGrant } from './report-privilege-checks.mjs';
import { ReportSources } from './report-sources.ts';

/**
 * Issue 32 "least privilege, verified": real accounts on the local PostgreSQL (127.0.0.1:5432) and
 * MariaDB (127.0.0.1:3306), least-privileged and over-privileged, each with a unique name, dropped
 * afterwards. A source on an over-privileged account runs nothing and says which privilege.
 */
const PG_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const suffix = randomBytes(4).toString('hex');
const limits = { timeoutMs: 10_000, maxRows: 10, maxBytes: 100_000, maxCellChars: 1024 * 1024 };
const README = /README "Reports", least-privilege accounts/;

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

const noAccess = { kind: 'unavailable', viewSchema: '', reason: '' } as const;
const pgSources = (url: string) => new ReportSources(t.ctx.db, { ...testConfig().reports, redshiftUrl: url }, noAccess);
const mysqlSources = (url: string) => new ReportSources(t.ctx.db, { ...testConfig().reports, mysqlUrl: url }, noAccess);

describe('PostgreSQL source accounts (source 1)', () => {
  const schema = `priv_${suffix}`;
  const role = (name: string) => `priv_${name}_${suffix}`;
  const urlOf = (name: string) => { const u = new URL(PG_URL); u.username = role(name); u.password = 'pw'; return u.toString(); };
  let admin: pg.Client;
  const made: string[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}; create table ${schema}.tranches (id int, name text); insert into ${schema}.tranches values (1, 'M1');
      create schema ${schema}_app; create table ${schema}_app.app_settings (key text, value text); create table ${schema}_app.users (id int, password_hash text);`);
    const login = async (name: string, extra = '') => {
      made.push(role(name));
      await admin.query(`create role ${role(name)} login password 'pw' ${extra}`);
      await admin.query(`grant usage on schema ${schema} to ${role(name)}; grant select on ${schema}.tranches to ${role(name)}`);
    };
    await login('reader');
    await login('super', 'superuser');
    // Membership through a role in between: inherited, not direct.
    made.push(role('mid'));
    await admin.query(`create role ${role('mid')} nologin; grant pg_read_server_files to ${role('mid')}`);
    await login('files');
    await admin.query(`grant ${role('mid')} to ${role('files')}`);
    await login('monitor');
    await admin.query(`grant pg_monitor to ${role('monitor')}`);
    await login('creator');
    await admin.query(`grant create on schema ${schema} to ${role('creator')}`);
    await login('secrets');
    await admin.query(`grant usage on schema ${schema}_app to ${role('secrets')}; grant select on ${schema}_app.users to ${role('secrets')}`);
  });
  afterAll(async () => {
    await admin?.query(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_app cascade`);
    for (const name of made.reverse()) await admin?.query(`drop role if exists ${name}`);
    await admin?.end();
  });

  const refusal = async (name: string) => {
    const sources = pgSources(urlOf(name));
    const error = await sources.source(1)!.run({ text: `select name from ${schema}.tranches`, values: [] }, limits).then(() => null, (e: Error) => e.message);
    return { error, status: (await sources.status()).find((s) => s.Source === 1) };
  };

  it('runs on a least-privileged account, and says so in the status', async () => {
    const sources = pgSources(urlOf('reader'));
    const answer = await sources.source(1)!.run({ text: `select name from ${schema}.tranches`, values: [] }, limits);
    expect(answer.rows).toEqual([['M1']]);
    expect((await sources.status()).find((s) => s.Source === 1)).toEqual({ Source: 1, SourceName: 'RedShift', State: 'ok', Message: 'The account is checked: it can only read.' });
  });

  it('refuses a superuser, naming it', async () => {
    const { error, status } = await refusal('super');
    expect(error).toMatch(/^The report source RedShift is refused: the account it runs as is a superuser\. /);
    expect(error).toMatch(README);
    expect(status).toMatchObject({ State: 'refused', Message: error });
  });

  it('refuses inherited membership of pg_read_server_files, and pg_monitor', async () => {
    expect((await refusal('files')).error).toMatch(/the account it runs as is a member of pg_read_server_files\./);
    expect((await refusal('monitor')).error).toMatch(/the account it runs as is a member of pg_monitor\./);
  });

  it('refuses CREATE on a schema', async () => {
    expect((await refusal('creator')).error).toMatch(new RegExp(`the account it runs as has CREATE on schema ${schema}\\.`));
  });

  it("refuses an account that can read the application's tables", async () => {
    expect((await refusal('secrets')).error).toMatch(new RegExp(`the account it runs as can read the application's table ${schema}_app\\.users\\.`));
  });

  it('keeps a verdict for a while: an account fixed meanwhile is still refused until it expires', async () => {
    const sources = pgSources(urlOf('monitor'));
    await expect(sources.source(1)!.run({ text: 'select 1', values: [] }, limits)).rejects.toThrow(/pg_monitor/);
    await admin.query(`revoke pg_monitor from ${role('monitor')}`);
    await expect(sources.source(1)!.run({ text: 'select 1', values: [] }, limits)).rejects.toThrow(/pg_monitor/);
    expect(sources.verdicts.fresh(1)?.problem).toBe('is a member of pg_monitor');
    // A new server (or one a minute later) checks again.
    expect((await pgSources(urlOf('monitor')).source(1)!.run({ text: 'select 1 as one', values: [] }, limits)).rows).toEqual([[1]]);
  });

  it('GET /readyz stays ready and names the refused source; the admin screen\'s call says why', async () => {
    const app = await createTestApp({ reports: { ...testConfig().reports, redshiftUrl: urlOf('super') } });
    try {
      const ready = await app.request({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      const body = ready.json() as { status: string; reports: Record<string, string> };
      expect(body.status).toBe('ready');
      expect(body.reports.RedShift).toMatch(/^refused: The report source RedShift is refused: the account it runs as is a superuser\./);
      expect(body.reports.MySQL).toMatch(/^not configured: Set OPENCRT_REPORTS_MYSQL_URL/);
      expect(body.reports.Application).toBe('ok');
      const list = await app.request({ method: 'GET', url: '/api/report/sources', token: await app.token('admin') });
      expect((list.json() as ReportSourceStatus[]).find((s) => s.Source === 1)).toMatchObject({ State: 'refused', Message: expect.stringMatching(/is a superuser/) });
      expect((await app.request({ method: 'GET', url: '/api/report/sources', token: await app.token('analyst') })).statusCode).toBe(403);
      const run = await app.request({ method: 'POST', url: '/api/report/test', token: await app.token('admin'),
        payload: { Report: { Id: 0, Name: 'x', Source: 1, Query: 'select 1 as one', Parameters: [], Columns: [] }, Values: [] } });
      expect(run.statusCode).toBe(400);
      expect((run.json() as { Message: string }).Message).toMatch(/is a superuser\. Give it an account that can only read the report data/);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('MariaDB source accounts (source 0)', () => {
  const database = `priv_${suffix}`;
  const user = (name: string) => `priv_${name}_${suffix}`;
  const urlOf = (name: string) => MYSQL_ADMIN_URL.replace(/\/\/[^@/]*@/, `//${user(name)}:pw@`).replace(/\/[^/]*$/, `/${database}`);
  const hosts = ['127.0.0.1', 'localhost'];
  let admin: mysql.Connection;
  const made: string[] = [];

  const account = async (name: string, grants: string[]) => {
    made.push(user(name));
    for (const host of hosts) {
      await admin.query(`create user '${user(name)}'@'${host}' identified by 'pw'`);
      await admin.query(`grant select on \`${database}\`.* to '${user(name)}'@'${host}'`);
      for (const grant of grants) await admin.query(grant.replace('$USER', `'${user(name)}'@'${host}'`));
    }
  };

  beforeAll(async () => {
    admin = await mysql.createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements: true });
    await admin.query(`create database \`${database}\`; create table \`${database}\`.loans (id int); insert into \`${database}\`.loans values (7);
      create database \`${database}_app\`; create table \`${database}_app\`.app_settings (k text)`);
    await account('reader', []);
    await account('file', ['grant file on *.* to $USER']);
    await account('process', ['grant process on *.* to $USER']);
    await account('mysqldb', ['grant select on mysql.* to $USER']);
    await account('writer', [`grant insert on \`${database}\`.* to $USER`]);
    await account('secrets', [`grant select on \`${database}_app\`.* to $USER`]);
    await admin.query(`create role priv_role_${suffix}; grant super on *.* to priv_role_${suffix}`);
    await account('roled', [`grant priv_role_${suffix} to $USER`, `set default role priv_role_${suffix} for $USER`]);
  });
  afterAll(async () => {
    for (const name of made) for (const host of hosts) await admin?.query(`drop user if exists '${user(name)}'@'${host}'`);
    await admin?.query(`drop role if exists priv_role_${suffix}`);
    await admin?.query(`drop database if exists \`${database}\`; drop database if exists \`${database}_app\``);
    await admin?.end();
  });

  const refusal = (name: string) => mysqlSources(urlOf(name)).source(0)!.run({ text: 'select id from loans', values: [] }, limits).then(() => null, (e: Error) => e.message);

  it('runs on an account with SELECT on its database only', async () => {
    const sources = mysqlSources(urlOf('reader'));
    expect((await sources.source(0)!.run({ text: 'select id from loans', values: [] }, limits)).rows).toEqual([[7]]);
    expect((await sources.status()).find((s) => s.Source === 0)).toMatchObject({ State: 'ok' });
  });

  it('refuses FILE, PROCESS, anything on mysql, writes, a privilege through a default role, and readable app tables', async () => {
    expect(await refusal('file')).toMatch(/^The report source MySQL is refused: the account it runs as has the global privilege FILE \(ON \*\.\*\)\. .*least-privilege accounts/);
    expect(await refusal('process')).toMatch(/has the global privilege PROCESS \(ON \*\.\*\)\./);
    expect(await refusal('mysqldb')).toMatch(/has SELECT on the mysql schema\./);
    expect(await refusal('writer')).toMatch(new RegExp(`has INSERT on \`${database}\`\\.\\* \\(a report account needs SELECT only\\)`));
    expect(await refusal('roled')).toMatch(new RegExp(`has the global privilege SUPER \\(ON \\*\\.\\*\\) \\(through the role priv_role_${suffix}\\)`));
    expect(await refusal('secrets')).toMatch(new RegExp(`can read the application's table ${database}_app\\.app_settings\\.`));
  });
});

describe('SHOW GRANTS lines', () => {
  const problem = (line: string) => {
    const grant = parseMysqlGrant(line);
    return grant && !('role' in grant) ? mysqlGrantProblem(grant as MysqlPrivilegeGrant) : grant;
  };
  it('reads privileges, levels, roles and options as the server writes them', () => {
    expect(problem("GRANT USAGE ON *.* TO `r`@`%` IDENTIFIED BY PASSWORD '*D82'")).toBeNull();
    expect(problem('GRANT SELECT, SHOW VIEW ON `data`.* TO `r`@`%`')).toBeNull();
    expect(problem('GRANT SELECT (`a`, `b`) ON `data`.`t` TO `r`@`%`')).toBeNull();
    expect(problem('GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION')).toBe('has the global privilege ALL PRIVILEGES (ON *.*)');
    expect(problem('GRANT SELECT ON `data`.* TO `r`@`%` WITH GRANT OPTION')).toBe('may grant its privileges to others (WITH GRANT OPTION on `data`.*)');
    expect(problem("GRANT PROXY ON ''@'%' TO 'r'@'%'")).toBe('has a PROXY grant');
    expect(problem('GRANT EXECUTE ON PROCEDURE `data`.`p` TO `r`@`%`')).toBe('has EXECUTE on `data`.`p` (a report account needs SELECT only)');
    expect(problem('GRANT SELECT ON `performance_schema`.* TO `r`@`%`')).toBe('has SELECT on the performance_schema schema');
    expect(parseMysqlGrant('GRANT `reporting` TO `r`@`%`')).toEqual({ role: '`reporting`' });
    expect(parseMysqlGrant('SET DEFAULT ROLE `reporting` FOR `r`@`%`')).toBeNull();
  });
});
