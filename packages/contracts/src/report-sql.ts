/**
 * Report SQL on the client: the report editor lists the query's `@name` parameters as the author
 * types (Test Query). This is a convenience only: the server checks every query with the
 * database's own parser before it saves or runs it (apps/server/src/modules/reports/sql/).
 */

export type SqlDialect = 'postgres' | 'mysql';

export const NOT_ONE_SELECT = 'A report query must be one SELECT statement (SELECT or WITH ... SELECT, no second statement after ";").';

interface Segment { kind: 'code' | 'literal' | 'comment' | 'param'; text: string }

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;

/** Splits SQL into code, literals (strings, quoted names, dollar quotes), comments and @params. */
function segment(query: string, dialect: SqlDialect): Segment[] {
  const out: Segment[] = [];
  let code = '';
  const flush = () => { if (code) out.push({ kind: 'code', text: code }); code = ''; };
  let i = 0;
  const n = query.length;
  while (i < n) {
    const c = query[i]!;
    const next = query[i + 1];
    if (c === '-' && next === '-' || (dialect === 'mysql' && c === '#')) {
      const end = query.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      flush(); out.push({ kind: 'comment', text: query.slice(i, stop) }); i = stop;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = query.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      flush(); out.push({ kind: 'comment', text: query.slice(i, stop) }); i = stop;
      continue;
    }
    if (c === "'" || c === '"' || (dialect === 'mysql' && c === '`')) {
      // Backslash escapes: MySQL strings always, PostgreSQL only in E'...' strings.
      const backslash = dialect === 'mysql' || (c === "'" && /[eE]$/.test(code) && !/[A-Za-z0-9_][eE]$/.test(code));
      let j = i + 1;
      while (j < n) {
        const d = query[j]!;
        if (backslash && d === '\\') { j += 2; continue; }
        if (d === c) {
          if (query[j + 1] === c) { j += 2; continue; }
          break;
        }
        j++;
      }
      const stop = Math.min(j + 1, n);
      flush(); out.push({ kind: 'literal', text: query.slice(i, stop) }); i = stop;
      continue;
    }
    if (dialect === 'postgres' && c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(query.slice(i));
      if (tag && !/[A-Za-z0-9_]$/.test(code)) {
        const end = query.indexOf(tag[0], i + tag[0].length);
        const stop = end === -1 ? n : end + tag[0].length;
        flush(); out.push({ kind: 'literal', text: query.slice(i, stop) }); i = stop;
        continue;
      }
    }
    if (c === '@') {
      if (next === '@') {
        // MySQL system variable (@@session.x): not a parameter.
        let j = i + 2;
        while (j < n && /[A-Za-z0-9_.$]/.test(query[j]!)) j++;
        code += query.slice(i, j); i = j;
        continue;
      }
      if (next !== undefined && IDENT_START.test(next)) {
        let j = i + 1;
        while (j < n && IDENT_PART.test(query[j]!)) j++;
        flush(); out.push({ kind: 'param', text: query.slice(i + 1, j) }); i = j;
        continue;
      }
    }
    code += c;
    i++;
  }
  flush();
  return out;
}

/** The distinct `@name` parameters of a query, in order of first appearance (Test Query uses it). */
export function extractParameterNames(query: string, dialect: SqlDialect = 'postgres'): string[] {
  const seen = new Map<string, string>();
  for (const s of segment(query, dialect)) {
    if (s.kind === 'param' && !seen.has(s.text.toLowerCase())) seen.set(s.text.toLowerCase(), s.text);
  }
  return [...seen.values()];
}

export type BindValue = string | number;

/** A report query the server refused (its SQL check names what and why). */
export class ReportSqlError extends Error {}
