import { beforeAll, describe, expect, it } from 'vitest';
import { checkReportSql, loadPostgresParser } from './sql/report-sql.ts';
import { treePathOf } from './sql/report-sql-types.ts';
import { POSTGRES_NODE_RULES } from './sql/postgres-tree-rules.ts';
import { EXPRESSION_COMMON, MYSQL_EXPRESSIONS, MYSQL_SHAPES } from './sql/mysql-tree-rules.ts';

/**
 * Generated from the rule tables (issue 32): for every child position of every allowed node type
 * (PostgreSQL `Type.field`, MariaDB `shape.key`), a template query with a HOLE at that position;
 * each refused payload put in the hole is refused with its own message, and the walk's path at
 * the refusal passes through the declared position (so the template really puts it there).
 * A position without a template, or a type no template reaches, fails the coverage test: adding
 * a node type or field to the rules without a template here fails.
 */

type HoleKind = 'expr' | 'relation' | 'operator' | 'type' | 'collation';
interface Template { at: string[]; query: string; hole: HoleKind }

const PG_PAYLOADS: Record<HoleKind, [string, RegExp][]> = {
  expr: [["pg_read_file('/etc/passwd')", /^A report cannot call pg_read_file: it reads server files\.$/],
    ["current_setting('x')", /^A report cannot call current_setting: it reads the server's settings\.$/]],
  relation: [['pg_authid', /^A report cannot read pg_authid: it is a system catalog\.$/],
    ['information_schema.tables', /^A report cannot read information_schema\.tables: it is a system catalog\.$/]],
  operator: [['operator(pg_catalog.#)', /^A report cannot use the operator #: it is not one of the operators reports may use\.$/]],
  type: [['regclass', /^A report cannot cast to regclass: it looks up the system catalogs\.$/],
    ['pg_catalog.regproc', /^A report cannot cast to regproc: it looks up the system catalogs\.$/]],
  collation: [['evil."C"', /^A report cannot use the collation evil\.c: name collations without a schema\.$/]],
};

const PG_TEMPLATES: Template[] = [
  { at: ['SelectStmt.targetList', 'ResTarget.val', 'FuncCall.funcname'], query: 'select HOLE', hole: 'expr' },
  { at: ['SelectStmt.distinctClause'], query: 'select distinct on (HOLE) 1', hole: 'expr' },
  { at: ['SelectStmt.fromClause'], query: 'select * from HOLE', hole: 'relation' },
  { at: ['SelectStmt.whereClause'], query: 'select 1 where HOLE', hole: 'expr' },
  { at: ['SelectStmt.groupClause'], query: 'select 1 group by HOLE', hole: 'expr' },
  { at: ['SelectStmt.havingClause'], query: 'select 1 having HOLE', hole: 'expr' },
  { at: ['SelectStmt.windowClause', 'WindowDef.partitionClause'], query: 'select count(*) over w from t window w as (partition by HOLE)', hole: 'expr' },
  { at: ['SelectStmt.valuesLists', 'List.items'], query: 'select * from (values (HOLE)) v(a)', hole: 'expr' },
  { at: ['SelectStmt.sortClause', 'SortBy.node'], query: 'select 1 order by HOLE', hole: 'expr' },
  { at: ['SelectStmt.limitOffset'], query: 'select 1 offset HOLE', hole: 'expr' },
  { at: ['SelectStmt.limitCount'], query: 'select 1 limit HOLE', hole: 'expr' },
  { at: ['SelectStmt.withClause', 'WithClause.ctes', 'CommonTableExpr.ctequery'], query: 'with c as (select HOLE) select * from c', hole: 'expr' },
  { at: ['SelectStmt.larg'], query: 'select HOLE union select 1', hole: 'expr' },
  { at: ['SelectStmt.rarg'], query: 'select 1 union select HOLE', hole: 'expr' },
  { at: ['A_Expr.name'], query: 'select 1 HOLE 1', hole: 'operator' },
  { at: ['A_Expr.lexpr'], query: 'select HOLE + 1', hole: 'expr' },
  { at: ['A_Expr.rexpr'], query: 'select 1 + HOLE', hole: 'expr' },
  { at: ['BoolExpr.args'], query: 'select true and HOLE', hole: 'expr' },
  { at: ['NullTest.arg'], query: 'select HOLE is null', hole: 'expr' },
  { at: ['BooleanTest.arg'], query: 'select HOLE is true', hole: 'expr' },
  { at: ['FuncCall.args'], query: 'select abs(HOLE)', hole: 'expr' },
  { at: ['FuncCall.agg_order'], query: "select string_agg('a', ',' order by HOLE)", hole: 'expr' },
  { at: ['FuncCall.agg_filter'], query: 'select count(*) filter (where HOLE)', hole: 'expr' },
  { at: ['FuncCall.over', 'WindowDef.orderClause'], query: 'select count(*) over (order by HOLE)', hole: 'expr' },
  { at: ['WindowDef.startOffset'], query: 'select count(*) over (order by 1 rows between HOLE preceding and current row)', hole: 'expr' },
  { at: ['WindowDef.endOffset'], query: 'select count(*) over (order by 1 rows between current row and HOLE following)', hole: 'expr' },
  { at: ['NamedArgExpr.arg'], query: 'select make_interval(days => HOLE)', hole: 'expr' },
  { at: ['TypeCast.arg'], query: 'select HOLE::text', hole: 'expr' },
  { at: ['TypeCast.typeName', 'TypeName.names'], query: "select 'x'::HOLE", hole: 'type' },
  { at: ['TypeName.typmods'], query: "select cast('1' as numeric(HOLE))", hole: 'expr' },
  { at: ['RangeSubselect.subquery'], query: 'select * from (select HOLE) s', hole: 'expr' },
  { at: ['RangeFunction.functions', 'List.items'], query: 'select * from abs(HOLE) s', hole: 'expr' },
  { at: ['JoinExpr.larg'], query: 'select * from HOLE join t on true', hole: 'relation' },
  { at: ['JoinExpr.rarg'], query: 'select * from t join HOLE on true', hole: 'relation' },
  { at: ['JoinExpr.quals'], query: 'select * from t join u on HOLE', hole: 'expr' },
  { at: ['SortBy.useOp'], query: 'select 1 order by 1 using HOLE', hole: 'operator' },
  { at: ['CaseExpr.arg'], query: 'select case 0 + HOLE when 1 then 2 end', hole: 'expr' },
  { at: ['CaseExpr.args', 'CaseWhen.expr'], query: 'select case when HOLE then 1 end', hole: 'expr' },
  { at: ['CaseWhen.result'], query: 'select case when true then HOLE end', hole: 'expr' },
  { at: ['CaseExpr.defresult'], query: 'select case when true then 1 else HOLE end', hole: 'expr' },
  { at: ['CoalesceExpr.args'], query: "select coalesce(HOLE, 'x')", hole: 'expr' },
  { at: ['MinMaxExpr.args'], query: "select greatest(HOLE, 'x')", hole: 'expr' },
  { at: ['SubLink.testexpr'], query: "select HOLE in (select 'x')", hole: 'expr' },
  { at: ['SubLink.subselect'], query: 'select exists (select HOLE)', hole: 'expr' },
  { at: ['SubLink.operName'], query: 'select 5 HOLE any (select 3)', hole: 'operator' },
  { at: ['A_Indirection.arg'], query: 'select (HOLE)[1]', hole: 'expr' },
  { at: ['A_Indirection.indirection', 'A_Indices.uidx'], query: 'select (array[1])[HOLE]', hole: 'expr' },
  { at: ['A_Indices.lidx'], query: 'select (array[1])[HOLE:2]', hole: 'expr' },
  { at: ['A_ArrayExpr.elements'], query: 'select array[HOLE]', hole: 'expr' },
  { at: ['RowExpr.args'], query: 'select row(HOLE, 1)', hole: 'expr' },
  { at: ['GroupingSet.content'], query: 'select 1 group by grouping sets ((HOLE))', hole: 'expr' },
  { at: ['GroupingFunc.args'], query: 'select grouping(HOLE) from t group by 1', hole: 'expr' },
  { at: ['CollateClause.arg'], query: 'select HOLE collate "C" as x', hole: 'expr' },
  { at: ['CollateClause.collname'], query: "select 'x' collate HOLE", hole: 'collation' },
];

/** Positions that hold only names or literal values: no expression or relation can stand there. */
const PG_NAMES_ONLY: Record<string, string> = {
  'ColumnRef.fields': 'column names and *',
  'A_Const.ival': 'a literal', 'A_Const.fval': 'a literal', 'A_Const.boolval': 'a literal', 'A_Const.sval': 'a literal', 'A_Const.bsval': 'a literal',
  'Alias.colnames': 'column names', 'RangeVar.alias': 'an alias', 'RangeSubselect.alias': 'an alias', 'RangeFunction.alias': 'an alias',
  'JoinExpr.alias': 'an alias', 'JoinExpr.join_using_alias': 'an alias', 'JoinExpr.usingClause': 'column names',
  'CommonTableExpr.aliascolnames': 'column names', 'TypeName.arrayBounds': 'integer bounds',
};
/** Types without a child that can hold an expression; each is refused or harmless by itself (see the leaf tests). */
const PG_LEAVES = ['String', 'Integer', 'Float', 'Boolean', 'BitString', 'A_Const', 'A_Star', 'ColumnRef', 'ParamRef', 'SQLValueFunction', 'Alias', 'RangeVar'];

const MY_PAYLOADS: Record<'expr' | 'relation', [string, RegExp][]> = {
  expr: [["load_file('/etc/passwd')", /^A report cannot call load_file: it reads server files\.$/],
    ['(select authentication_string from mysql.user limit 1)', /^A report cannot read mysql\.user: it is a system schema\.$/]],
  relation: [['mysql.user', /^A report cannot read mysql\.user: it is a system schema\.$/],
    ['mysql.global_priv', /^A report cannot read mysql\.global_priv: it is a system schema\.$/],
    ['information_schema.PROCESSLIST', /^A report cannot read information_schema\.processlist: it is a system schema\.$/],
    ['performance_schema.threads', /^A report cannot read performance_schema\.threads: it is a system schema\.$/]],
};

const MY_TEMPLATES: Template[] = [
  { at: ['select.columns', 'column.expr'], query: 'select HOLE as x', hole: 'expr' },
  { at: ['select.with', 'cte.stmt', 'subquery.ast'], query: 'with c as (select HOLE as x) select * from c', hole: 'expr' },
  { at: ['select.from'], query: 'select * from HOLE', hole: 'relation' },
  { at: ['select.where'], query: 'select 1 from t where HOLE', hole: 'expr' },
  { at: ['select.groupby', 'group_by.columns'], query: 'select 1 from t group by HOLE', hole: 'expr' },
  { at: ['select.having'], query: 'select 1 from t having HOLE', hole: 'expr' },
  { at: ['select.orderby', 'order_item.expr'], query: 'select 1 from t order by HOLE', hole: 'expr' },
  { at: ['select._next'], query: 'select 1 union select HOLE', hole: 'expr' },
  { at: ['select._orderby'], query: 'with c as ((select 1 as a) union (select 2) order by HOLE) select * from c', hole: 'expr' },
  { at: ['from_item.expr', 'subquery.ast'], query: 'select * from (select HOLE as x) s', hole: 'expr' },
  { at: ['from_item.expr', 'values.values'], query: 'select * from (values (HOLE)) v', hole: 'expr' },
  { at: ['from_item.expr'], query: 'select * from t t0 join (t t1 join HOLE u on 1 = 1) on 1 = 1', hole: 'relation' },
  { at: ['parenthesised_join.expr'], query: 'select * from (t t1 join HOLE u on 1 = 1)', hole: 'relation' },
  { at: ['parenthesised_join.joins'], query: 'select * from (t t1 join u on 1 = 1) join HOLE v on 1 = 1', hole: 'relation' },
  { at: ['from_item.joins'], query: 'select * from t t0 join (t t1 join u on 1 = 1) join HOLE v on 1 = 1 on 1 = 1', hole: 'relation' },
  { at: ['from_item.on'], query: 'select * from t join u on HOLE', hole: 'expr' },
  { at: ['binary_expr.left'], query: 'select HOLE + 1', hole: 'expr' },
  { at: ['binary_expr.right'], query: 'select 1 + HOLE', hole: 'expr' },
  { at: ['unary_expr.expr'], query: 'select - HOLE', hole: 'expr' },
  { at: ['function.args', 'expr_list.value'], query: 'select abs(HOLE)', hole: 'expr' },
  { at: ['function.over', 'over.as_window_specification', 'window_ref.window_specification', 'window_specification.partitionby'],
    query: 'select row_number() over (partition by HOLE) from t', hole: 'expr' },
  { at: ['window_specification.orderby'], query: 'select row_number() over (order by HOLE) from t', hole: 'expr' },
  { at: ['aggr_func.args', 'aggregate_args.expr'], query: 'select sum(HOLE) from t', hole: 'expr' },
  { at: ['aggregate_args.orderby'], query: 'select group_concat(a order by HOLE) from t', hole: 'expr' },
  { at: ['aggr_func.over'], query: 'select sum(a) over (partition by HOLE) from t', hole: 'expr' },
  { at: ['cast.expr'], query: 'select cast(HOLE as char)', hole: 'expr' },
  { at: ['case.expr'], query: 'select case 0 + HOLE when 1 then 2 end', hole: 'expr' },
  { at: ['case.args', 'case_branch.cond'], query: 'select case when HOLE then 1 end', hole: 'expr' },
  { at: ['case_branch.result'], query: 'select case when 1 then HOLE end', hole: 'expr' },
  { at: ['case_branch.result'], query: 'select case when 1 then 2 else HOLE end', hole: 'expr' },
  { at: ['interval.expr'], query: 'select date_add(d, interval HOLE day) from t', hole: 'expr' },
  { at: ['extract.args', 'extract_args.source'], query: 'select extract(year from HOLE)', hole: 'expr' },
];

/** Keys that hold only names, literals or keywords in the grammar (no expression or table can stand there). */
const MY_NAMES_ONLY: Record<string, string> = {
  'column_ref.collate': 'a collation name', 'function.name': 'the function\'s own name, checked at the call',
  'cast.target': 'a type name, checked against the cast types', 'select.into': 'INTO is refused by itself',
  'select.collate': 'a collation name', 'select.limit': 'numbers only', 'select._limit': 'numbers only', 'limit.value': 'numbers only',
  'group_by.modifiers': 'WITH ROLLUP', 'from_item.using': 'column names', 'cte.name': 'a name', 'cte.columns': 'column names',
  'collate.collate': 'a collation name', 'escape.value': 'ESCAPE takes a string literal', 'function_name.name': 'name parts',
  'aggregate_args.separator': 'SEPARATOR takes a string literal', 'separator.value': 'a string literal',
  'window_specification.window_frame_clause': 'UNBOUNDED, CURRENT ROW or a number', 'literal_suffix.collate': 'a collation name',
  'cast_target.suffix': 'a character set name', 'expression.escape': 'ESCAPE takes a string literal',
  'expression.suffix': 'USING charset or COLLATE name', 'from_item.parentheses': 'a count', 'parenthesised_join.parentheses': 'a count',
};
/** Expression types and shapes that hold no expression; each is a literal, a name or a checked keyword. */
const MY_LEAVES = ['column_ref', 'number', 'bigint', 'single_quote_string', 'double_quote_string', 'natural_string', 'hex_string',
  'full_hex_string', 'bit_string', 'bool', 'null', 'date', 'time', 'timestamp', 'datetime', 'star', 'datatype', 'origin',
  'into', 'name', 'collate', 'collation', 'escape', 'function_name', 'separator', 'cast_target', 'literal_suffix', 'parentheses_count', 'limit'];

const isChild = (rule: unknown): boolean => rule !== 'scalar' && !(typeof rule === 'object' && rule !== null && 'refuse' in rule);
const pgPositions = Object.entries(POSTGRES_NODE_RULES).flatMap(([type, rule]) =>
  Object.entries(rule.fields).filter(([, field]) => isChild(field)).map(([field]) => `${type}.${field}`));
const myRuleIsChild = (rule: string) => !/^(scalar|never|ident)\b/.test(rule); // ident: a name, plain or `quoted`
const myPositions = [
  ...Object.entries(MYSQL_SHAPES).flatMap(([shape, keys]) => Object.entries(keys).filter(([, r]) => myRuleIsChild(r)).map(([key]) => `${shape}.${key}`)),
  ...Object.entries(MYSQL_EXPRESSIONS).flatMap(([type, keys]) => Object.entries(keys).filter(([, r]) => myRuleIsChild(r)).map(([key]) => `${type}.${key}`)),
  ...Object.entries(EXPRESSION_COMMON).filter(([, r]) => myRuleIsChild(r)).map(([key]) => `expression.${key}`),
];

const values = new Map();
const pg = (query: string) => checkReportSql(query, 'postgres', { kind: 'external' }, values, 11);
const my = (query: string) => checkReportSql(query, 'mysql', { kind: 'external' }, values, 11);

/** The refusal of `run(query)`: its message and the walk's path to it. */
function refusal(run: (q: string) => unknown, query: string): { message: string; path: readonly string[] } {
  try {
    run(query);
  } catch (error) {
    return { message: (error as Error).message, path: treePathOf(error) ?? [] };
  }
  throw new Error(`accepted: ${query}`);
}

/** Runs every template with every payload of its kind; answers the positions and types the refusals passed through. */
function exercise(templates: Template[], payloads: Partial<Record<HoleKind, [string, RegExp][]>>, run: (q: string) => unknown) {
  const reached = new Set<string>();
  for (const template of templates) {
    for (const [payload, message] of payloads[template.hole]!) {
      const query = template.query.replace('HOLE', payload);
      const { message: said, path } = refusal(run, query);
      expect(said, query).toMatch(message);
      for (const at of template.at) expect(path, `${query}: the walk refused it at ${path.join(' > ')}`).toContain(at);
      for (const step of path) reached.add(step);
    }
  }
  return reached;
}

describe('the report check walks every child of every node (generated from the rule tables)', () => {
  beforeAll(async () => { await loadPostgresParser(); });

  it('PostgreSQL: a refused call, relation, operator, type or collation is refused at every child position', () => {
    const reached = exercise(PG_TEMPLATES, PG_PAYLOADS, pg);
    const templated = new Set(PG_TEMPLATES.flatMap((t) => t.at));
    // Every child position of every allowed type has a template, or holds names only.
    expect(pgPositions.filter((p) => !templated.has(p) && !(p in PG_NAMES_ONLY))).toEqual([]);
    expect([...templated, ...Object.keys(PG_NAMES_ONLY)].filter((p) => !pgPositions.includes(p))).toEqual([]);
    // Every allowed type is reached by a refusal, or is a leaf.
    const types = new Set([...reached].map((step) => step.split('.')[0]));
    expect(Object.keys(POSTGRES_NODE_RULES).filter((type) => !types.has(type) && !PG_LEAVES.includes(type))).toEqual([]);
    expect(pgPositions.length).toBeGreaterThan(70);
  });

  it('PostgreSQL leaves refuse what they name by themselves', () => {
    expect(refusal(pg, 'select current_user').message).toBe('A report cannot read CURRENT_USER: it tells about the session, not the data.');
    expect(refusal(pg, 'select $3').message).toBe('The query uses $3: write report parameters as @name.');
    expect(refusal(pg, 'select * from pg_catalog.pg_user').message).toBe('A report cannot read pg_catalog.pg_user: it is a system catalog.');
    expect(refusal(pg, "select xmlelement(name x)").message).toBe('A report cannot use XML functions: they can run SQL of their own.');
    expect(refusal(pg, 'select json_object(\'a\': 1)').message).toMatch(/^A report cannot use Json Object Constructor: a report is one plain SELECT\.$/);
  });

  it('MariaDB: a refused call or system table is refused at every child position', () => {
    const reached = exercise(MY_TEMPLATES, MY_PAYLOADS, my);
    const templated = new Set(MY_TEMPLATES.flatMap((t) => t.at));
    expect(myPositions.filter((p) => !templated.has(p) && !(p in MY_NAMES_ONLY))).toEqual([]);
    expect([...templated, ...Object.keys(MY_NAMES_ONLY)].filter((p) => !myPositions.includes(p))).toEqual([]);
    const kinds = new Set([...reached].map((step) => step.split('.')[0]));
    const all = [...Object.keys(MYSQL_SHAPES), ...Object.keys(MYSQL_EXPRESSIONS)];
    expect(all.filter((kind) => !kinds.has(kind) && !MY_LEAVES.includes(kind))).toEqual([]);
    expect(myPositions.length).toBeGreaterThan(45);
  });

  it('MariaDB leaves and shapes without a rule are refused by name', () => {
    expect(refusal(my, 'select @@datadir').message).toBe('A report cannot read server variables (@@…).');
    expect(refusal(my, 'select :p').message).toBe('The query uses :name: write report parameters as @name.');
    expect(refusal(my, 'select ?').message).toBe('The query uses ?: write report parameters as @name.');
    expect(refusal(my, "select MATCH (a) AGAINST ('x') from t").message).toBe('A report cannot use MATCH … AGAINST.');
    expect(refusal(my, 'select cast(a as geometry) from t').message).toBe('A report cannot cast to GEOMETRY: it is not one of the types reports may use.');
  });
});
