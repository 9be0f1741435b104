/**
 * Report SQL for PostgreSQL-protocol sources, checked with PostgreSQL's own parser (libpg-query:
 * the server's scanner and grammar compiled to WebAssembly), so the text is read exactly as the
 * server will read it: no hand-written scanner to disagree with it about quotes or comments.
 *
 * 1. The server's scanner finds `@name` report parameters (an operator token ending in `@` right
 *    before a name) and they become `$n` placeholders; values are always bound, never spliced.
 * 2. The statement is wrapped with the row cap, and the wrapped text is parsed and walked: one plain
 *    SELECT, relations from the allow-list, functions, operators and types from the allow-lists.
 *    The walk is deny-by-default: every field of every node is visited by a rule of its type
 *    (postgres-tree-rules.ts); a type or field without a rule is refused, never skipped.
 * The text that is checked is the text that runs.
 */
import { loadModule, parseSync, scanSync, type ScanToken } from 'libpg-query';
import type { BindValue } from '@opencrt/contracts';
import {
  POSTGRES_FUNCTIONS, POSTGRES_OPERATORS, POSTGRES_SYSTEM_SCHEMAS, POSTGRES_TYPES, POSTGRES_VALUE_FUNCTIONS,
  REFUSED_POSTGRES_FUNCTIONS, refusalReason,
} from './report-allow-lists.ts';
import { NOT_ONE_SELECT, ReportSqlError, TREE_PATH, type CheckedStatement, type RelationRule } from './report-sql-types.ts';
import { POSTGRES_BETWEEN_NAMES, POSTGRES_EXPR_KINDS, POSTGRES_NODE_RULES, type FieldRule, type NameCheck } from './postgres-tree-rules.ts';

let loaded: Promise<void> | undefined;
/** Loads the parser's WebAssembly once; call before checkPostgresReport. */
export function loadPostgresParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What the walk knows: relations in scope (CTE names) and the rule for the rest. */
interface Walk { rule: RelationRule; ctes: Set<string>[]; parameterCount: number; path: string[] }

/**
 * Checks a report query and prepares it to run: `@name` → `$n` bound to `values` (names ignore
 * case), wrapped as `select * from (…) as report_rows limit rowLimit`. Throws ReportSqlError with
 * the name of what is refused and why.
 */
export function checkPostgresReport(query: string, values: ReadonlyMap<string, BindValue>, rule: RelationRule, rowLimit: number): CheckedStatement {
  if (query.trim() === '') throw new ReportSqlError(NOT_ONE_SELECT);
  const { text, bound } = bindParameters(query, values);
  const statement = onlyStatement(text);
  const wrapped = `select * from (\n${statement}\n) as report_rows limit ${Math.floor(rowLimit)}`;
  const tree = parse(wrapped);
  if (tree.length !== 1) throw new ReportSqlError(NOT_ONE_SELECT);
  const walk: Walk = { rule, ctes: [], parameterCount: bound.length, path: [] };
  walkTree(tree[0], walk);
  return { text: wrapped, values: bound };
}

/** The distinct `@name` parameters of a query as the server's scanner reads it (Test Query). */
export function postgresParameterNames(query: string): string[] {
  const names = new Map<string, string>();
  for (const found of parameterTokens(query)) if (!names.has(found.name.toLowerCase())) names.set(found.name.toLowerCase(), found.name);
  return [...names.values()];
}

interface ParameterToken { at: number; end: number; name: string }

/** `@name` occurrences, by byte offset of the `@` and of the name's end (the scanner counts UTF-8 bytes). */
function parameterTokens(query: string): ParameterToken[] {
  const bytes = Buffer.from(query, 'utf8');
  let tokens: ScanToken[];
  try {
    tokens = scanSync(query).tokens;
  } catch (error) {
    throw new ReportSqlError(`The query is not valid SQL: ${errorText(error)}`);
  }
  const found: ParameterToken[] = [];
  tokens.forEach((token, index) => {
    if (token.tokenName === 'PARAM') throw new ReportSqlError(`The query uses ${token.text}: write report parameters as @name.`);
    const next = tokens[index + 1];
    if (!next || next.start !== token.end) return;
    const op = bytes.subarray(token.start, token.end).toString('utf8');
    if (!op.endsWith('@') || op.endsWith('@@') || !/^[~!@#^&|`?+\-*/%<>=]+$/.test(op)) return;
    const name = bytes.subarray(next.start, next.end).toString('utf8');
    if (NAME.test(name)) found.push({ at: token.end - 1, end: next.end, name });
  });
  return found;
}

function bindParameters(query: string, values: ReadonlyMap<string, BindValue>): { text: string; bound: BindValue[] } {
  const bytes = Buffer.from(query, 'utf8');
  const pieces: Buffer[] = [];
  const bound: BindValue[] = [];
  const index = new Map<string, number>();
  let from = 0;
  for (const found of parameterTokens(query)) {
    const key = found.name.toLowerCase();
    const value = values.get(key);
    if (value === undefined) throw new ReportSqlError(`The query uses @${found.name}, which is not one of the report's parameters.`);
    let n = index.get(key);
    if (n === undefined) { bound.push(value); n = bound.length; index.set(key, n); }
    // A space before `$n` so it never joins a preceding name (`a$1` would be one identifier).
    pieces.push(bytes.subarray(from, found.at), Buffer.from(` $${n} `));
    from = found.end;
  }
  pieces.push(bytes.subarray(from));
  return { text: Buffer.concat(pieces).toString('utf8'), bound };
}

/** The one statement of the text, without its trailing semicolon and comments. */
function onlyStatement(text: string): string {
  const stmts = parse(text) as { stmt?: unknown; stmt_location?: number; stmt_len?: number }[];
  if (stmts.length !== 1 || !stmts[0]?.stmt || !('SelectStmt' in (stmts[0].stmt as object))) throw new ReportSqlError(NOT_ONE_SELECT);
  const bytes = Buffer.from(text, 'utf8');
  const start = stmts[0].stmt_location ?? 0;
  const length = stmts[0].stmt_len ?? 0;
  const body = (length > 0 ? bytes.subarray(start, start + length) : bytes.subarray(start)).toString('utf8');
  // A line comment at the end would swallow the wrapper's parenthesis: the wrapper puts it on a new line.
  return body.replace(/;\s*$/, '');
}

function parse(text: string): unknown[] {
  try {
    return (parseSync(text) as { stmts?: unknown[] }).stmts ?? [];
  } catch (error) {
    throw new ReportSqlError(`The query is not valid SQL: ${errorText(error)}`);
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);
}

const refuse = (message: string): never => { throw new ReportSqlError(message); };
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A shape the walk has no rule for: refused, never skipped. */
function unreadable(where: string): never {
  return refuse(`A report cannot use this query: the check has no rule for what stands at ${where}.`);
}

/**
 * The walk: every field of every node, each by its type's rule (postgres-tree-rules.ts). A
 * node type without a rule is refused by its name, a field without a rule by its node and name.
 */
function walkTree(statement: unknown, walk: Walk): void {
  if (!isObject(statement)) unreadable('the statement');
  for (const key of Object.keys(statement)) if (key !== 'stmt' && key !== 'stmt_location' && key !== 'stmt_len') unreadable(`the statement's ${key}`);
  try {
    visit(statement.stmt, walk, 'the statement');
  } catch (error) {
    // Where the walk stood when it refused (Type.field steps): the generated tests read it.
    if (error instanceof ReportSqlError) Object.defineProperty(error, TREE_PATH, { value: [...walk.path] });
    throw error;
  }
}

/** A `node` field: a tagged node `{Type: fields}`, an empty slot `{}`, or a list of them. */
function visit(value: unknown, walk: Walk, where: string): void {
  if (Array.isArray(value)) { for (const item of value) visit(item, walk, where); return; }
  if (!isObject(value)) return unreadable(where);
  const keys = Object.keys(value);
  if (keys.length === 0) return;
  if (keys.length !== 1) return unreadable(where);
  visitNode(keys[0]!, value[keys[0]!], walk);
}

function visitNode(type: string, fields: unknown, walk: Walk): void {
  if (type === 'XmlExpr' || type === 'XmlSerialize' || type === 'RangeTableFunc') refuse('A report cannot use XML functions: they can run SQL of their own.');
  if (type === 'RangeTableSample') refuse('A report cannot use TABLESAMPLE.');
  const rule = POSTGRES_NODE_RULES[type];
  if (!rule) return refuse(`A report cannot use ${describeNode(type)}: a report is one plain SELECT.`);
  if (!isObject(fields)) return unreadable(type);
  const record = fields;
  checkBefore(type, record, walk);
  if (type === 'SelectStmt') walk.ctes.push(new Set());
  try {
    const keys = Object.keys(record);
    const order = [...(rule.first ?? []).filter((key) => key in record), ...keys.filter((key) => !rule.first?.includes(key))];
    for (const key of order) {
      const field = rule.fields[key];
      if (!field) refuse(`A report cannot use ${describeNode(type)} with ${key}: the check has no rule for it.`);
      walk.path.push(`${type}.${key}`);
      visitField(type, key, field!, record, walk);
      walk.path.pop();
    }
  } finally {
    if (type === 'SelectStmt') walk.ctes.pop();
  }
  // A CTE's name is in scope for what follows it, not for its own query (unless recursive).
  if (type === 'CommonTableExpr') walk.ctes.at(-1)?.add(String(record.ctename ?? '').toLowerCase());
}

function visitField(type: string, key: string, field: FieldRule, fields: Record<string, unknown>, walk: Walk): void {
  const value = fields[key];
  if (field === 'scalar') {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') unreadable(`${type}.${key}`);
    return;
  }
  if (field === 'node') return visit(value, walk, `${type}.${key}`);
  if ('refuse' in field) return refuse(field.refuse);
  if ('struct' in field) return visitNode(field.struct, value, walk);
  return checkNames(field.names, nameList(value, `${type}.${key}`), fields);
}

/** Strings of a name list ([{String:{sval}}]) in order; anything else in it is refused. */
function nameList(list: unknown, where: string): string[] {
  if (!Array.isArray(list)) return unreadable(where);
  return list.map((item) => {
    const sval = isObject(item) && Object.keys(item).length === 1 && isObject(item.String) ? item.String.sval : undefined;
    if (typeof sval !== 'string') unreadable(where);
    return (sval as string).toLowerCase();
  });
}

function checkNames(check: NameCheck, parts: string[], fields: Record<string, unknown>): void {
  switch (check) {
    case 'function': return checkFunction(parts);
    case 'operator': return checkOperator(parts);
    case 'type': return checkType(parts);
    case 'collation': return checkCollation(parts);
    case 'a_expr_name': {
      const kind = String(fields.kind);
      if (kind.includes('BETWEEN')) {
        if (parts.length !== 1 || !POSTGRES_BETWEEN_NAMES.has(parts[0]!)) unreadable('BETWEEN');
        return;
      }
      return checkOperator(parts);
    }
  }
}

/** What a node says by itself, before its children are walked. */
function checkBefore(type: string, fields: Record<string, unknown>, walk: Walk): void {
  switch (type) {
    case 'RangeVar': return checkRelation(fields, walk);
    case 'A_Expr':
      if (!POSTGRES_EXPR_KINDS.has(String(fields.kind))) refuse(`A report cannot use the expression ${String(fields.kind).replace('AEXPR_', '')}.`);
      return;
    case 'CommonTableExpr':
      if (!isObject(fields.ctequery) || !('SelectStmt' in fields.ctequery)) refuse('A report cannot change data: every WITH query must be a SELECT.');
      return;
    case 'WithClause':
      // WITH RECURSIVE: every name of the clause is in scope in each of its queries.
      if (fields.recursive === true && Array.isArray(fields.ctes)) {
        for (const cte of fields.ctes) {
          const name = isObject(cte) && isObject(cte.CommonTableExpr) ? cte.CommonTableExpr.ctename : undefined;
          if (typeof name === 'string') walk.ctes.at(-1)?.add(name.toLowerCase());
        }
      }
      return;
    case 'SQLValueFunction':
      if (!POSTGRES_VALUE_FUNCTIONS.has(String(fields.op))) refuse(`A report cannot read ${String(fields.op).replace('SVFOP_', '')}: it tells about the session, not the data.`);
      return;
    case 'ParamRef': {
      const number = Number(fields.number);
      if (!(number >= 1 && number <= walk.parameterCount)) refuse(`The query uses $${number}: write report parameters as @name.`);
      return;
    }
    default: return;
  }
}

function checkRelation(fields: Record<string, unknown>, walk: Walk): void {
  const relation = String(fields.relname ?? '').toLowerCase();
  const schema = fields.schemaname === undefined ? undefined : String(fields.schemaname).toLowerCase();
  if (fields.catalogname !== undefined) refuse(`A report cannot read ${String(fields.catalogname)}.${schema ?? ''}.${relation}: name relations without a database.`);
  if (schema === undefined && walk.ctes.some((scope) => scope.has(relation))) return;
  const qualified = schema === undefined ? relation : `${schema}.${relation}`;
  if (walk.rule.kind === 'views') {
    if (schema !== undefined || !walk.rule.views.has(relation)) {
      refuse(`A report cannot read ${qualified}: it is not one of the report views (${[...walk.rule.views].sort().join(', ')}).`);
    }
    return;
  }
  if ((schema !== undefined && POSTGRES_SYSTEM_SCHEMAS.has(schema)) || relation.startsWith('pg_') || relation.startsWith('stl_')
    || relation.startsWith('stv_') || relation.startsWith('svv_') || relation.startsWith('svl_')) {
    refuse(`A report cannot read ${qualified}: it is a system catalog.`);
  }
}

function checkFunction(parts: string[]): void {
  const name = parts.length === 2 && parts[0] === 'pg_catalog' ? parts[1]! : parts.length === 1 ? parts[0]! : undefined;
  if (name === undefined) refuse(`A report cannot call ${parts.join('.')}: call functions without a schema.`);
  const fn = name!;
  if (POSTGRES_FUNCTIONS.has(fn)) return;
  const reason = refusalReason(REFUSED_POSTGRES_FUNCTIONS, fn);
  refuse(reason ? `A report cannot call ${fn}: ${reason}.` : `A report cannot call ${fn}: it is not one of the functions reports may use (aggregates, arithmetic, string, date and casts).`);
}

function checkOperator(parts: string[]): void {
  const op = parts.length === 2 && parts[0] === 'pg_catalog' ? parts[1]! : parts.length === 1 ? parts[0]! : parts.join('.');
  if (!POSTGRES_OPERATORS.has(op)) refuse(`A report cannot use the operator ${op}: it is not one of the operators reports may use.`);
}

function checkType(parts: string[]): void {
  const name = parts.length === 2 && parts[0] === 'pg_catalog' ? parts[1]! : parts.length === 1 ? parts[0]! : parts.join('.');
  if (POSTGRES_TYPES.has(name)) return;
  if (name.startsWith('reg')) refuse(`A report cannot cast to ${name}: it looks up the system catalogs.`);
  refuse(`A report cannot cast to ${name}: it is not one of the types reports may use.`);
}

/** A parse-tree node type as an author would know it. */
function describeNode(type: string): string {
  const known: Record<string, string> = {
    InsertStmt: 'INSERT', UpdateStmt: 'UPDATE', DeleteStmt: 'DELETE', MergeStmt: 'MERGE', CopyStmt: 'COPY', CreateStmt: 'CREATE',
    DropStmt: 'DROP', VariableSetStmt: 'SET', TransactionStmt: 'transaction control', DoStmt: 'DO', CallStmt: 'CALL', LockStmt: 'LOCK',
  };
  return known[type] ?? type.replace(/Stmt$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
}

function checkCollation(parts: string[]): void {
  // Collations only order and compare text; a schema other than pg_catalog would be someone's object.
  if (parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog')) return;
  refuse(`A report cannot use the collation ${parts.join('.')}: name collations without a schema.`);
}
