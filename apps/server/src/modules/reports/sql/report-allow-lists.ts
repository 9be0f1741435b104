/**
 * What a stored report's SQL may use. Everything not listed is refused with its name; the names
 * in REFUSED_* are refused with the reason, because they are how a report would escape (run SQL of
 * its own, change the session, read files, wait, lock, or look at other sessions).
 *
 * Adding a function: put it in the dialect's set below when it only computes a value from its
 * arguments (no catalog, file, setting, lock or other-session access), with a test that uses it.
 * Adding a relation on the application database: a view in REPORT_VIEWS (report-views.ts).
 */

/** Aggregates and window functions a report may use (PostgreSQL names). */
const POSTGRES_AGGREGATES = [
  'count', 'sum', 'avg', 'min', 'max', 'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp',
  'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every', 'percentile_cont', 'percentile_disc', 'mode',
  'corr', 'covar_pop', 'covar_samp', 'regr_slope', 'regr_intercept', 'regr_r2', 'regr_count',
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
];
const POSTGRES_MATH = [
  'abs', 'round', 'trunc', 'ceil', 'ceiling', 'floor', 'power', 'pow', 'sqrt', 'cbrt', 'exp', 'ln', 'log', 'log10', 'mod', 'sign', 'div',
  'greatest', 'least', 'width_bucket', 'scale', 'numeric', 'float8', 'int4', 'int8',
];
const POSTGRES_STRING = [
  'lower', 'upper', 'initcap', 'length', 'char_length', 'character_length', 'octet_length', 'substr', 'substring', 'btrim', 'ltrim', 'rtrim',
  'trim', 'lpad', 'rpad', 'concat', 'concat_ws', 'replace', 'left', 'right', 'position', 'strpos', 'split_part', 'reverse', 'translate',
  'format', 'to_char', 'to_number', 'regexp_replace', 'regexp_match', 'regexp_matches', 'regexp_split_to_array', 'like_escape',
  'similar_to_escape', 'starts_with', 'overlay', 'unnest', 'array_length', 'array_to_string', 'string_to_array', 'cardinality',
  'coalesce', 'nullif', 'jsonb_array_elements', 'jsonb_array_length', 'jsonb_typeof', 'jsonb_extract_path_text', 'json_extract_path_text',
];
const POSTGRES_DATE = [
  'date_trunc', 'date_part', 'extract', 'age', 'make_date', 'make_timestamp', 'make_interval', 'to_date', 'to_timestamp', 'justify_days',
  'justify_interval', 'isfinite', 'now', 'timezone', 'generate_series', 'date_bin', 'overlaps',
];

/** Functions a report may call on a PostgreSQL-protocol source (bare or pg_catalog-qualified). */
export const POSTGRES_FUNCTIONS: ReadonlySet<string> = new Set([...POSTGRES_AGGREGATES, ...POSTGRES_MATH, ...POSTGRES_STRING, ...POSTGRES_DATE]);

/** Refused PostgreSQL functions and why (a name prefix ends with '*'). */
export const REFUSED_POSTGRES_FUNCTIONS: readonly [string, string][] = [
  ['set_config', 'it changes the session\'s settings'],
  ['current_setting', 'it reads the server\'s settings'],
  ['query_to_xml*', 'it runs SQL of its own'],
  ['table_to_xml*', 'it reads a table outside the query'],
  ['cursor_to_xml*', 'it reads a cursor outside the query'],
  ['schema_to_xml*', 'it reads a schema outside the query'],
  ['database_to_xml*', 'it reads the database outside the query'],
  ['xpath*', 'XML queries are not allowed in reports'],
  ['xml*', 'XML functions are not allowed in reports'],
  ['pg_read_*', 'it reads server files'],
  ['pg_ls_*', 'it lists server files'],
  ['pg_stat_file', 'it reads server files'],
  ['lo_*', 'it reaches large objects'],
  ['dblink*', 'it connects to other databases'],
  ['pg_sleep*', 'it only waits'],
  ['pg_advisory_*', 'it takes locks that outlive the report'],
  ['pg_try_advisory_*', 'it takes locks that outlive the report'],
  ['pg_terminate_backend', 'it stops other sessions'],
  ['pg_cancel_backend', 'it stops other sessions'],
  ['pg_stat_*', 'it reads other sessions and server statistics'],
  ['pg_*', 'server functions are not allowed in reports'],
  ['has_*', 'it reads privileges'],
  ['version', 'it reads the server\'s version'],
  ['inet_*', 'it reads the server\'s network addresses'],
  ['txid_*', 'it reads transaction state'],
  ['nextval', 'it changes a sequence'],
  ['setval', 'it changes a sequence'],
  ['currval', 'it reads session state'],
  ['lastval', 'it reads session state'],
  ['repeat', 'it builds answers of any size'],
];

/** Type names a report may cast to (PostgreSQL internal names; arrays of them too). */
export const POSTGRES_TYPES: ReadonlySet<string> = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real', 'double precision',
  'text', 'varchar', 'bpchar', 'char', 'character', 'character varying', 'date', 'timestamp', 'timestamptz', 'time', 'timetz', 'interval',
  'bool', 'boolean', 'json', 'jsonb', 'money', 'uuid',
]);

/** Operators a report may use; the rest (many reach catalog or text-search internals) are refused. */
export const POSTGRES_OPERATORS: ReadonlySet<string> = new Set([
  '=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '^', '||', '~', '~*', '!~', '!~*', '~~', '~~*', '!~~', '!~~*',
  '->', '->>', '#>', '#>>', '@>', '<@', '?', '?|', '?&', '&&', '|/', '||/', '@',
]);

/** Date/time value functions (CURRENT_DATE and the like) a report may use; CURRENT_USER and the like are refused. */
export const POSTGRES_VALUE_FUNCTIONS: ReadonlySet<string> = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP', 'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP', 'SVFOP_LOCALTIMESTAMP_N',
]);

/** Schemas a report on an external PostgreSQL-protocol source may not read: the catalogs. */
export const POSTGRES_SYSTEM_SCHEMAS: ReadonlySet<string> = new Set(['pg_catalog', 'information_schema', 'pg_toast', 'pg_internal']);

/** MySQL / MariaDB functions a report may call (aggregates, arithmetic, string, date, casts). */
export const MYSQL_FUNCTIONS: ReadonlySet<string> = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'std', 'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp', 'group_concat',
  'bit_and', 'bit_or', 'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  'abs', 'round', 'truncate', 'ceil', 'ceiling', 'floor', 'pow', 'power', 'sqrt', 'exp', 'ln', 'log', 'log2', 'log10', 'mod', 'sign', 'greatest', 'least',
  'lower', 'upper', 'lcase', 'ucase', 'length', 'char_length', 'character_length', 'substr', 'substring', 'substring_index', 'trim', 'ltrim', 'rtrim',
  'lpad', 'rpad', 'concat', 'concat_ws', 'replace', 'left', 'right', 'locate', 'instr', 'position', 'format', 'reverse', 'field', 'elt',
  'date_format', 'str_to_date', 'date', 'time', 'year', 'quarter', 'month', 'week', 'day', 'dayofmonth', 'dayofweek', 'dayofyear', 'last_day',
  'date_add', 'date_sub', 'adddate', 'subdate', 'datediff', 'timestampdiff', 'timestampadd', 'makedate', 'extract', 'curdate', 'current_date',
  'now', 'current_timestamp', 'unix_timestamp', 'from_unixtime', 'ifnull', 'coalesce', 'nullif', 'if', 'isnull', 'cast', 'convert',
]);

/** Refused MySQL / MariaDB functions and why. */
export const REFUSED_MYSQL_FUNCTIONS: readonly [string, string][] = [
  ['load_file', 'it reads server files'],
  ['sleep', 'it only waits'],
  ['benchmark', 'it only burns time'],
  ['get_lock', 'it takes locks that outlive the report'],
  ['release_lock', 'it takes locks that outlive the report'],
  ['is_free_lock', 'it reads other sessions\' locks'],
  ['is_used_lock', 'it reads other sessions\' locks'],
  ['sys_*', 'it runs operating-system commands'],
  ['user', 'it reads the account'],
  ['current_user', 'it reads the account'],
  ['session_user', 'it reads the account'],
  ['system_user', 'it reads the account'],
  ['database', 'it reads the server\'s setup'],
  ['schema', 'it reads the server\'s setup'],
  ['version', 'it reads the server\'s version'],
  ['connection_id', 'it reads session state'],
  ['last_insert_id', 'it reads session state'],
  ['repeat', 'it builds answers of any size'],
  ['master_pos_wait', 'it only waits'],
  ['extractvalue', 'XML functions are not allowed in reports'],
  ['updatexml', 'XML functions are not allowed in reports'],
];

/** MySQL / MariaDB schemas a report may not read. */
export const MYSQL_SYSTEM_SCHEMAS: ReadonlySet<string> = new Set(['mysql', 'information_schema', 'performance_schema', 'sys']);

/** The reason a function is refused by name, or undefined when the list does not name it. */
export function refusalReason(list: readonly [string, string][], name: string): string | undefined {
  for (const [pattern, reason] of list) {
    if (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern) return reason;
  }
  return undefined;
}
