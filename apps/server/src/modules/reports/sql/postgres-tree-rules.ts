/**
 * The PostgreSQL parse-tree nodes a report may hold, with a rule for every field of each.
 *
 * libpg-query gives a node as `{Type: {field: …}}`. The walk (postgres-report-sql.ts) refuses a
 * node type missing here by its name, and a field missing from its type's rule by the node and
 * field names: nothing is skipped because nobody thought of it. A field is one of:
 *
 * - `scalar`: a string, number or boolean (enum values, flags, locations, names of aliases);
 * - `node`: a tagged node or a list of them (`{}` is an empty slot), walked with these rules;
 * - `{ struct: T }`: an untagged object holding the fields of T (libpg-query does not tag a field
 *   whose C type is a specific node, e.g. an Alias or a TypeName);
 * - `{ names: check }`: a list of String nodes naming a function, operator, type or collation,
 *   given to the check, which refuses what is not allowed;
 * - `{ refuse: message }`: a clause a report may never use.
 *
 * Fields of the analysed tree (xpr, collation and type ids) are absent from the raw parse tree
 * and therefore absent here: should one ever appear, it is refused too.
 */

export type NameCheck = 'function' | 'operator' | 'a_expr_name' | 'type' | 'collation';
export type FieldRule = 'scalar' | 'node' | { struct: string } | { names: NameCheck } | { refuse: string };
export interface NodeRule {
  fields: Readonly<Record<string, FieldRule>>;
  /** Fields walked before the others (a WITH clause, so its names are in scope for the rest). */
  first?: readonly string[];
}

const ALIAS = { struct: 'Alias' } as const;

export const POSTGRES_NODE_RULES: Readonly<Record<string, NodeRule>> = {
  SelectStmt: {
    first: ['withClause'],
    fields: {
      distinctClause: 'node', targetList: 'node', fromClause: 'node', whereClause: 'node', groupClause: 'node',
      groupDistinct: 'scalar', havingClause: 'node', windowClause: 'node', valuesLists: 'node', sortClause: 'node',
      limitOffset: 'node', limitCount: 'node', limitOption: 'scalar', withClause: { struct: 'WithClause' }, op: 'scalar', all: 'scalar',
      larg: { struct: 'SelectStmt' }, rarg: { struct: 'SelectStmt' },
      intoClause: { refuse: 'A report cannot use SELECT INTO: it creates a table.' },
      lockingClause: { refuse: 'A report cannot lock rows (FOR UPDATE / FOR SHARE).' },
    },
  },
  WithClause: { fields: { ctes: 'node', recursive: 'scalar', location: 'scalar' } },
  CommonTableExpr: {
    fields: {
      ctename: 'scalar', aliascolnames: 'node', ctematerialized: 'scalar', ctequery: 'node', location: 'scalar',
      search_clause: { refuse: 'A report cannot use SEARCH in a recursive WITH.' },
      cycle_clause: { refuse: 'A report cannot use CYCLE in a recursive WITH.' },
    },
  },
  ResTarget: { fields: { name: 'scalar', val: 'node', location: 'scalar' } },
  ColumnRef: { fields: { fields: 'node', location: 'scalar' } },
  A_Star: { fields: {} },
  A_Const: {
    fields: {
      ival: { struct: 'Integer' }, fval: { struct: 'Float' }, boolval: { struct: 'Boolean' }, sval: { struct: 'String' },
      bsval: { struct: 'BitString' }, isnull: 'scalar', location: 'scalar',
    },
  },
  String: { fields: { sval: 'scalar' } },
  Integer: { fields: { ival: 'scalar' } },
  Float: { fields: { fval: 'scalar' } },
  Boolean: { fields: { boolval: 'scalar' } },
  BitString: { fields: { bsval: 'scalar' } },
  A_Expr: {
    fields: {
      kind: 'scalar', name: { names: 'a_expr_name' }, lexpr: 'node', rexpr: 'node',
      rexpr_list_start: 'scalar', rexpr_list_end: 'scalar', location: 'scalar',
    },
  },
  BoolExpr: { fields: { boolop: 'scalar', args: 'node', location: 'scalar' } },
  NullTest: { fields: { arg: 'node', nulltesttype: 'scalar', argisrow: 'scalar', location: 'scalar' } },
  BooleanTest: { fields: { arg: 'node', booltesttype: 'scalar', location: 'scalar' } },
  FuncCall: {
    fields: {
      funcname: { names: 'function' }, args: 'node', agg_order: 'node', agg_filter: 'node', over: { struct: 'WindowDef' },
      agg_within_group: 'scalar', agg_star: 'scalar', agg_distinct: 'scalar', func_variadic: 'scalar', funcformat: 'scalar', location: 'scalar',
    },
  },
  NamedArgExpr: { fields: { arg: 'node', name: 'scalar', argnumber: 'scalar', location: 'scalar' } },
  TypeCast: { fields: { arg: 'node', typeName: { struct: 'TypeName' }, location: 'scalar' } },
  TypeName: {
    fields: {
      names: { names: 'type' }, typmods: 'node', typemod: 'scalar', arrayBounds: 'node', location: 'scalar',
      setof: { refuse: 'A report cannot use SETOF types.' }, pct_type: { refuse: 'A report cannot use %TYPE.' },
    },
  },
  RangeVar: { fields: { catalogname: 'scalar', schemaname: 'scalar', relname: 'scalar', inh: 'scalar', relpersistence: 'scalar', alias: ALIAS, location: 'scalar' } },
  Alias: { fields: { aliasname: 'scalar', colnames: 'node' } },
  RangeSubselect: { fields: { lateral: 'scalar', subquery: 'node', alias: ALIAS } },
  RangeFunction: { fields: { lateral: 'scalar', ordinality: 'scalar', is_rowsfrom: 'scalar', functions: 'node', alias: ALIAS } },
  JoinExpr: {
    fields: {
      jointype: 'scalar', isNatural: 'scalar', larg: 'node', rarg: 'node', usingClause: 'node', join_using_alias: ALIAS,
      quals: 'node', alias: ALIAS,
    },
  },
  SortBy: { fields: { node: 'node', sortby_dir: 'scalar', sortby_nulls: 'scalar', useOp: { names: 'operator' }, location: 'scalar' } },
  WindowDef: {
    fields: {
      name: 'scalar', refname: 'scalar', partitionClause: 'node', orderClause: 'node', frameOptions: 'scalar',
      startOffset: 'node', endOffset: 'node', location: 'scalar',
    },
  },
  CaseExpr: { fields: { arg: 'node', args: 'node', defresult: 'node', location: 'scalar' } },
  CaseWhen: { fields: { expr: 'node', result: 'node', location: 'scalar' } },
  CoalesceExpr: { fields: { args: 'node', location: 'scalar' } },
  MinMaxExpr: { fields: { op: 'scalar', args: 'node', location: 'scalar' } },
  SubLink: { fields: { subLinkType: 'scalar', testexpr: 'node', operName: { names: 'operator' }, subselect: 'node', location: 'scalar' } },
  ParamRef: { fields: { number: 'scalar', location: 'scalar' } },
  SQLValueFunction: { fields: { op: 'scalar', typmod: 'scalar', location: 'scalar' } },
  A_Indirection: { fields: { arg: 'node', indirection: 'node' } },
  A_Indices: { fields: { is_slice: 'scalar', lidx: 'node', uidx: 'node' } },
  A_ArrayExpr: { fields: { elements: 'node', list_start: 'scalar', list_end: 'scalar', location: 'scalar' } },
  RowExpr: { fields: { args: 'node', row_format: 'scalar', location: 'scalar' } },
  GroupingSet: { fields: { kind: 'scalar', content: 'node', location: 'scalar' } },
  GroupingFunc: { fields: { args: 'node', location: 'scalar' } },
  List: { fields: { items: 'node' } },
  CollateClause: { fields: { arg: 'node', collname: { names: 'collation' }, location: 'scalar' } },
};

/** A_Expr kinds a report may use; the name of each is an operator, but BETWEEN's is a keyword. */
export const POSTGRES_EXPR_KINDS: ReadonlySet<string> = new Set([
  'AEXPR_OP', 'AEXPR_OP_ANY', 'AEXPR_OP_ALL', 'AEXPR_DISTINCT', 'AEXPR_NOT_DISTINCT', 'AEXPR_NULLIF', 'AEXPR_IN',
  'AEXPR_LIKE', 'AEXPR_ILIKE', 'AEXPR_SIMILAR', 'AEXPR_BETWEEN', 'AEXPR_NOT_BETWEEN', 'AEXPR_BETWEEN_SYM', 'AEXPR_NOT_BETWEEN_SYM',
]);
export const POSTGRES_BETWEEN_NAMES: ReadonlySet<string> = new Set(['between', 'not between', 'between symmetric', 'not between symmetric']);
