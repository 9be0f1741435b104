/**
 * Lexical agreement between MariaDB's lexer and node-sql-parser's MariaDB grammar.
 *
 * The check reads a report with node-sql-parser; MariaDB runs it. Where the two lexers read the
 * same characters differently, the check would approve one statement and MariaDB run another
 * (`select 1--1`: the parser sees a comment and 1, MariaDB 1 - (-1) = 2). This scan follows
 * MariaDB's rules (default sql_mode: backslash escapes on, "…" is a string) only far enough to
 * find those places, and refuses them with a reason. It never rewrites the text: what runs is
 * written back from the checked tree, and that text passes this scan too.
 */
import { ReportSqlError } from './report-sql-types.ts';

const refuse = (message: string): never => { throw new ReportSqlError(message); };

/** Escapes both read the same way inside '…' and "…" (MariaDB reads an unknown \x as x, the parser does not). */
const SAME_ESCAPES = new Set(['\\', "'", '"', 'n', 't', 'r', '0', 'b', 'Z', '%', '_', '/']);
/** String prefixes both know: X'41' (hex), B'01' (bits), N'x' (national). */
const STRING_PREFIXES = new Set(['x', 'b', 'n']);
const WORD = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Throws ReportSqlError naming the first place MariaDB and the check could read differently. */
export function checkMysqlLexicalAgreement(text: string): void {
  let i = 0;
  let lastWasString = false;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "'" || c === '"') {
      const word = wordBefore(text, i);
      if (word !== '' && !STRING_PREFIXES.has(word.toLowerCase())) {
        refuse(`A report query cannot put ${word} right before a string (character-set introducers like _utf8mb4'…' are read differently by the check): leave a space or use CONVERT.`);
      }
      if (lastWasString && word === '') refuse('A report query cannot put two strings side by side (MariaDB joins them into one): use CONCAT.');
      i = endOfString(text, i, c);
      lastWasString = true;
      continue;
    }
    if (c === '`') { i = endOfIdentifier(text, i); lastWasString = false; continue; }
    if (c === '#') refuse('A report query cannot use # comments: write /* … */ or -- followed by a space.');
    if (c === '-' && next === '-') {
      const after = text[i + 2];
      if (after === undefined || !(/\s/.test(after) || after.charCodeAt(0) < 32)) {
        refuse('A report query cannot write -- without a space after it: MariaDB reads it as two minus signs, the check as a comment. Write - -1 or 1 - (-1), or a space after -- for a comment.');
      }
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '/' && next === '*') {
      const kind = text[i + 2];
      if (kind === '!' || (kind === 'M' && text[i + 3] === '!')) refuse('A report query cannot contain executable comments (/*! … */, /*M! … */).');
      if (kind === '+') refuse('A report query cannot contain optimizer hints (/*+ … */).');
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (!/\s/.test(c)) lastWasString = false;
    i += 1;
  }
}

/** The word (letters, digits, _, $) that ends right before `at`. */
function wordBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && WORD.test(text[start - 1]!)) start -= 1;
  return text.slice(start, at);
}

/** The index after a '…' or "…" string starting at `at`; a doubled quote or a backslash escapes. */
function endOfString(text: string, at: number, quote: string): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const escaped = text[i + 1];
      if (escaped !== undefined && !SAME_ESCAPES.has(escaped)) {
        refuse(`A report query cannot use the escape \\${escaped} in a string: MariaDB and the check read it differently.`);
      }
      i += 2;
      continue;
    }
    if (c === quote) {
      if (text[i + 1] === quote) { i += 2; continue; }
      return i + 1;
    }
    i += 1;
  }
  return text.length;
}

/** The index after a `…` identifier; MariaDB has no escapes there but a doubled backtick. */
function endOfIdentifier(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') refuse('A report query cannot use a backslash in a `quoted` name: MariaDB and the check read it differently.');
    if (c === '`') {
      if (text[i + 1] === '`') { i += 2; continue; }
      return i + 1;
    }
    i += 1;
  }
  return text.length;
}
