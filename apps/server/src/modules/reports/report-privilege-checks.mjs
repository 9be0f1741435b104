// What the account a report source runs as may do, read from the database itself before reports
// run on it (report-client-worker.mjs; verdicts cached by report-privileges.ts). The SQL check is a
// second line: the database's own privileges are the boundary, so an account that could read server
// files, other sessions, settings or the application's secrets is refused outright. Each function
// answers the first problem found as a phrase ("is a superuser"), or null. Plain JavaScript: it runs
// in the report thread.

/** PostgreSQL's predefined roles that reach beyond the data a report should see. */
export const DANGEROUS_POSTGRES_ROLES = [
  'pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program', 'pg_signal_backend',
  'pg_read_all_settings', 'pg_read_all_stats', 'pg_monitor', 'pg_read_all_data',
];

/** The application's tables with secrets (JWT key, password hashes, sessions). */
export const APPLICATION_TABLES = ['app_settings', 'users', 'sessions'];

/** SQLSTATEs of a catalog Redshift does not have (it has no predefined roles, no pg_has_role). */
const MISSING_CATALOG = new Set(['42883', '42P01', '42704']);

/**
 * A PostgreSQL or Redshift account (node-postgres client, connected): superuser and role
 * attributes, membership (direct or inherited: pg_has_role MEMBER) of the predefined roles above,
 * CREATE on any database or schema, SELECT on the application's secret tables.
 */
export async function postgresPrivilegeProblem(client) {
  const me = (await client.query('select usename, usesuper from pg_user where usename = current_user')).rows[0];
  if (!me) return 'could not be found in pg_user';
  if (me.usesuper) return 'is a superuser';
  try {
    const attrs = (await client.query('select rolcreaterole, rolbypassrls, rolreplication from pg_roles where rolname = current_user')).rows[0];
    if (attrs?.rolcreaterole) return 'has CREATEROLE (it could grant itself any role)';
    if (attrs?.rolbypassrls) return 'has BYPASSRLS';
    if (attrs?.rolreplication) return 'has REPLICATION';
    const roles = await client.query(
      "select rolname from pg_roles where rolname = any($1) and pg_has_role(current_user, oid, 'MEMBER') order by rolname",
      [DANGEROUS_POSTGRES_ROLES]);
    if (roles.rows.length > 0) return `is a member of ${roles.rows[0].rolname}`;
  } catch (error) {
    if (!MISSING_CATALOG.has(error?.code)) throw error;
  }
  const database = await client.query("select datname from pg_database where datallowconn and has_database_privilege(datname, 'CREATE') order by datname limit 1");
  if (database.rows.length > 0) return `has CREATE on database ${database.rows[0].datname}`;
  const schema = await client.query(`select nspname from pg_namespace
    where nspname !~ '^pg_(toast_)?temp_' and has_schema_privilege(oid, 'CREATE') order by nspname limit 1`);
  if (schema.rows.length > 0) return `has CREATE on schema ${schema.rows[0].nspname}`;
  // The application's schema is the one with an app_settings table; views elsewhere (such as the
  // report views' users, id and user name only) are not its tables.
  const secrets = await client.query(`select n.nspname, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
      and exists (select 1 from pg_class a where a.relnamespace = n.oid and a.relname = 'app_settings' and a.relkind in ('r', 'p'))
      and has_any_column_privilege(c.oid, 'SELECT')
    order by n.nspname, c.relname limit 1`, [APPLICATION_TABLES]);
  if (secrets.rows.length > 0) return `can read the application's table ${secrets.rows[0].nspname}.${secrets.rows[0].relname}`;
  return null;
}

/** Privileges a report account may hold on a database or table: reading, nothing else. */
const READ_PRIVILEGES = new Set(['SELECT', 'SHOW VIEW', 'USAGE']);
/** Schemas a report account must hold nothing on (accounts, other sessions' statements). */
const SYSTEM_SCHEMAS = new Set(['mysql', 'performance_schema', 'sys']);

/**
 * A MariaDB / MySQL account (mysql2 connection): every line of SHOW GRANTS, and of SHOW GRANTS FOR
 * each role granted to it (nested roles too): no global privilege but USAGE (so no FILE, PROCESS,
 * SUPER), nothing on the mysql, performance_schema or sys schemas, no GRANT OPTION or PROXY, only
 * SELECT / SHOW VIEW on data; and no readable app_settings table.
 */
export async function mysqlPrivilegeProblem(conn) {
  const seen = new Set();
  const queue = [null];
  while (queue.length > 0) {
    const role = queue.shift();
    // A role is named as the server wrote it in the grant line (quoted, with a host on MySQL 8).
    const [rows] = await conn.query(role === null ? 'show grants' : `show grants for ${role}`);
    for (const row of rows) {
      const line = String(Object.values(row)[0] ?? '');
      const grant = parseMysqlGrant(line);
      if (!grant) continue;
      if (grant.role !== undefined) {
        if (!seen.has(grant.role)) { seen.add(grant.role); queue.push(grant.role); }
        continue;
      }
      const problem = mysqlGrantProblem(grant);
      // MariaDB lists the active role's grants with the account's own (the grantee is the role).
      const through = grant.granteeRole ?? (role === null ? null : unquote(role.split('@')[0] ?? role));
      if (problem) return through === null ? problem : `${problem} (through the role ${through})`;
    }
  }
  const [secrets] = await conn.query("select table_schema as s, table_name as t from information_schema.tables where table_name = 'app_settings' limit 1");
  if (secrets.length > 0) return `can read the application's table ${secrets[0].s}.${secrets[0].t}`;
  return null;
}

/** The problem with one privilege grant, or null. */
export function mysqlGrantProblem(grant) {
  if (grant.proxy) return 'has a PROXY grant';
  const global = grant.schema === '*';
  for (const privilege of grant.privileges) {
    if (global && privilege !== 'USAGE') return `has the global privilege ${privilege} (ON *.*)`;
    if (!global && SYSTEM_SCHEMAS.has(grant.schema.toLowerCase()) && privilege !== 'USAGE') return `has ${privilege} on the ${grant.schema} schema`;
    if (!READ_PRIVILEGES.has(privilege)) return `has ${privilege} on ${grant.on} (a report account needs SELECT only)`;
  }
  if (grant.grantOption) return `may grant its privileges to others (WITH GRANT OPTION on ${grant.on})`;
  return null;
}

/**
 * One line of SHOW GRANTS as { privileges, on, schema, grantOption, proxy, granteeRole } or { role }, or null
 * for lines that grant nothing (SET DEFAULT ROLE). The lines are the server's own canonical text:
 * GRANT <privilege[(columns)], ...> ON [TABLE|FUNCTION|PROCEDURE|PACKAGE] <level> TO <grantee> …
 * or GRANT <role> TO <grantee>. Quoted names (`…`, '…', "…") are read as one token.
 */
export function parseMysqlGrant(line) {
  const tokens = tokenizeGrant(line);
  if (tokens.length === 0 || tokens[0].toUpperCase() !== 'GRANT') return null;
  const upper = tokens.map((t) => t.toUpperCase());
  const onAt = upper.indexOf('ON');
  const toAt = upper.indexOf('TO');
  if (toAt < 0) throw new Error(`unreadable grant: ${line}`);
  const grantOption = /\bWITH\b.*\bGRANT\s+OPTION\b/i.test(tokens.slice(toAt).join(' '));
  // A grantee without @host is a role (MariaDB).
  const granteeRole = tokens[toAt + 2] === '@' || tokens[toAt + 1] === undefined ? null : unquote(tokens[toAt + 1]);
  if (onAt < 0 || onAt > toAt) {
    // GRANT role TO grantee: the role as the server quoted it (MySQL 8 adds @host).
    return { role: tokens.slice(1, toAt).join('') };
  }
  const privilegeText = tokens.slice(1, onAt);
  if (privilegeText.length === 1 && privilegeText[0].toUpperCase() === 'PROXY') return { privileges: ['PROXY'], on: tokens.slice(onAt + 1, toAt).join(''), schema: '', grantOption, proxy: true, granteeRole };
  const privileges = [];
  let current = [];
  let depth = 0;
  for (const token of privilegeText) {
    if (token === '(') depth++;
    else if (token === ')') depth--;
    else if (token === ',' && depth === 0) { privileges.push(current.join(' ')); current = []; }
    else if (depth === 0) current.push(token.toUpperCase());
  }
  if (current.length) privileges.push(current.join(' '));
  let level = tokens.slice(onAt + 1, toAt);
  if (level.length > 1 && ['TABLE', 'FUNCTION', 'PROCEDURE', 'PACKAGE', 'PACKAGE BODY'].includes(level[0].toUpperCase())) level = level.slice(1);
  if (level[0]?.toUpperCase() === 'BODY') level = level.slice(1);
  const on = level.join('');
  const schema = level[0] === '*' ? '*' : unquote(level[0] ?? '');
  return { privileges: privileges.map((p) => (p === 'ALL' ? 'ALL PRIVILEGES' : p)), on, schema, grantOption, proxy: false, granteeRole };
}

/** Words, quoted names and the punctuation ( ) , . * @ of a GRANT line. */
function tokenizeGrant(line) {
  const tokens = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === '`' || c === "'" || c === '"') {
      let j = i + 1;
      let text = c;
      while (j < line.length) {
        if (line[j] === c && line[j + 1] === c) { text += c + c; j += 2; continue; }
        if (line[j] === '\\' && c !== '`') { text += line[j] + (line[j + 1] ?? ''); j += 2; continue; }
        if (line[j] === c) break;
        text += line[j++];
      }
      tokens.push(text + c);
      i = j + 1;
      continue;
    }
    if ('(),.*@'.includes(c)) { tokens.push(c); i++; continue; }
    let j = i;
    while (j < line.length && !/\s/.test(line[j]) && !'(),.*@`\'"'.includes(line[j])) j++;
    tokens.push(line.slice(i, j));
    i = j;
  }
  return tokens;
}

function unquote(token) {
  const q = token[0];
  if ((q === '`' || q === "'" || q === '"') && token.endsWith(q) && token.length >= 2) return token.slice(1, -1).replaceAll(q + q, q);
  return token;
}
