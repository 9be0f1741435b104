/**
 * Report SQL for MySQL / MariaDB sources, checked with node-sql-parser's MariaDB grammar.
 *
 * That parser is not the server's, so nothing the parser merely skipped may reach the server:
 * executable comments (`/*! … *\/`, `/*M! … *\/`) and optimizer hints (`/*+ … *\/`) are refused,
 * and the statement that runs is written back from the checked tree (comments and all spacing
 * tricks are gone), then parsed and checked once more. `@name` report parameters become `?`
 * placeholders whose values the driver binds.
 */
import nodeSqlParser from 'node-sql-parser/build/mariadb.js';
import type { BindValue } from '@opencrt/contracts';
import { MYSQL_FUNCTIONS, MYSQL_SYSTEM_SCHEMAS, REFUSED_MYSQL_FUNCTIONS, refusalReason } from './report-allow-lists.ts';
import { NOT_ONE_SELECT, ReportSqlError, type CheckedStatement } from './report-sql-types.ts';

const parser = new nodeSqlParser.Parser();
const OPTIONS = { database: 'mariadb' } as const;
const MARKER = '__opencrt_param_';

type Node = Record<string, unknown>;
const refuse = (message: string): never => { throw new ReportSqlError(message); };

/** Checks a MySQL/MariaDB report query and writes the statement to run with `?` for each `@name`. */
export function checkMysqlReport(query: string, values: ReadonlyMap<string, BindValue>): CheckedStatement {
  if (/\/\*\s*(!|M!|\+)/i.test(query)) {
    refuse('A report query cannot contain executable comments (/*! … */, /*M! … */) or optimizer hints (/*+ … */).');
  }
  if (query.toLowerCase().includes(MARKER)) refuse(`A report query cannot contain the text ${MARKER}.`);
  const tree = parseOne(query);
  const order: string[] = [];
  walk(tree, { ctes: [], onParameter: (name) => {
    const key = name.toLowerCase();
    if (!values.has(key)) refuse(`The query uses @${name}, which is not one of the report's parameters.`);
    order.push(key);
    return { type: 'origin', value: `${MARKER}${order.length - 1}__` };
  } });
  const written = sqlify(tree);
  const bound: BindValue[] = [];
  const text = written.replace(new RegExp(`${MARKER}(\\d+)__`, 'gi'), (_m, index: string) => {
    bound.push(values.get(order[Number(index)]!)!);
    return '?';
  });
  // The text that runs is parsed and checked again: it holds exactly what was checked.
  walk(parseOne(text), { ctes: [], onParameter: (name) => refuse(`The query uses @${name}, which is not one of the report's parameters.`), placeholders: true });
  return { text, values: bound };
}

/** The distinct `@name` parameters of a MySQL/MariaDB query (Test Query). */
export function mysqlParameterNames(query: string): string[] {
  const found = new Map<string, string>();
  walk(parseOne(query), { ctes: [], onParameter: (name) => {
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

interface Walk {
  ctes: Set<string>[];
  /** Called for `@name`; its answer replaces the node in the tree. */
  onParameter: (name: string) => Node;
  /** The re-check of written text: `?` placeholders are ours. */
  placeholders?: boolean;
}

function walk(node: unknown, w: Walk): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      const replaced = parameterOf(item, w);
      if (replaced) node[index] = replaced; else walk(item, w);
    });
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const n = node as Node;
  if (n.type === 'select') return walkSelect(n, w);
  checkNode(n, w);
  for (const [key, value] of Object.entries(n)) {
    if (key === 'loc') continue;
    const replaced = parameterOf(value, w);
    if (replaced) n[key] = replaced; else walk(value, w);
  }
}

/** The replacement of a `@name` variable node, or undefined for any other value. */
function parameterOf(value: unknown, w: Walk): Node | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const n = value as Node;
  if (n.type !== 'var') return undefined;
  if (n.prefix === '@@') refuse('A report cannot read server variables (@@…).');
  if (n.prefix !== '@' || (Array.isArray(n.members) && n.members.length > 0)) refuse('A report cannot use variables other than its @parameters.');
  return w.onParameter(String(n.name));
}

function walkSelect(select: Node, w: Walk): void {
  const into = select.into as { position?: unknown } | null | undefined;
  if (into && into.position) refuse('A report query cannot read or write server files or variables (SELECT … INTO).');
  if (select.locking_read) refuse('A report cannot lock rows (FOR UPDATE / LOCK IN SHARE MODE).');
  const scope = new Set<string>();
  for (const cte of (select.with as Node[] | null) ?? []) {
    const name = (cte.name as { value?: string } | undefined)?.value;
    if (name) scope.add(name.toLowerCase());
  }
  w.ctes.push(scope);
  try {
    for (const item of (select.from as Node[] | null) ?? []) checkFromItem(item, w);
    for (const [key, value] of Object.entries(select)) {
      if (key === 'loc' || key === 'type') continue;
      const replaced = parameterOf(value, w);
      if (replaced) select[key] = replaced; else walk(value, w);
    }
  } finally {
    w.ctes.pop();
  }
}

function checkFromItem(item: Node, w: Walk): void {
  if (typeof item.table !== 'string') return;
  const table = item.table.toLowerCase();
  const db = typeof item.db === 'string' ? item.db.toLowerCase() : undefined;
  if (db === undefined && w.ctes.some((scope) => scope.has(table))) return;
  if ((db !== undefined && MYSQL_SYSTEM_SCHEMAS.has(db)) || (db === undefined && MYSQL_SYSTEM_SCHEMAS.has(table))) {
    refuse(`A report cannot read ${db ? `${db}.` : ''}${table}: it is a system schema.`);
  }
}

function checkNode(n: Node, w: Walk): void {
  switch (n.type) {
    case 'function': {
      const parts = ((n.name as { name?: { value?: string }[] } | undefined)?.name ?? []).map((p) => String(p.value ?? '').toLowerCase());
      if (parts.length !== 1) refuse(`A report cannot call ${parts.join('.')}: call functions without a schema.`);
      return checkFunction(parts[0]!);
    }
    case 'aggr_func': return checkFunction(String(n.name).toLowerCase());
    case 'origin':
      if (n.value === '?' && !w.placeholders) refuse('The query uses ?: write report parameters as @name.');
      return;
    case 'fulltext_search': return refuse('A report cannot use MATCH … AGAINST.');
    default: return;
  }
}

function checkFunction(name: string): void {
  if (MYSQL_FUNCTIONS.has(name)) return;
  const reason = refusalReason(REFUSED_MYSQL_FUNCTIONS, name);
  refuse(reason ? `A report cannot call ${name}: ${reason}.` : `A report cannot call ${name}: it is not one of the functions reports may use (aggregates, arithmetic, string, date and casts).`);
}
