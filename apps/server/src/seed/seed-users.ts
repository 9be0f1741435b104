import type { RoleName } from '@opencrt/contracts';
import { ROLE_NAMES } from '@opencrt/contracts';
import { sql } from 'kysely';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';

const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  Admin: 'Administration: users, reports, models, catalogue, sharing, exports',
  DocReader: 'Documentation pages',
  LDM_User: 'LoanDynamics models (2.2 and 3.0) and loan-level runs',
  AFT_User: 'AFT model and loan-level runs',
  Collateral_User: 'Collateral user',
  OnlineDeals_Creator: 'Create and edit custom (online) deals',
  Reports_Consumer: 'Stored reports',
  User: 'Default role',
};

export const DEMO_USERS: { username: 'admin' | 'analyst' | 'user'; roles: readonly RoleName[] }[] = [
  { username: 'admin', roles: ROLE_NAMES },
  { username: 'analyst', roles: ['User', 'LDM_User', 'AFT_User', 'DocReader', 'Reports_Consumer', 'OnlineDeals_Creator'] },
  { username: 'user', roles: ['User'] },
];

export interface SeededLogin {
  username: string;
  password: string;
  generated: boolean;
  /** The hash stored now (withdrawUnshownLogins unsets only a password still equal to it). */
  passwordHash: string;
}

/** Inserts the role list (idempotent). */
export async function seedRoles(db: Db): Promise<void> {
  await db
    .insertInto('roles')
    .values(ROLE_NAMES.map((name) => ({ name, description: ROLE_DESCRIPTIONS[name] })))
    .onConflict((oc) => oc.column('name').doUpdateSet({ description: sql`excluded.description` }))
    .execute();
}

/**
 * The password hash of a demo user whose generated password was never shown (the server failed
 * to listen before printing it, issue 32 §8c). It verifies no password; the next start gives the
 * user a new one and prints it.
 */
export const PASSWORD_NOT_SHOWN = 'unset:demo-password-not-shown';

/**
 * Creates the demo users on first start only (and gives a new password to one whose password was
 * never shown). Passwords come from the environment when given, otherwise they are generated and
 * returned so the caller prints them once (never a fixed default).
 */
export async function seedDemoUsers(
  db: Db,
  passwords: Partial<Record<'admin' | 'analyst' | 'user', string | undefined>>,
): Promise<SeededLogin[]> {
  const created: SeededLogin[] = [];
  for (const demo of DEMO_USERS) {
    const exists = await db.selectFrom('users').select(['id', 'password_hash']).where(sql`lower(username)`, '=', demo.username).executeTakeFirst();
    if (exists && exists.password_hash !== PASSWORD_NOT_SHOWN) continue;
    const given = passwords[demo.username];
    const password = given ?? generatePassword();
    const passwordHash = await hashPassword(password);
    if (exists) {
      // Only while still unshown: a password set meanwhile (a reset link) stays.
      await db.updateTable('users').set({ password_hash: passwordHash })
        .where('id', '=', exists.id).where('password_hash', '=', PASSWORD_NOT_SHOWN).execute();
    } else {
      await db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({ username: demo.username, password_hash: passwordHash, email: `${demo.username}@opencrt.example`, email_confirmed: true })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('user_roles').values(demo.roles.map((role) => ({ user_id: user.id, role }))).execute();
      });
    }
    created.push({ username: demo.username, password, generated: given === undefined, passwordHash });
  }
  return created;
}

/**
 * Takes back generated passwords that were never shown (the server could not listen, so it never
 * printed them): those users' passwords are unset, and the next start makes and prints new ones.
 * A password changed since (by nobody, as nothing listened; but a replica could) is left alone.
 */
export async function withdrawUnshownLogins(db: Db, logins: readonly SeededLogin[]): Promise<void> {
  for (const login of logins.filter((l) => l.generated)) {
    await db.updateTable('users').set({ password_hash: PASSWORD_NOT_SHOWN })
      .where(sql`lower(username)`, '=', login.username).where('password_hash', '=', login.passwordHash).execute();
  }
}

/**
 * The start-up lines about logins created now. A generated password is shown (once: it exists
 * nowhere else); one the operator chose through OPENCRT_*_PASSWORD is never printed, since console
 * output ends up in logs that more people can read than the environment.
 */
export function seededLoginLines(logins: readonly Omit<SeededLogin, 'passwordHash'>[]): string[] {
  if (!logins.length) return [];
  const lines = ['Demo logins created on this first start (generated passwords are shown once; set OPENCRT_*_PASSWORD to choose them):'];
  for (const login of logins) {
    const envName = `OPENCRT_${login.username.toUpperCase()}_PASSWORD`;
    lines.push(`  ${login.username.padEnd(8)} ${login.generated ? login.password : `(password from ${envName})`}`);
  }
  return lines;
}
