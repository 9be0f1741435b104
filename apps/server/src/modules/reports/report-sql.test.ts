import { beforeAll, describe, expect, it } from 'vitest';
import { extractParameterNames, NOT_ONE_SELECT } from '@opencrt/contracts';
import { parseDate } from './report-runner.ts';
import { REPORT_VIEW_NAMES } from './report-views.ts';
import { checkReportSql, loadPostgresParser, reportParameterNames } from './sql/report-sql.ts';
import { DEMO_REPORTS } from './reports.seed.ts';

const values = (entries: Record<string, string | number>) => new Map(Object.entries(entries).map(([k, v]) => [k.toLowerCase(), v]));
const views = { kind: 'views' as const, views: REPORT_VIEW_NAMES };
const external = { kind: 'external' as const };
const pg = (q: string, v: Record<string, string | number> = {}) => checkReportSql(q, 'postgres', external, values(v), 11);
const my = (q: string, v: Record<string, string | number> = {}) => checkReportSql(q, 'mysql', external, values(v), 11);

describe('report SQL, read with the databases\' own grammars', () => {
  beforeAll(async () => { await loadPostgresParser(); });

  it('finds @names as the server\'s scanner reads them, ignoring strings, quoted names, comments, dollar quotes and @@', () => {
    const query = `select '@notme', "@nor_me", $$ @dollar $$ -- @comment
      /* @block */ from t where a = @Deal and b >= @from and c=@deal`;
    expect(reportParameterNames(query, 'postgres')).toEqual(['Deal', 'from']);
    expect(reportParameterNames("select `@x`, 'it''s @y', 'a\\'@z' from t where q = @q", 'mysql')).toEqual(['q']);
    // The editor's quick list agrees on ordinary queries.
    expect(extractParameterNames(query)).toEqual(['Deal', 'from']);
  });

  it('binds values as $n for PostgreSQL (one per name) and ? per use for MySQL, never in the text', () => {
    const prepared = pg('select * from t where a = @deal and b >= @from::date and c = @DEAL;', { deal: "x'; drop table deals; --", from: '2024-01-01' });
    expect(prepared.text).toBe('select * from (\nselect * from t where a =  $1  and b >=  $2 ::date and c =  $1 \n) as report_rows limit 11');
    expect(prepared.values).toEqual(["x'; drop table deals; --", '2024-01-01']);
    const mysql = my('select * from t where a = @deal and b >= @from and c = @DEAL', { deal: 'X', from: '2024-01-01' });
    expect(mysql).toEqual({ text: 'SELECT * FROM `t` WHERE `a` = ? AND `b` >= ? AND `c` = ?', values: ['X', '2024-01-01', 'X'] });
  });

  it('refuses anything but one SELECT', () => {
    for (const q of ['insert into t values (1)', 'update t set a = 1', 'drop table t', 'delete from t',
      'select 1; drop table t', 'select 1; select 2', 'select 1 ;\n delete from t', 'call p()', '']) {
      expect(() => pg(q), q).toThrow(NOT_ONE_SELECT);
      expect(() => my(q), q).toThrow(/one SELECT statement|not valid SQL/);
    }
    // A semicolon inside a string or comment is not a second statement, nor is a trailing one.
    expect(pg("select ';drop' as x; -- done").text).toBe("select * from (\nselect ';drop' as x\n) as report_rows limit 11");
    expect(pg('with a as (select 1) select * from a').values).toEqual([]);
  });

  it('refuses MySQL file access, executable comments and parameters the report does not define', () => {
    expect(() => my("select 1 into outfile '/tmp/x'")).toThrow(/SELECT … INTO/);
    expect(() => my("select load_file('/etc/passwd')")).toThrow('A report cannot call load_file: it reads server files.');
    expect(() => my("select 1 /*! , load_file('/etc/passwd') */ as f")).toThrow(/executable comments/);
    expect(() => my("select 1 /*M!100000 , load_file('/etc/passwd') */ as f")).toThrow(/executable comments/);
    expect(() => my('select /*+ MAX_EXECUTION_TIME(1) */ 1')).toThrow(/optimizer hints/);
    expect(() => pg('select @nope')).toThrow('@nope');
    expect(() => my('select @nope')).toThrow('@nope');
  });

  it('issue 32: each finding on the check is refused, and the valid SQL it refused is accepted', () => {
    // COLLATE used to end the walk: its argument is checked now, whatever it calls or reads.
    expect(() => pg("select pg_read_file('/etc/passwd') collate \"C\" as x")).toThrow('A report cannot call pg_read_file: it reads server files.');
    expect(() => pg('select (select rolpassword from pg_authid limit 1) collate "C" as x')).toThrow('A report cannot read pg_authid: it is a system catalog.');
    expect(() => pg('select pg_terminate_backend(1) collate "C" as x')).toThrow('A report cannot call pg_terminate_backend: it stops other sessions.');
    // Operators inside SubLink and SortBy USING are on the allow-list too.
    expect(() => pg('select 5 operator(pg_catalog.#) any (select 3)')).toThrow('A report cannot use the operator #: it is not one of the operators reports may use.');
    expect(() => pg('select a from t order by a using operator(pg_catalog.~<~)')).toThrow('A report cannot use the operator ~<~');
    expect(pg('select a from t order by a using <').values).toEqual([]);
    // A CTE's name does not hide the catalog inside its own query.
    expect(() => pg('with pg_authid as (select * from pg_authid) select * from pg_authid')).toThrow('A report cannot read pg_authid: it is a system catalog.');
    expect(pg('with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select * from r').values).toEqual([]);
    // MariaDB parenthesised joins: their tables are checked, and the form that gave a 500 is a clear refusal.
    for (const table of ['mysql.user', 'mysql.global_priv', 'information_schema.PROCESSLIST']) {
      expect(() => my(`select * from t t0 join (t t1 join ${table} u on 1=1) on 1=1`), table).toThrow(`A report cannot read ${table.toLowerCase()}: it is a system schema.`);
    }
    expect(() => my('select * from (t t1 join mysql.user u on 1=1)')).toThrow('A report cannot read mysql.user: it is a system schema.');
    expect(my('select t1.a from (t t1 join u on 1 = 1)').text).toBe('SELECT `t1`.`a` FROM (`t` AS `t1` INNER JOIN `u` ON 1 = 1)');
    // What the two lexers read differently is refused, not rewritten.
    expect(() => my('select 1--1')).toThrow('A report query cannot write -- without a space after it: MariaDB reads it as two minus signs, the check as a comment.');
    expect(() => my('select 1 # comment')).toThrow('A report query cannot use # comments');
    expect(() => my("select _latin1'x' as s")).toThrow('A report query cannot put _latin1 right before a string');
    expect(() => my("select 'a' 'b' as s")).toThrow('A report query cannot put two strings side by side (MariaDB joins them into one): use CONCAT.');
    expect(() => my("select 'a\\u0041' as s")).toThrow('A report query cannot use the escape \\u in a string');
    expect(() => my('select not (a) = 1 from t')).toThrow('A report cannot write NOT ( … )');
    expect(my('select 1 - -1 as v').text).toBe('SELECT 1 - -1 AS `v`');
    expect(my('select 1 -- a comment\n as v').text).toBe('SELECT 1 AS `v`');
    // Valid SQL the grammar knows is accepted.
    expect(my('select exists(select 1 from t) as e').text).toBe('SELECT exists(SELECT 1 FROM `t`) AS `e`');
    expect(my('select * from t where not exists (select 1 from u where u.id = t.id)').text).toBe('SELECT * FROM `t` WHERE NOT EXISTS (SELECT 1 FROM `u` WHERE `u`.`id` = `t`.`id`)');
    expect(my("select x'41' as a, 0x41 as b, b'01' as c, N'x' as d").text).toBe("SELECT X'41' AS `a`, 0x41 AS `b`, b'01' AS `c`, N'x' AS `d`");
  });

  it('accepts every shipped report on the report views', () => {
    for (const report of DEMO_REPORTS) {
      const given = values(Object.fromEntries(report.Parameters.map((p) => [p.DbName, p.Type === 'int' ? 1 : 'x'])));
      expect(() => checkReportSql(report.Query, 'postgres', views, given, 11), report.Name).not.toThrow();
    }
  });

  it('reads dates as YYYY-MM-DD, YYYYMMDD or MM/DD/YYYY and refuses impossible ones', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('20240131')).toBe('2024-01-31');
    expect(parseDate('3/7/2025')).toBe('2025-03-07');
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('20261345')).toBeNull();
    expect(parseDate('yesterday')).toBeNull();
  });

  it('refuses dates outside 1900-2100, the app\'s dates (issue 23 sweep: 9999-12-31 ran and answered no rows)', () => {
    expect(parseDate('9999-12-31')).toBeNull();
    expect(parseDate('2101-01-01')).toBeNull();
    expect(parseDate('1899-12-31')).toBeNull();
    expect(parseDate('0001-01-01')).toBeNull();
    expect(parseDate('1900-01-01')).toBe('1900-01-01');
    expect(parseDate('12/31/2100')).toBe('2100-12-31');
  });
});
