import type { BindValue } from '@opencrt/contracts';

export { NOT_ONE_SELECT, ReportSqlError } from '@opencrt/contracts';

/** Which relations a report may read: the report views (application database) or any but the system catalogs (external sources). */
export type RelationRule = { kind: 'views'; views: ReadonlySet<string> } | { kind: 'external' };

/** A checked statement, ready for its source: the exact text that was checked, and the values bound to its placeholders. */
export interface CheckedStatement { text: string; values: BindValue[] }

/**
 * The property a refusal of the tree walk carries: the `Type.field` (PostgreSQL) or `shape.key`
 * (MariaDB) steps from the statement to what was refused. Tests read it to prove where a refused
 * call stood; messages never show it.
 */
export const TREE_PATH = 'treePath';

/** The walk's steps to what it refused, when the error came from the tree walk. */
export function treePathOf(error: unknown): readonly string[] | undefined {
  return error instanceof Error ? (error as Error & { [TREE_PATH]?: string[] })[TREE_PATH] : undefined;
}
