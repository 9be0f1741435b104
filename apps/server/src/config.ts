import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadQuotaConfig, type QuotaConfig } from './quotas/storage-quotas.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Server configuration, from the environment (README "Configuration" lists every variable). */
export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data directory (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema (default public); tests use a fresh one per run. */
  databaseSchema: string | undefined;
  /** HS256 secret; when unset one is generated once and kept in the database. */
  jwtSecret: string | undefined;
  tokenLifetimeSeconds: number;
  webDist: string;
  environmentLabel: string;
  contactEmail: string;
  /** Failed sign-ins allowed per user name in `loginLockoutMinutes` before refusing. */
  maxFailedLogins: number;
  loginLockoutMinutes: number;
  /** Sign-in requests allowed per client address per minute (POST /oauth/token). */
  signInRequestsPerMinute: number;
  /**
   * Fastify `trustProxy` (TRUST_PROXY): unset = trust no proxy, so X-Forwarded-For cannot fake the
   * client address rate limits count by; "true", a hop count, or a comma-separated list of proxy
   * addresses/CIDRs when the server runs behind a reverse proxy.
   */
  trustProxy: boolean | number | string;
  repoRoot: string;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port, smtps://…); unset: mail goes to the outbox table. */
  smtpUrl: string | undefined;
  /** From address of outgoing mail. */
  mailFrom: string;
  /** Base address of the web app in e-mailed links (never taken from the request's Host header). */
  publicUrl: string;
  seedPasswords: { admin?: string | undefined; analyst?: string | undefined; user?: string | undefined };
  /** Seed demo content (vendor scenario sets…) on first start; OPENCRT_SEED_DEMO_DATA=false switches it off (API tests do). */
  seedDemoData: boolean;
  /** Stored SQL reports: external source URLs, per-run statement timeout and row cap. */
  reports: ReportsConfig;
  /** Operations: probes, metrics, time limits (README "Operations"). */
  ops: OpsConfig;
  /** Stored items per user (and stored reports): quotas/storage-quotas.ts. */
  quotas: QuotaConfig;
  /** The GSE loan-level store (README "Loan-level data"). */
  loanData: LoanDataConfig;
}

export interface LoanDataConfig {
  /** Where the Parquet files live (OPENCRT_LOAN_DATA): a directory (default DATA_DIR/loan-data) or an object-storage URL DuckDB reads (s3://bucket/prefix). */
  location: string;
  /** Local scratch space: DuckDB spill files, unzip pipes, uploads (DATA_DIR/loan-data-scratch). */
  scratchDir: string;
  /** DuckDB's memory limit (OPENCRT_LOAN_DATA_MEMORY, default 1GB); it spills to scratch beyond it. */
  memoryLimit: string;
}

export interface OpsConfig {
  /** A client must deliver its whole request (headers and body) within this (OPENCRT_REQUEST_TIMEOUT_MS, 60 s); 408 after. */
  requestTimeoutMs: number;
  /** Bearer token that lets non-loopback clients read /metrics (METRICS_TOKEN); unset: loopback only. */
  metricsToken: string | undefined;
  /** SIGTERM: how long in-flight requests (runs) may take to finish before the process exits anyway (OPENCRT_SHUTDOWN_GRACE_MS, 30 s). */
  shutdownGraceMs: number;
  /** Sign-in slow-down per user name under attack from many addresses: this much delay per failure over the limit (OPENCRT_LOGIN_SLOWDOWN_MS, 1 s; capped at 10 steps). */
  loginSlowdownMs: number;
  /** Warm the run workers up after start (runs/engine-warm-up.ts); OPENCRT_WARM_UP=false skips it. */
  warmUpEngine: boolean;
}

export interface ReportsConfig {
  /** Source 0 "MySQL": a mysql:// URL (MySQL or MariaDB); give it a read-only account. */
  mysqlUrl: string | undefined;
  /** Source 1 "RedShift": a postgres:// URL (Redshift and PostgreSQL speak the same protocol). */
  redshiftUrl: string | undefined;
  /** Source 2 on PostgreSQL: connect as this read-only login role instead of creating one (OPENCRT_REPORTS_DATABASE_URL; README "Reports"). */
  databaseUrl: string | undefined;
  timeoutSeconds: number;
  maxRows: number;
  /** Byte cap of an answer (the rows' JSON size; OPENCRT_REPORT_MAX_BYTES, 16 MiB): a larger answer is cut and says so. */
  maxBytes: number;
  /** Longest text of one cell (OPENCRT_REPORT_MAX_CELL_CHARS, 1 Mi characters): longer text is cut and the answer says so. */
  maxCellChars: number;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'));
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenLifetimeSeconds: intFrom(env.TOKEN_LIFETIME_SECONDS, 8 * 3600, 'TOKEN_LIFETIME_SECONDS'),
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    environmentLabel: env.OPENCRT_ENV_LABEL || 'DEMO',
    contactEmail: env.OPENCRT_CONTACT_EMAIL || 'contact@opencrt.example',
    maxFailedLogins: intFrom(env.OPENCRT_MAX_FAILED_LOGINS, 10, 'OPENCRT_MAX_FAILED_LOGINS'),
    loginLockoutMinutes: intFrom(env.OPENCRT_LOGIN_LOCKOUT_MINUTES, 15, 'OPENCRT_LOGIN_LOCKOUT_MINUTES'),
    signInRequestsPerMinute: intFrom(env.OPENCRT_SIGNIN_RATE_LIMIT, 30, 'OPENCRT_SIGNIN_RATE_LIMIT'),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    repoRoot,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'OpenCRT <no-reply@opencrt.example>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFrom(env.PORT, 8080, 'PORT')}`).replace(/\/+$/, ''),
    seedPasswords: {
      admin: env.OPENCRT_ADMIN_PASSWORD || undefined,
      analyst: env.OPENCRT_ANALYST_PASSWORD || undefined,
      user: env.OPENCRT_USER_PASSWORD || undefined,
    },
    seedDemoData: env.OPENCRT_SEED_DEMO_DATA !== 'false',
    reports: {
      mysqlUrl: env.OPENCRT_REPORTS_MYSQL_URL || undefined,
      redshiftUrl: env.OPENCRT_REPORTS_REDSHIFT_URL || undefined,
      timeoutSeconds: intFrom(env.OPENCRT_REPORT_TIMEOUT_SECONDS, 30, 'OPENCRT_REPORT_TIMEOUT_SECONDS'),
      maxRows: intFrom(env.OPENCRT_REPORT_MAX_ROWS, 10000, 'OPENCRT_REPORT_MAX_ROWS'),
      maxBytes: intFrom(env.OPENCRT_REPORT_MAX_BYTES, 16 * 1024 * 1024, 'OPENCRT_REPORT_MAX_BYTES'),
      maxCellChars: intFrom(env.OPENCRT_REPORT_MAX_CELL_CHARS, 1024 * 1024, 'OPENCRT_REPORT_MAX_CELL_CHARS'),
      databaseUrl: env.OPENCRT_REPORTS_DATABASE_URL || undefined,
    },
    ops: {
      requestTimeoutMs: intFrom(env.OPENCRT_REQUEST_TIMEOUT_MS, 60_000, 'OPENCRT_REQUEST_TIMEOUT_MS'),
      metricsToken: env.METRICS_TOKEN || undefined,
      shutdownGraceMs: intFrom(env.OPENCRT_SHUTDOWN_GRACE_MS, 30_000, 'OPENCRT_SHUTDOWN_GRACE_MS'),
      loginSlowdownMs: intFrom(env.OPENCRT_LOGIN_SLOWDOWN_MS, 1_000, 'OPENCRT_LOGIN_SLOWDOWN_MS'),
      warmUpEngine: env.OPENCRT_WARM_UP !== 'false',
    },
    quotas: loadQuotaConfig(env),
    loanData: {
      location: env.OPENCRT_LOAN_DATA || path.join(dataDir, 'loan-data'),
      scratchDir: path.join(dataDir, 'loan-data-scratch'),
      memoryLimit: env.OPENCRT_LOAN_DATA_MEMORY || '1GB',
    },
  };
}

function trustProxyFrom(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
