import { sql, type Kysely } from 'kysely';

/** Users, roles, sessions, public forms and logs (issue 2). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table roles (name text primary key, description text not null);
    create table users (
      id serial primary key,
      username text not null,
      email text,
      password_hash text not null,
      first_name text, last_name text, company_name text,
      auid text,
      is_enabled boolean not null default true,
      email_confirmed boolean not null default false,
      created_at timestamptz not null default now(),
      last_login_at timestamptz
    );
    create unique index users_username_key on users (lower(username));
    create unique index users_auid_key on users (auid) where auid is not null;
    create table user_roles (
      user_id integer not null references users(id) on delete cascade,
      role text not null references roles(name),
      primary key (user_id, role)
    );
    create table sessions (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      issued_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index sessions_user_idx on sessions (user_id);
    create table failed_logins (
      id serial primary key,
      username text not null,
      attempted_at timestamptz not null default now()
    );
    create index failed_logins_user_time_idx on failed_logins (lower(username), attempted_at);
    create table contact_requests (
      id serial primary key,
      type text not null, first_name text not null, last_name text not null, company text not null,
      position text not null, email text not null, phone_number text not null, comments text not null,
      created_at timestamptz not null default now()
    );
    create table trial_access_log (
      id serial primary key,
      user_id integer references users(id) on delete set null,
      auid text, cusip text, referrer text, campaign text, medium text, price text,
      loss_severity text, delinquency text, index_rate text, settlement_date text,
      created_at timestamptz not null default now()
    );
    create table client_error_log (
      id serial primary key,
      user_id integer references users(id) on delete set null,
      level integer not null, message text not null, stacktrace text,
      created_at timestamptz not null default now()
    );
    create table app_settings (key text primary key, value text not null);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_settings, client_error_log, trial_access_log, contact_requests, failed_logins,
    sessions, user_roles, users, roles`.execute(db);
}
