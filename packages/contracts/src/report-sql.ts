/**
 * Report SQL text handling, pure: finds `@name` parameters outside literals and comments, turns
 * them into driver placeholders (values are bound, never spliced into the text), and refuses
 * anything but one SELECT statement before a database sees it. The database's read-only
 * transaction is the real guard; this gives the author a clear message first.
 */

export type SqlDialect = 'postgres' | 'mysql';

export const NOT_ONE_SELECT = 'A report query must be one SELECT statement (SELECT or WITH ... SELECT, no second statement after ";").';
export const MYSQL_FILE_ACCESS = 'A report query cannot read or write server files (INTO OUTFILE, INTO DUMPFILE, LOAD_FILE).';

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

export interface PreparedStatement {
  /** The query with placeholders ($1… for PostgreSQL, ? for MySQL), no trailing semicolon. */
  text: string;
  values: BindValue[];
}

export class ReportSqlError extends Error {}

/**
 * Checks the query is one SELECT and replaces each `@name` with a placeholder bound to
 * `values[name]` (names ignore case). Throws ReportSqlError for anything else or a missing value.
 */
export function prepareStatement(query: string, dialect: SqlDialect, values: ReadonlyMap<string, BindValue>): PreparedStatement {
  const segments = segment(query, dialect);
  const code = segments.filter((s) => s.kind === 'code').map((s) => s.text).join(' ');
  const firstWord = /^[\s(]*([A-Za-z]+)/.exec(code)?.[1]?.toLowerCase();
  if (firstWord !== 'select' && firstWord !== 'with') throw new ReportSqlError(NOT_ONE_SELECT);
  // A semicolon may only end the text: anything after it but comments and spaces is a second statement.
  let lastMeaningful = -1;
  segments.forEach((s, index) => { if (s.kind !== 'comment' && s.text.trim() !== '') lastMeaningful = index; });
  segments.forEach((s, index) => {
    if (s.kind !== 'code') return;
    const semi = s.text.indexOf(';');
    if (semi === -1) return;
    const rest = s.text.slice(semi + 1);
    if (rest.trim() !== '' || index < lastMeaningful) throw new ReportSqlError(NOT_ONE_SELECT);
  });
  if (dialect === 'mysql' && (/\binto\s+(outfile|dumpfile)\b/i.test(code) || /\bload_file\s*\(/i.test(code))) {
    throw new ReportSqlError(MYSQL_FILE_ACCESS);
  }

  const bound: BindValue[] = [];
  const pgIndex = new Map<string, number>();
  let text = '';
  for (const s of segments) {
    // The only semicolon left in code is the statement's last character (checked above).
    if (s.kind === 'code') { text += s.text.replaceAll(';', ''); continue; }
    if (s.kind !== 'param') { text += s.text; continue; }
    const key = s.text.toLowerCase();
    const value = values.get(key);
    if (value === undefined) throw new ReportSqlError(`The query uses @${s.text}, which is not one of the report's parameters.`);
    if (dialect === 'mysql') { bound.push(value); text += '?'; continue; }
    let index = pgIndex.get(key);
    if (index === undefined) { bound.push(value); index = bound.length; pgIndex.set(key, index); }
    text += `$${index}`;
  }
  text = text.replace(/\s+$/, '');
  // A trailing comment would swallow the wrapper's closing parenthesis: keep it on its own line.
  return { text: `${text}\n`, values: bound };
}
