import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely table types. Each later issue adds its tables here next to its migration
 * (one interface per table, registered in `Database`).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  auid: string | null;
  is_enabled: Generated<boolean>;
  email_confirmed: Generated<boolean>;
  created_at: Generated<Date>;
  last_login_at: Date | null;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface RolesTable {
  name: string;
  description: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  issued_at: ColumnType<Date, Date | string, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  revoked_at: Date | null;
}

export interface FailedLoginsTable {
  id: Generated<number>;
  username: string;
  attempted_at: Generated<Date>;
  /** The client address the attempt came from (migration 0026; null on older rows). */
  client_address: string | null;
  /** The nonce of the valid device cookie the attempt carried (migration 0028; null without one). */
  device_nonce: string | null;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  type: string;
  first_name: string;
  last_name: string;
  company: string;
  position: string;
  email: string;
  phone_number: string;
  comments: string;
  created_at: Generated<Date>;
}

export interface TrialAccessLogTable {
  id: Generated<number>;
  user_id: number | null;
  auid: string | null;
  cusip: string | null;
  referrer: string | null;
  campaign: string | null;
  medium: string | null;
  price: string | null;
  loss_severity: string | null;
  delinquency: string | null;
  index_rate: string | null;
  settlement_date: string | null;
  created_at: Generated<Date>;
}

export interface ClientErrorLogTable {
  id: Generated<number>;
  user_id: number | null;
  level: number;
  message: string;
  stacktrace: string | null;
  created_at: Generated<Date>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  roles: RolesTable;
  sessions: SessionsTable;
  failed_logins: FailedLoginsTable;
  contact_requests: ContactRequestsTable;
  trial_access_log: TrialAccessLogTable;
  client_error_log: ClientErrorLogTable;
  app_settings: AppSettingsTable;
}
