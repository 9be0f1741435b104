import type { BindValue } from '@opencrt/contracts';

export { NOT_ONE_SELECT, ReportSqlError } from '@opencrt/contracts';

/** Which relations a report may read: the report views (application database) or any but the system catalogs (external sources). */
export type RelationRule = { kind: 'views'; views: ReadonlySet<string> } | { kind: 'external' };

/** A checked statement, ready for its source: the exact text that was checked, and the values bound to its placeholders. */
export interface CheckedStatement { text: string; values: BindValue[] }
