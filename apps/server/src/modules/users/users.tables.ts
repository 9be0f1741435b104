/** Kysely types of the account tables (migration db/migrations/0007-accounts.ts). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type AccountCodePurpose = 'confirm_email' | 'reset_password';

export type AccountCodesTable = {
  id: Generated<number>;
  user_id: number;
  purpose: AccountCodePurpose;
  code_hash: string;
  /** The address a confirmation code was sent to (a later address change voids it). */
  email: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: Date | null;
  created_at: Generated<Date>;
};

export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Generated<Date>;
};

/** Read-only views of tables other modules own, for assignments. */
export type AssignmentViews = {
  deals: { deal_name: string };
  user_deals: { user_id: number; deal_name: string };
  scenarios: { id: Generated<number>; owner_id: number; scenario_name: string; deal_name: string | null; vendor: string | null; shared: Generated<boolean> };
  scenario_shares: { scenario_id: number; user_id: number };
};

// Type aliases (not interfaces) so they satisfy withTables' Record constraint.
export type AccountTables = { account_codes: AccountCodesTable; mail_outbox: MailOutboxTable } & AssignmentViews;
export type AccountsDb = Kysely<Database & AccountTables>;

/** The shared handle with the account tables (and the assignment views) added to its type. */
export function accountsDb(db: Db): AccountsDb {
  return db.withTables<AccountTables>();
}
