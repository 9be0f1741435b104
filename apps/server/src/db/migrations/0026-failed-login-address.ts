import { sql, type Kysely } from 'kysely';

/**
 * Sign-in lockout per user name and client address (issue 26): a failed sign-in records the
 * address it came from, so failures from one address lock that address out of the name, not the
 * name's owner signing in from elsewhere. Rows from before have no address (they count toward the
 * name's slow-down only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table failed_logins add column client_address text;
    create index failed_logins_user_address_time_idx on failed_logins (lower(username), client_address, attempted_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index failed_logins_user_address_time_idx;
    alter table failed_logins drop column client_address;
  `.execute(db);
}
