import { describe, expect, it } from 'vitest';
import { extractParameterNames, MYSQL_FILE_ACCESS, NOT_ONE_SELECT, prepareStatement } from '@opencrt/contracts';
import { parseDate } from './report-runner.ts';

const values = (entries: Record<string, string | number>) => new Map(Object.entries(entries).map(([k, v]) => [k.toLowerCase(), v]));

describe('report SQL parameters', () => {
  it('finds @names in order, once each, ignoring strings, quoted names, comments, dollar quotes and @@variables', () => {
    const query = `select '@notme', "@nor_me", $$ @dollar $$, @@session.sql_mode -- @comment
      /* @block */ from t where a = @Deal and b >= @from and c = @deal`;
    expect(extractParameterNames(query)).toEqual(['Deal', 'from']);
    expect(extractParameterNames("select `@x`, 'it''s @y', 'a\\'@z' from t where q = @q", 'mysql')).toEqual(['q']);
  });

  it('binds values as $n for PostgreSQL (one per name) and ? per use for MySQL', () => {
    const q = 'select * from t where a = @deal and b >= @from::date and c = @DEAL;';
    expect(prepareStatement(q, 'postgres', values({ deal: 'X', from: '2024-01-01' })))
      .toEqual({ text: 'select * from t where a = $1 and b >= $2::date and c = $1\n', values: ['X', '2024-01-01'] });
    expect(prepareStatement(q, 'mysql', values({ deal: 'X', from: '2024-01-01' })))
      .toEqual({ text: 'select * from t where a = ? and b >= ?::date and c = ?\n', values: ['X', '2024-01-01', 'X'] });
  });

  it('never splices a value into the text', () => {
    const hostile = "x'; drop table deals; --";
    const prepared = prepareStatement('select * from deals where deal_name = @d', 'postgres', values({ d: hostile }));
    expect(prepared.text).not.toContain('drop');
    expect(prepared.values).toEqual([hostile]);
  });

  it('refuses anything but one SELECT', () => {
    for (const q of ['insert into t values (1)', 'update t set a = 1', 'drop table t', 'delete from t',
      'select 1; drop table t', 'select 1; select 2', 'select 1 ;\n delete from t', 'call p()', '']) {
      expect(() => prepareStatement(q, 'postgres', values({})), q).toThrow(NOT_ONE_SELECT);
    }
    // A semicolon inside a string or comment is not a second statement, nor is a trailing one.
    expect(prepareStatement("select ';drop' as x; -- done", 'postgres', values({})).text).toBe("select ';drop' as x -- done\n");
    expect(prepareStatement('with a as (select 1) select * from a', 'postgres', values({})).values).toEqual([]);
  });

  it('refuses MySQL file access and parameters the report does not define', () => {
    expect(() => prepareStatement("select 1 into outfile '/tmp/x'", 'mysql', values({}))).toThrow(MYSQL_FILE_ACCESS);
    expect(() => prepareStatement("select load_file('/etc/passwd')", 'mysql', values({}))).toThrow(MYSQL_FILE_ACCESS);
    expect(() => prepareStatement('select @nope', 'postgres', values({}))).toThrow('@nope');
  });

  it('reads dates as YYYY-MM-DD, YYYYMMDD or MM/DD/YYYY and refuses impossible ones', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('20240131')).toBe('2024-01-31');
    expect(parseDate('3/7/2025')).toBe('2025-03-07');
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('20261345')).toBeNull();
    expect(parseDate('yesterday')).toBeNull();
  });
});
