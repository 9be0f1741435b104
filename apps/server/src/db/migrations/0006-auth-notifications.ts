import { sql, type Kysely } from 'kysely';

/**
 * Auth-change notifications (issue 12): every API replica keeps sessions and roles in memory, so a
 * change to a user's enabled flag, password, name or roles, or to a session, must reach every
 * replica at once. Triggers send a NOTIFY on channel `opencrt_auth` when such a row changes, so
 * even code that forgets to call `ctx.authEvents` invalidates the caches. The payload names the
 * schema (several OpenCRT schemas may share a database) and the user or session concerned.
 * NOTIFY is transactional: a rolled-back change notifies nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One function per table: PL/pgSQL resolves record fields when it plans an expression, so a
    -- shared function naming both users.id and user_roles.user_id would fail on either table.
    create function opencrt_notify_auth_user() returns trigger language plpgsql as $$
    begin
      perform pg_notify('opencrt_auth', json_build_object('schema', tg_table_schema, 'user', old.id)::text);
      return null;
    end $$;

    create function opencrt_notify_auth_role() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform pg_notify('opencrt_auth', json_build_object('schema', tg_table_schema, 'user', old.user_id)::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('opencrt_auth', json_build_object('schema', tg_table_schema, 'user', new.user_id)::text);
      end if;
      return null;
    end $$;

    create function opencrt_notify_auth_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('opencrt_auth', json_build_object('schema', tg_table_schema, 'session', old.id)::text);
      return null;
    end $$;

    -- Sign-in updates last_login_at: that must not evict the user's other sessions.
    create trigger users_auth_changed after update on users for each row
      when (old.username is distinct from new.username or old.is_enabled is distinct from new.is_enabled
        or old.password_hash is distinct from new.password_hash)
      execute function opencrt_notify_auth_user();
    create trigger users_auth_deleted after delete on users for each row
      execute function opencrt_notify_auth_user();
    create trigger user_roles_auth_changed after insert or update or delete on user_roles for each row
      execute function opencrt_notify_auth_role();
    -- New sessions need no notice (a cache miss loads them); revocation, expiry changes and deletion do.
    create trigger sessions_auth_changed after update or delete on sessions for each row
      execute function opencrt_notify_auth_session();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger sessions_auth_changed on sessions;
    drop trigger user_roles_auth_changed on user_roles;
    drop trigger users_auth_deleted on users;
    drop trigger users_auth_changed on users;
    drop function opencrt_notify_auth_session();
    drop function opencrt_notify_auth_role();
    drop function opencrt_notify_auth_user();
  `.execute(db);
}
