import { sql, type Kysely } from 'kysely';

/**
 * Device cookies (issue 32): a failed sign-in made with a valid device cookie records the cookie's
 * nonce, so that device's failures lock out that device alone and do not slow the name down for
 * everyone (auth/device-cookies.ts). Null for clients without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table failed_logins add column device_nonce text;
    create index failed_logins_device_time_idx on failed_logins (device_nonce, attempted_at) where device_nonce is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index failed_logins_device_time_idx;
    alter table failed_logins drop column device_nonce;
  `.execute(db);
}
