/**
 * PostgreSQL errors a client can cause, mapped to HTTP. Services check for duplicates before they
 * insert, but two requests at the same moment both pass the check and the second insert hits the
 * unique index (SQLSTATE 23505): that is a conflict the client can resolve, not a server failure.
 * Works for node-postgres and PGlite errors alike (both carry the SQLSTATE in `code`).
 */

/** Unique indexes by name → what the client is told when a concurrent request got there first. */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_username_key: 'This user name is already taken.',
  users_auid_key: 'This account already exists.',
  user_vectors_owner_name_key: 'A vector with this name already exists.',
  scenarios_owner_key: 'A scenario with this name, deal and vendor already exists.',
  portfolios_owner_name_key: 'A portfolio with this name already exists.',
  custom_deals_name_key: 'A custom deal with this name already exists.',
  user_coll_cashflows_label: 'A cashflow with this deal, month, scenario and vendor already exists.',
};

const GENERIC_DUPLICATE = 'This record already exists: another request saved it at the same time. Reload and try again.';

interface PgLikeError { code?: unknown; constraint?: unknown; severity?: unknown }

/** `{ status, message }` for a database error a client caused, or null for a real server failure. */
export function clientDatabaseError(error: unknown): { status: number; message: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as PgLikeError;
  if (typeof code !== 'string') return null;
  switch (code) {
    case '23505': {
      const message = typeof constraint === 'string' ? UNIQUE_MESSAGES[constraint] : undefined;
      return { status: 409, message: message ?? GENERIC_DUPLICATE };
    }
    // Deadlock or serialisation failure between two concurrent writers: retrying is safe.
    case '40P01':
    case '40001':
      return { status: 409, message: 'The data was changed by another request at the same time. Please try again.' };
    default:
      return null;
  }
}
