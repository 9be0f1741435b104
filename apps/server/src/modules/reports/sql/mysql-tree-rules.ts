/**
 * The shapes of node-sql-parser's MariaDB tree a report may hold, with a rule for every key.
 *
 * That tree has no uniform tagging: an expression is an object with a `type`, but a FROM item,
 * an ORDER BY item or a window is an untagged object whose meaning comes from where it stands
 * (and an ORDER BY item's `type` is its direction). So a node here is a *shape*: the walk
 * (mysql-report-sql.ts) knows the shape each key leads to, and refuses a key a shape has no rule
 * for, an expression type missing from MYSQL_EXPRESSIONS (by its name), and any value whose form
 * is not the one its rule names. Nothing is skipped.
 *
 * A rule is a string: `scalar` (string, number, boolean), `expr` (an expression or subquery),
 * a shape's name, or `never` (a key whose presence with a value is refused); `[]` after it means
 * a list of them, `?` that null/absent is allowed too (`x?[]`: a list whose items may be null).
 * Five rules are read by the walk itself because their value takes more than one form: `from`
 * (a list of from_item, or one parenthesised_join), `from_expr` (a subquery, VALUES, or the list
 * of a parenthesised join), `paren` (true, or a parentheses_count), `ident` (a name, or a `quoted` name as {type, value}) and `suffix` (CONVERT's `USING charset` text, or a literal_suffix).
 * The key `loc` (a source position) may stand anywhere and is not walked.
 */

export type ShapeRules = Readonly<Record<string, string>>;

/** Keys every expression may carry: its type, its parentheses, a LIKE's ESCAPE, a literal's COLLATE or a CONVERT's USING. */
export const EXPRESSION_COMMON: ShapeRules = { type: 'scalar', parentheses: 'scalar?', escape: 'escape?', suffix: 'suffix?' };

/** Expression types (the `type` key) a report may use, with the rules of their other keys. */
export const MYSQL_EXPRESSIONS: Readonly<Record<string, ShapeRules>> = {
  column_ref: { db: 'ident?', table: 'ident?', column: 'ident', collate: 'collate?' },
  number: { value: 'scalar' },
  bigint: { value: 'scalar' },
  single_quote_string: { value: 'scalar', prefix: 'scalar?' },
  double_quote_string: { value: 'scalar', prefix: 'scalar?' },
  natural_string: { value: 'scalar' },
  hex_string: { value: 'scalar', prefix: 'scalar?' },
  full_hex_string: { value: 'scalar', prefix: 'scalar?' },
  bit_string: { value: 'scalar', prefix: 'scalar?' },
  bool: { value: 'scalar' },
  null: { value: 'scalar?' },
  date: { value: 'scalar' },
  time: { value: 'scalar' },
  timestamp: { value: 'scalar' },
  datetime: { value: 'scalar' },
  star: { value: 'scalar' },
  binary_expr: { operator: 'scalar', left: 'expr', right: 'expr' },
  unary_expr: { operator: 'scalar', expr: 'expr' },
  function: { name: 'function_name', args: 'expr?', over: 'over?' },
  aggr_func: { name: 'scalar', args: 'aggregate_args', over: 'over?' },
  cast: { keyword: 'scalar', expr: 'expr', symbol: 'scalar', target: 'cast_target[]' },
  datatype: { dataType: 'scalar', length: 'scalar?', scale: 'scalar?', parentheses: 'scalar?' },
  case: { expr: 'expr?', args: 'case_branch[]' },
  interval: { expr: 'expr', unit: 'scalar' },
  expr_list: { value: 'expr[]', prefix: 'scalar?' },
  extract: { args: 'extract_args' },
  origin: { value: 'scalar' },
};

/** Untagged shapes, by the name a rule gives them. */
export const MYSQL_SHAPES: Readonly<Record<string, ShapeRules>> = {
  select: {
    with: 'cte[]?', type: 'scalar', options: 'scalar[]?', distinct: 'scalar?', columns: 'column[]', into: 'into?',
    from: 'from?', where: 'expr?', groupby: 'group_by?', having: 'expr?', orderby: 'order_item[]?', collate: 'collate?',
    limit: 'limit?', locking_read: 'never?', window: 'never?', _next: 'select?', set_op: 'scalar?',
    _orderby: 'order_item[]?', _limit: 'limit?', parentheses_symbol: 'scalar?', parentheses: 'scalar?',
  },
  /** A subquery: where an expression or a FROM item stands, node-sql-parser wraps the statement. */
  subquery: { tableList: 'scalar[]?', columnList: 'scalar[]?', ast: 'select', parentheses: 'scalar?' },
  into: { position: 'never?' },
  cte: { name: 'name', stmt: 'subquery', columns: 'expr[]?', recursive: 'scalar?' },
  name: { type: 'scalar', value: 'scalar' },
  column: { expr: 'expr', as: 'scalar?' },
  /** A table, a derived table, VALUES, DUAL, or a parenthesised join (`expr` is then a list of these). */
  from_item: {
    db: 'scalar?', table: 'scalar?', as: 'scalar?', type: 'scalar?', expr: 'from_expr?', parentheses: 'paren?', joins: 'from_item[]?',
    join: 'scalar?', on: 'expr?', using: 'name[]?', prefix: 'scalar?',
  },
  parenthesised_join: { expr: 'from_item[]', parentheses: 'paren?', joins: 'from_item[]?' },
  parentheses_count: { length: 'scalar' },
  values: { type: 'scalar', values: 'expr[]', parentheses: 'scalar?' },
  group_by: { columns: 'expr[]?', modifiers: 'expr?[]?' },
  order_item: { expr: 'expr', type: 'scalar?', nulls: 'scalar?' },
  limit: { seperator: 'scalar?', value: 'expr[]' },
  collate: { type: 'scalar', keyword: 'scalar', collate: 'collation' },
  collation: { name: 'scalar', symbol: 'scalar?' },
  escape: { type: 'scalar', value: 'expr' },
  function_name: { name: 'name[]', schema: 'never?' },
  aggregate_args: { expr: 'expr', distinct: 'scalar?', orderby: 'order_item[]?', separator: 'separator?', parentheses: 'scalar?' },
  separator: { keyword: 'scalar?', value: 'expr' },
  over: { type: 'scalar', as_window_specification: 'window_ref' },
  window_ref: { window_specification: 'window_specification', parentheses: 'scalar?' },
  window_specification: { name: 'scalar?', partitionby: 'column[]?', orderby: 'order_item[]?', window_frame_clause: 'expr?' },
  case_branch: { type: 'scalar', cond: 'expr?', result: 'expr' },
  cast_target: { dataType: 'scalar', length: 'scalar?', scale: 'scalar?', parentheses: 'scalar?', suffix: 'name[]?' },
  extract_args: { field: 'scalar', source: 'expr', cast_type: 'scalar?' },
  literal_suffix: { collate: 'collate' },
};

/** Operators of binary_expr a report may use (upper case). */
export const MYSQL_BINARY_OPERATORS: ReadonlySet<string> = new Set([
  '=', '<>', '!=', '<', '>', '<=', '>=', '<=>', '+', '-', '*', '/', '%', 'DIV', 'MOD', '||', '&&', 'AND', 'OR', 'XOR',
  '&', '|', '^', '<<', '>>', 'IS', 'IS NOT', 'IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN', 'LIKE', 'NOT LIKE',
  'REGEXP', 'NOT REGEXP', 'RLIKE', 'NOT RLIKE',
]);

/** Operators of unary_expr a report may use (upper case). */
export const MYSQL_UNARY_OPERATORS: ReadonlySet<string> = new Set(['NOT', '-', '+', '!', '~', 'EXISTS', 'NOT EXISTS']);

/** Types a report may cast or convert to (the first word, upper case). */
export const MYSQL_CAST_TYPES: ReadonlySet<string> = new Set([
  'CHAR', 'VARCHAR', 'NCHAR', 'BINARY', 'DATE', 'DATETIME', 'TIME', 'TIMESTAMP', 'DECIMAL', 'NUMERIC', 'SIGNED', 'UNSIGNED',
  'INTEGER', 'INT', 'DOUBLE', 'FLOAT', 'REAL', 'JSON',
]);

/** Keyword values an `origin` node may hold (trim's LEADING, a window frame's CURRENT ROW, ...); `?` only in the text we wrote. */
export const MYSQL_ORIGIN_VALUE = /^[A-Za-z_]+( [A-Za-z_]+)*$/;
