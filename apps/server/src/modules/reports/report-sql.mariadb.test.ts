import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReportSql } from './sql/report-sql.ts';

/**
 * Issue 32 on the local MariaDB (127.0.0.1:3306, root, no password; a fresh database dropped
 * afterwards): the statement the check writes back from node-sql-parser's tree answers exactly
 * what MariaDB answers for the text the author wrote, and the text the two lexers read
 * differently (`select 1--1`) is refused because MariaDB's answer is not the one the check saw.
 */
const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const database = `opencrt_sqlcheck_${randomBytes(5).toString('hex')}`;
const check = (query: string, values: Record<string, string | number> = {}) =>
  checkReportSql(query, 'mysql', { kind: 'external' }, new Map(Object.entries(values)), 100);

/** Queries the check accepts; each must answer the same as written and as run. */
const SAME_ANSWER = [
  'select 1 - -1 as v',
  'select 1 -- a comment\n + 1 as v',
  'select /* a comment */ 2 as v',
  'select exists(select 1 from t) as e, exists(select 1 from t where a > 99) as f',
  'select a from t where not exists (select 1 from u where u.a = t.a) order by a',
  "select x'41' as a, 0x41 as b, b'01' + 0 as c, N'x' as d",
  "select 'it''s' as s, \"a\"\"b\" as d, 'a\\'b' as e, 'x\\ny' as f, 'p\\%q' as g, 'tab\\there' as h",
  'select 1 + 2 | 4 as v, 2 * 3 ^ 2 as w, 1 = 1 & 0 as x',
  'select not a = 1 as n, -a as m, !a as o from t order by a',
  "select 'a' like 'A' as l, 'abc' regexp 'b' as r, a between 1 and 2 as bt, a in (1, 3) as i, a not in (2) as ni from t order by a",
  'select sum(a) over (order by a rows between 1 preceding and current row) as s from t order by a',
  "select group_concat(distinct b order by b separator '|') as g, count(distinct b) as n from t",
  'select t1.a, u.b as ub from (t t1 join u on t1.a = u.a) order by t1.a',
  'select t0.a from t t0 join (t t1 join u on t1.a = u.a) on t0.a = t1.a order by t0.a',
  'with recursive r as (select 1 as n union all select n + 1 from r where n < 3) select sum(n) as s from r',
  'with c as (select a from t where a > 1), d as (select a from c) select count(*) as n from d',
  "select cast(a as char) as c, convert(b using utf8mb4) as d, extract(year from date '2024-05-01') as y, trim(leading 'x' from 'xxab') as tr from t order by a",
  "select case a when 1 then 'one' else 'other' end as c, coalesce(null, a) as k, if(a > 1, 'big', 'small') as z from t order by a",
  'select a, count(*) as n from t group by a having count(*) > 0 order by a desc limit 2',
  'select * from (values (1), (2)) v',
];

describe('MariaDB runs what the check read (written back from the tree)', () => {
  let admin: mysql.Connection;

  beforeAll(async () => {
    admin = await mysql.createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements: true });
    await admin.query(`create database \`${database}\`; use \`${database}\`;
      create table t (a int, b varchar(10)); insert into t values (1, 'x'), (2, 'y'), (3, 'y');
      create table u (a int, b varchar(10)); insert into u values (2, 'p'), (3, 'q');`);
  });
  afterAll(async () => {
    await admin?.query(`drop database if exists \`${database}\``);
    await admin?.end();
  });

  const rows = async (text: string, values: unknown[] = []) => JSON.stringify((await admin.query({ sql: text, rowsAsArray: true }, values))[0]);

  it('every accepted query answers the same as written and as written back', async () => {
    for (const query of SAME_ANSWER) {
      const checked = check(query);
      expect(await rows(checked.text), `${query}\n→ ${checked.text}`).toBe(await rows(query));
    }
  });

  it('a bound @parameter answers the same as the value written in', async () => {
    const checked = check("select b from t where a >= @min and b = @name order by a", { min: 2, name: 'y' });
    expect(checked.values).toEqual([2, 'y']);
    expect(await rows(checked.text, checked.values)).toBe(await rows("select b from t where a >= 2 and b = 'y' order by a"));
  });

  it('select 1--1: MariaDB answers 2 where node-sql-parser read a comment and 1, so the check refuses it', async () => {
    expect(await rows('select 1--1 as v')).toBe('[[2]]');
    expect(() => check('select 1--1 as v')).toThrow(/cannot write -- without a space after it/);
    // Adjacent strings: MariaDB joins them ('ab'), the parser read 'a' named b.
    expect(await rows("select 'a' 'b' as s")).toBe('[["ab"]]');
    expect(() => check("select 'a' 'b' as s")).toThrow(/two strings side by side/);
    // \u is no escape to MariaDB ('u0041'); the parser read 'A'.
    expect(await rows("select 'a\\u0041' as s")).toBe('[["au0041"]]');
    expect(() => check("select 'a\\u0041' as s")).toThrow(/the escape \\u/);
  });

  it('system schemas stay refused by the check on every path, a parenthesised join included', async () => {
    for (const query of ['select u.User from t t0 join (t t1 join mysql.user u on 1=1) on 1=1',
      'select * from (t t1 join mysql.global_priv u on 1=1)', 'select p.INFO from t join (u join information_schema.PROCESSLIST p on 1=1) on 1=1',
      'select * from t where a in (select 1 from performance_schema.threads)', 'select (select max(User) from mysql.user) as x']) {
      expect(() => check(query), query).toThrow(/: it is a system schema\.$/);
    }
  });
});
