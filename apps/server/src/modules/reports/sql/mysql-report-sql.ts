/**
 * Report SQL for MySQL / MariaDB sources, checked with node-sql-parser's MariaDB grammar.
 *
 * That parser is not the server's, so the text must mean the same to both:
 * 1. What the two lexers could read differently is refused, never rewritten (mysql-lexical.ts):
 *    `#` and `--x` comments, executable comments, optimizer hints, odd escapes, adjacent strings.
 * 2. The tree is walked deny-by-default (mysql-tree-rules.ts): every key of every shape has a
 *    rule, every expression type is on the allow-list, functions, operators, cast types and
 *    tables are checked wherever they stand.
 * 3. The statement that runs is written back from the checked tree; the written text passes the
 *    same lexical check, and its tree must equal the checked one, so MariaDB runs what was checked.
 * `@name` report parameters become `?` placeholders whose values the driver binds.
 */
import { isDeepStrictEqual } from 'node:util';
import nodeSqlParser from 'node-sql-parser/build/mariadb.js';
import type { BindValue } from '@opencrt/contracts';
import { MYSQL_FUNCTIONS, MYSQL_SYSTEM_SCHEMAS, REFUSED_MYSQL_FUNCTIONS, refusalReason } from './report-allow-lists.ts';
import { NOT_ONE_SELECT, ReportSqlError, TREE_PATH, type CheckedStatement } from './report-sql-types.ts';
import { checkMysqlLexicalAgreement } from './mysql-lexical.ts';
import {
  EXPRESSION_COMMON, MYSQL_BINARY_OPERATORS, MYSQL_CAST_TYPES, MYSQL_EXPRESSIONS, MYSQL_ORIGIN_VALUE, MYSQL_SHAPES, MYSQL_UNARY_OPERATORS,
} from './mysql-tree-rules.ts';

const parser = new nodeSqlParser.Parser();
const OPTIONS = { database: 'mariadb' } as const;
const MARKER = '__opencrt_param_';

type Node = Record<string, unknown>;
const refuse = (message: string): never => { throw new ReportSqlError(message); };
const isObject = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Checks a MySQL/MariaDB report query and writes the statement to run with `?` for each `@name`. */
export function checkMysqlReport(query: string, values: ReadonlyMap<string, BindValue>): CheckedStatement {
  checkMysqlLexicalAgreement(query);
  if (query.toLowerCase().includes(MARKER)) refuse(`A report query cannot contain the text ${MARKER}.`);
  const tree = parseOne(query);
  const order: string[] = [];
  walkStatement(tree, { onParameter: (name) => {
    const key = name.toLowerCase();
    if (!values.has(key)) refuse(`The query uses @${name}, which is not one of the report's parameters.`);
    order.push(key);
    // A string marker: it reads back as the same node, so the written tree can be compared.
    return { type: 'single_quote_string', value: `${MARKER}${order.length - 1}__` };
  } });
  // sqlify changes the tree it is given (it unwraps subqueries): keep the checked one to compare.
  const checked = comparable(structuredClone(tree));
  const written = sqlify(tree);
  // The text that runs: our lexical check, and the parser reads it as the very tree that was checked.
  let same: boolean;
  try {
    checkMysqlLexicalAgreement(written);
    same = isDeepStrictEqual(comparable(parseOne(written)), checked);
  } catch {
    same = false;
  }
  if (!same) refuse(`A report cannot use this query: written back for the server (${written.slice(0, 200)}), it would not mean the same. Write it more plainly, e.g. -(-a) for - -a.`);
  const bound: BindValue[] = [];
  const text = written.replace(new RegExp(`'${MARKER}(\\d+)__'`, 'g'), (_m, index: string) => {
    bound.push(values.get(order[Number(index)]!)!);
    return '?';
  });
  // Once more on the exact text that runs: `?` placeholders are ours here, nothing else is new.
  walkStatement(parseOne(text), { onParameter: (name) => refuse(`The query uses @${name}, which is not one of the report's parameters.`), placeholders: true });
  return { text, values: bound };
}

/** The distinct `@name` parameters of a MySQL/MariaDB query (Test Query). */
export function mysqlParameterNames(query: string): string[] {
  const found = new Map<string, string>();
  walkStatement(parseOne(query), { onParameter: (name) => {
    if (!found.has(name.toLowerCase())) found.set(name.toLowerCase(), name);
    return { type: 'origin', value: '?' };
  } });
  return [...found.values()];
}

function parseOne(query: string): Node {
  let ast: unknown;
  try {
    ast = parser.astify(query, OPTIONS);
  } catch (error) {
    refuse(`The query is not valid SQL: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  const list = Array.isArray(ast) ? ast : [ast];
  const only = list[0] as Node | undefined;
  if (list.length !== 1 || !only || only.type !== 'select') refuse(NOT_ONE_SELECT);
  return only!;
}

function sqlify(tree: Node): string {
  return parser.sqlify(tree as unknown as Parameters<typeof parser.sqlify>[0], OPTIONS);
}

/** Keys whose values are SQL keywords (any case means the same): the written text spells them in capitals. */
const IDENT_KEYS = new Set(['db', 'table', 'column']);
const KEYWORD_KEYS = new Set(['keyword', 'field', 'unit', 'set_op', 'operator', 'distinct', 'join', 'dataType', 'seperator', 'cast_type']);

/**
 * The tree as far as it reaches the server: without source positions and the parser's
 * table/column lists, keywords in one case, and an ORDER BY item's missing direction as ASC.
 */
function comparable(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item));
  if (typeof value === 'string' && KEYWORD_KEYS.has(key)) return value.toUpperCase();
  if (!isObject(value)) return value;
  const entries = Object.entries(value).filter(([k]) => k !== 'loc' && k !== 'tableList' && k !== 'columnList');
  // A `quoted` qualifier comes back as {type, value} or as the bare name: the same name to MariaDB.
  const out: Node = Object.fromEntries(entries.map(([k, v]) => [k, IDENT_KEYS.has(k) && identText(v) !== undefined ? identText(v) : comparable(v, k)]));
  if (out.type === 'origin' && typeof out.value === 'string' && out.value !== '?') out.value = out.value.toUpperCase();
  if ('expr' in out && out.type === null && Object.keys(out).every((k) => k === 'expr' || k === 'type' || k === 'nulls')) out.type = 'ASC';
  return out;
}

export interface MysqlWalk {
  /** Called for `@name`; its answer replaces the node in the tree. */
  onParameter: (name: string) => Node;
  /** The re-check of written text: `?` placeholders are ours. */
  placeholders?: boolean;
}
interface Walk extends MysqlWalk { ctes: Set<string>[]; path: string[] }

function walkStatement(tree: Node, w: MysqlWalk): void {
  const walk: Walk = { ...w, ctes: [], path: [] };
  try {
    visitShape('select', tree, walk);
  } catch (error) {
    // Where the walk stood when it refused (shape.key steps): the generated tests read it.
    if (error instanceof ReportSqlError) Object.defineProperty(error, TREE_PATH, { value: [...walk.path] });
    throw error;
  }
}

/** What a rule string says: the kind, and whether the value (or each item) may be null. */
function parseRule(rule: string): { kind: string; list: boolean; itemNullable: boolean; nullable: boolean } {
  const match = /^(\w+)(\?)?(\[\])?(\?)?$/.exec(rule)!;
  const list = match[3] !== undefined;
  return { kind: match[1]!, list, itemNullable: list && match[2] !== undefined, nullable: list ? match[4] !== undefined : match[2] !== undefined };
}

/** Walks `holder[key]` by its rule; a `@name` in an expression slot is replaced there. */
function visitSlot(holder: Node | unknown[], key: string | number, rule: string, where: string, w: Walk): void {
  const { kind, list, itemNullable, nullable } = parseRule(rule);
  const value = (holder as Record<string | number, unknown>)[key];
  if (value === null || value === undefined) {
    if (!nullable) refuse(`A report cannot use this query: the check has no rule for an empty ${where}.`);
    return;
  }
  if (kind === 'never') return refuse(neverMessage(where));
  if (list) {
    if (!Array.isArray(value)) unreadable(where);
    (value as unknown[]).forEach((_item, index) => visitSlot(value as unknown[], index, itemNullable ? `${kind}?` : kind, where, w));
    return;
  }
  visitOne(holder, key, kind, value, where, w);
}

function visitOne(holder: Node | unknown[], key: string | number, kind: string, value: unknown, where: string, w: Walk): void {
  switch (kind) {
    case 'scalar':
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') unreadable(where);
      return;
    case 'expr': {
      const replaced = parameterOf(value, w);
      if (replaced) { (holder as Record<string | number, unknown>)[key] = replaced; return; }
      return visitExpression(value, w);
    }
    case 'from':
      if (Array.isArray(value)) { value.forEach((_item, index) => visitSlot(value, index, 'from_item', 'a FROM item', w)); return; }
      return visitShape('parenthesised_join', value, w);
    case 'from_expr':
      if (Array.isArray(value)) { value.forEach((_item, index) => visitSlot(value, index, 'from_item', 'a parenthesised join', w)); return; }
      if (isObject(value) && value.type === 'values') return visitShape('values', value, w);
      return visitShape('subquery', value, w);
    case 'paren':
      if (value === true) return;
      return visitShape('parentheses_count', value, w);
    case 'suffix':
      // CONVERT(x USING charset): the grammar takes the charset as a bare name.
      if (typeof value === 'string') { if (!/^USING [A-Z0-9_]+$/.test(value)) unreadable(where); return; }
      return visitShape('literal_suffix', value, w);
    case 'ident':
      if (typeof value === 'string' || identText(value) !== undefined) return;
      return unreadable(where);
    case 'window_ref':
      if (typeof value === 'string') return; // OVER w: a window named in the WINDOW clause
      return visitShape('window_ref', value, w);
    default:
      if (!MYSQL_SHAPES[kind]) unreadable(where);
      return visitShape(kind, value, w);
  }
}

function visitShape(shape: string, value: unknown, w: Walk): void {
  if (!isObject(value)) return unreadable(shape);
  checkShape(shape, value, w);
  if (shape === 'select') w.ctes.push(recursiveNames(value));
  try {
    const rules = MYSQL_SHAPES[shape]!;
    // WITH first: its names are in scope for the rest of the statement.
    const keys = Object.keys(value).sort((a, b) => Number(b === 'with') - Number(a === 'with'));
    for (const key of keys) {
      if (key === 'loc') continue;
      const rule = rules[key];
      if (!rule) refuse(`A report cannot use this query: the check has no rule for ${shape}.${key}.`);
      w.path.push(`${shape}.${key}`);
      visitSlot(value, key, rule!, `${shape}.${key}`, w);
      w.path.pop();
    }
  } finally {
    if (shape === 'select') w.ctes.pop();
  }
  // A CTE's name is in scope for what follows it, not for its own query (unless recursive).
  if (shape === 'cte') w.ctes.at(-1)?.add(String((value.name as Node | undefined)?.value ?? '').toLowerCase());
}

/** WITH RECURSIVE: every name of the clause is in scope in each of its queries; otherwise none yet. */
function recursiveNames(select: Node): Set<string> {
  const scope = new Set<string>();
  if (Array.isArray(select.with) && select.with.some((cte) => isObject(cte) && cte.recursive === true)) {
    for (const cte of select.with) if (isObject(cte) && isObject(cte.name)) scope.add(String(cte.name.value).toLowerCase());
  }
  return scope;
}

function visitExpression(value: unknown, w: Walk): void {
  if (!isObject(value)) return unreadable('an expression');
  if ('ast' in value && !('type' in value)) return visitShape('subquery', value, w);
  const type = String(value.type);
  const rules = MYSQL_EXPRESSIONS[type];
  if (!rules) return refuseExpression(type);
  checkExpression(type, value, w);
  for (const key of Object.keys(value)) {
    if (key === 'loc') continue;
    const rule = rules[key] ?? EXPRESSION_COMMON[key];
    if (!rule) refuse(`A report cannot use ${type} with ${key}: the check has no rule for it.`);
    w.path.push(`${type}.${key}`);
    visitSlot(value, key, rule!, `${type}.${key}`, w);
    w.path.pop();
  }
}

function refuseExpression(type: string): never {
  if (type === 'var') return refuse('A report cannot use variables other than its @parameters.');
  if (type === 'param') return refuse('The query uses :name: write report parameters as @name.');
  if (type === 'fulltext_search') return refuse('A report cannot use MATCH … AGAINST.');
  return refuse(`A report cannot use ${type}: it is not one of the expressions reports may use.`);
}

/** The replacement of a `@name` variable node, or undefined for any other value. */
function parameterOf(value: unknown, w: Walk): Node | undefined {
  if (!isObject(value) || value.type !== 'var') return undefined;
  if (value.prefix === '@@') refuse('A report cannot read server variables (@@…).');
  if (value.prefix !== '@' || (Array.isArray(value.members) && value.members.length > 0)) refuse('A report cannot use variables other than its @parameters.');
  return w.onParameter(String(value.name));
}

function checkShape(shape: string, n: Node, w: Walk): void {
  switch (shape) {
    case 'select':
      if (isObject(n.into) && n.into.position) refuse('A report query cannot read or write server files or variables (SELECT … INTO).');
      if (isObject(n.into) && Object.keys(n.into).some((key) => key !== 'position')) refuse('A report query cannot read or write server files or variables (SELECT … INTO).');
      if (n.locking_read) refuse('A report cannot lock rows (FOR UPDATE / LOCK IN SHARE MODE).');
      if (n.type !== 'select') refuse(NOT_ONE_SELECT);
      return;
    case 'from_item': return checkFromItem(n, w);
    case 'over':
      if (n.type !== 'window') refuse('A report cannot use ON UPDATE here.');
      return;
    case 'cast_target': return checkCastType(String(n.dataType));
    default: return;
  }
}

function checkFromItem(item: Node, w: Walk): void {
  if (item.type === 'var' || (item.type !== undefined && item.type !== 'dual')) refuse('A report cannot read a variable as a table.');
  if (item.type === 'dual') return;
  if (item.table === undefined || item.table === null) {
    if (item.expr === undefined || item.expr === null) unreadable('a FROM item');
    return;
  }
  if (typeof item.table !== 'string') return unreadable('a FROM item');
  const table = item.table.toLowerCase();
  const db = typeof item.db === 'string' ? item.db.toLowerCase() : undefined;
  if (db === undefined && w.ctes.some((scope) => scope.has(table))) return;
  if ((db !== undefined && MYSQL_SYSTEM_SCHEMAS.has(db)) || (db === undefined && MYSQL_SYSTEM_SCHEMAS.has(table))) {
    refuse(`A report cannot read ${db ? `${db}.` : ''}${table}: it is a system schema.`);
  }
}

function checkExpression(type: string, n: Node, w: Walk): void {
  switch (type) {
    case 'column_ref': {
      const db = identText(n.db)?.toLowerCase();
      if (db !== undefined && MYSQL_SYSTEM_SCHEMAS.has(db)) refuse(`A report cannot read ${db}.${String(identText(n.table))}: it is a system schema.`);
      return;
    }
    case 'function': return checkFunctionNode(n);
    case 'aggr_func': return checkFunction(String(n.name).toLowerCase());
    case 'binary_expr':
      if (!MYSQL_BINARY_OPERATORS.has(String(n.operator).toUpperCase())) refuse(`A report cannot use the operator ${String(n.operator)}.`);
      return;
    case 'unary_expr':
      if (!MYSQL_UNARY_OPERATORS.has(String(n.operator).toUpperCase())) refuse(`A report cannot use the operator ${String(n.operator)}.`);
      return;
    case 'datatype': return checkCastType(String(n.dataType));
    case 'origin':
      if (n.value === '?') { if (!w.placeholders) refuse('The query uses ?: write report parameters as @name.'); return; }
      if (typeof n.value !== 'string' || !MYSQL_ORIGIN_VALUE.test(n.value)) refuse(`A report cannot use ${String(n.value)} here.`);
      return;
    default: return;
  }
}

/** A name as the parser gives it: a string, or a `quoted` name as {type: 'backticks_quote_string', value}. */
function identText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value) && value.type === 'backticks_quote_string' && typeof value.value === 'string' && Object.keys(value).length === 2) return value.value;
  return undefined;
}

function checkFunctionNode(n: Node): void {
  const name = isObject(n.name) && Array.isArray(n.name.name) ? n.name.name : undefined;
  if (!name) return unreadable('a function name');
  const parts = name.map((p) => (isObject(p) ? String(p.value ?? '') : '').toLowerCase());
  if (parts.length !== 1) refuse(`A report cannot call ${parts.join('.')}: call functions without a schema.`);
  const args = isObject(n.args) && Array.isArray(n.args.value) ? n.args.value : [];
  // EXISTS (subquery) reads as a call of "exists" with the subquery as its one argument.
  if (parts[0] === 'exists' && args.length === 1 && isObject(args[0]) && 'ast' in args[0]) return;
  // The parser reads NOT ( as a call of "not" (so `not (a) = 1` is not(a) = 1); MariaDB reads NOT over everything after it.
  if (parts[0] === 'not') refuse('A report cannot write NOT ( … ): the check and MariaDB would read it differently. Write a <> 1, NOT a = 1 or NOT EXISTS (…) instead.');
  checkFunction(parts[0]!);
}

function checkFunction(name: string): void {
  if (MYSQL_FUNCTIONS.has(name)) return;
  const reason = refusalReason(REFUSED_MYSQL_FUNCTIONS, name);
  refuse(reason ? `A report cannot call ${name}: ${reason}.` : `A report cannot call ${name}: it is not one of the functions reports may use (aggregates, arithmetic, string, date and casts).`);
}

function checkCastType(dataType: string): void {
  const first = dataType.toUpperCase().split(/[\s(]/)[0]!;
  if (!MYSQL_CAST_TYPES.has(first)) refuse(`A report cannot cast to ${dataType}: it is not one of the types reports may use.`);
}

function neverMessage(where: string): string {
  if (where === 'select.window') return 'A report cannot use a WINDOW clause: name the window in OVER (…).';
  if (where === 'select.locking_read') return 'A report cannot lock rows (FOR UPDATE / LOCK IN SHARE MODE).';
  if (where === 'into.position') return 'A report query cannot read or write server files or variables (SELECT … INTO).';
  return `A report cannot use ${where}.`;
}

function unreadable(where: string): never {
  return refuse(`A report cannot use this query: the check has no rule for what stands at ${where}.`);
}
