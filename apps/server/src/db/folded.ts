import { sql, type RawBuilder } from 'kysely';

/**
 * The one case-insensitive rule for names: PostgreSQL's lower(), the function every case-insensitive
 * unique index uses (users, scenarios, vectors, portfolios, cashflows). JavaScript's toLowerCase folds
 * some letters differently ('İ' → 'i̇' with a combining dot where PostgreSQL gives 'i'; a final 'Σ'
 * → 'ς' where PostgreSQL gives 'σ'), so a duplicate check folded in JavaScript could miss a name the
 * index then refuses. Compare `lower(column)` with `folded(value)`, never with value.toLowerCase().
 */
export function folded(value: string): RawBuilder<string> {
  return sql<string>`lower(${value})`;
}
