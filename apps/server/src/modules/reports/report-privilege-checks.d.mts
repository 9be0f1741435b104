// Types of report-privilege-checks.mjs (plain JavaScript: it runs in the report thread).
export declare const DANGEROUS_POSTGRES_ROLES: readonly string[];
export declare const APPLICATION_TABLES: readonly string[];
export interface MysqlPrivilegeGrant {
  privileges: string[]; on: string; schema: string; grantOption: boolean; proxy: boolean;
  /** The grantee when it is a role (no @host), else null. */
  granteeRole: string | null;
}
/** `role`: the role as the server quoted it in the line. */
export declare function parseMysqlGrant(line: string): MysqlPrivilegeGrant | { role: string } | null;
export declare function mysqlGrantProblem(grant: MysqlPrivilegeGrant): string | null;
export declare function postgresPrivilegeProblem(client: unknown): Promise<string | null>;
export declare function mysqlPrivilegeProblem(conn: unknown): Promise<string | null>;
