/**
 * Bounded storage per user (issue 32 item 6): how many portfolios, scenarios, vectors, collateral
 * cashflows, custom deals and reports one user may keep (a report counts for the administrator who
 * created it, whoever edits it later). A save that would pass the quota answers 429
 * with a Message naming the quota and its variable, and stores nothing; an update of an existing
 * item is never counted.
 *
 * Race safety: the count and the insert run in one transaction after `lockQuota`, a transaction
 * advisory lock per (quota, owner). Two saves of one owner queue on it, and under READ COMMITTED
 * each statement after the lock reads what the other committed, so two saves at quota − 1 cannot
 * both pass. On the embedded database (one connection, one transaction at a time) the lock is
 * granted at once and the order is the connection's.
 */
import { USER_CASHFLOW_MAX_COUNT, USER_VECTOR_MAX_COUNT } from '@opencrt/contracts';
import { sql, type QueryExecutorProvider } from 'kysely';
import { TooManyRequests } from '../http/errors.ts';

export type QuotaKind = 'portfolios' | 'scenarios' | 'vectors' | 'cashflows' | 'customDeals' | 'reports';

interface QuotaRule {
  env: string;
  fallback: number;
  /** Highest value the variable accepts (for whole-list saves: what one request may carry). */
  ceiling: number;
  noun: string;
  /** The noun for one item ("You have 1 scenario"). */
  one: string;
  /** The variable's name before this quota became per user, still read when `env` is unset. */
  formerEnv?: string;
  /** Key of the advisory lock's first half: one lock space per quota. */
  lockKey: number;
}

/**
 * Defaults sized to the screens: a portfolio or scenario picker stays readable at a few hundred
 * names; a collateral cashflow is up to 721 periods × 10 columns (~100 kB), so 60 keeps the
 * /cashflows answer near 6 MB (the limit the contract had before it became configurable).
 */
export const QUOTA_RULES: Record<QuotaKind, QuotaRule> = {
  portfolios: { env: 'OPENCRT_MAX_PORTFOLIOS_PER_USER', fallback: 500, ceiling: 100_000, noun: 'portfolios', one: 'portfolio', lockKey: 3_201 },
  scenarios: { env: 'OPENCRT_MAX_SCENARIOS_PER_USER', fallback: 1_000, ceiling: 100_000, noun: 'scenarios', one: 'scenario', lockKey: 3_202 },
  vectors: { env: 'OPENCRT_MAX_VECTORS_PER_USER', fallback: 500, ceiling: USER_VECTOR_MAX_COUNT, noun: 'vectors', one: 'vector', lockKey: 3_203 },
  cashflows: { env: 'OPENCRT_MAX_CASHFLOWS_PER_USER', fallback: 60, ceiling: USER_CASHFLOW_MAX_COUNT, noun: 'collateral cashflows', one: 'collateral cashflow', lockKey: 3_204 },
  customDeals: { env: 'OPENCRT_MAX_CUSTOM_DEALS_PER_USER', fallback: 200, ceiling: 100_000, noun: 'custom deals', one: 'custom deal', lockKey: 3_205 },
  reports: { env: 'OPENCRT_MAX_REPORTS_PER_USER', formerEnv: 'OPENCRT_MAX_REPORTS', fallback: 200, ceiling: 100_000, noun: 'reports', one: 'report', lockKey: 3_206 },
};

export type QuotaConfig = Record<QuotaKind, number>;

/** The quotas from the environment; a value outside 1..ceiling stops the start with its name. */
export function loadQuotaConfig(env: NodeJS.ProcessEnv): QuotaConfig {
  const out = {} as QuotaConfig;
  for (const [kind, rule] of Object.entries(QUOTA_RULES) as [QuotaKind, QuotaRule][]) {
    const name = env[rule.env] === undefined && rule.formerEnv && env[rule.formerEnv] !== undefined ? rule.formerEnv : rule.env;
    const raw = env[name];
    const value = raw === undefined || raw === '' ? rule.fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > rule.ceiling) {
      throw new Error(`${name} must be a whole number from 1 to ${rule.ceiling}, got "${raw}"`);
    }
    out[kind] = value;
  }
  return out;
}

/**
 * The Message of a refused save: what the caller has, the quota and the variable that sets it.
 * @param have items stored now (for a whole-list save: the items sent)
 * @param adding new items the save would add (0 for a whole-list save)
 */
export function quotaMessage(kind: QuotaKind, limit: number, have: number, adding: number): string {
  const { env } = QUOTA_RULES[kind];
  const items = (n: number) => `${n} ${n === 1 ? QUOTA_RULES[kind].one : QUOTA_RULES[kind].noun}`;
  const keep = 'the most one user may keep';
  if (adding === 0) return `This save holds ${items(have)}; ${limit} is ${keep} (${env}). Remove some, then save.`;
  const whose = `You have ${items(have)}`;
  if (have === limit) return `${whose}, ${keep} (${env}). Delete some to save a new one.`;
  // The quota was lowered below what is stored: saves of new items wait until enough are deleted.
  if (have > limit) return `${whose}; ${limit} is ${keep} (${env}). Delete some to save a new one.`;
  return `${whose}; ${adding} more would pass ${limit}, ${keep} (${env}). Delete some, or save fewer.`;
}

/** Takes the (quota, owner) lock until the transaction ends; call first inside the save's transaction. */
export async function lockQuota(trx: QueryExecutorProvider, kind: QuotaKind, ownerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${QUOTA_RULES[kind].lockKey}::int4, ${ownerId}::int4)`.execute(trx);
}

/** Refuses (429) when `have + adding` passes `limit`. */
export function checkQuota(kind: QuotaKind, limit: number, have: number, adding: number): void {
  if (adding > 0 && have + adding > limit) throw new TooManyRequests(quotaMessage(kind, limit, have, adding));
}

/** Refuses (429) a whole-list save (vectors, cashflows: the list sent replaces the stored one) longer than `limit`. */
export function checkListQuota(kind: QuotaKind, limit: number, sent: number): void {
  if (sent > limit) throw new TooManyRequests(quotaMessage(kind, limit, sent, 0));
}
