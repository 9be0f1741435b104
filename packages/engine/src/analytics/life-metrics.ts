import { type DateInput, years30360 } from './day-count.ts';

/**
 * One period of a bond's amortization: principal paid (cash) and net write-down (write-down less
 * write-up, no cash), dollars. `date` is needed only by the date-based WAL.
 */
export interface AmortizationPeriod {
  period: number;
  date?: DateInput;
  principal: number;
  writeDown?: number;
}

/** WAL switches. */
export interface WalOptions {
  /**
   * Count only cash principal as balance reduction. Default false: principal plus write-downs,
   * the convention of the offering-document WAL tables (STACR PPM).
   */
  cashOnly?: boolean;
}

/** Time clock of the STACR PPM WAL tables: t(n) = (30n + offsetDays)/360 years (DNA1: offset 8). */
export function thirtyDayClock(offsetDays: number): (period: number) => number {
  return (period) => (30 * period + offsetDays) / 360;
}

function reduction(p: AmortizationPeriod, cashOnly: boolean): number {
  // A net write-up (negative write-down) does not lengthen the life: only reductions count.
  return p.principal + (cashOnly ? 0 : Math.max(0, p.writeDown ?? 0));
}

/**
 * Weighted average life in years = Σ τ_k·ΔBal_k / Σ ΔBal_k with τ_k = `timeOfPeriod(period_k)`
 * (years) and ΔBal_k = principal (+ write-down unless `cashOnly`). Null when nothing reduces the
 * balance (the caller shows '-----' or 0).
 */
export function weightedAverageLife(periods: readonly AmortizationPeriod[], timeOfPeriod: (period: number) => number, options: WalOptions = {}): number | null {
  let weighted = 0;
  let total = 0;
  for (const p of periods) {
    const r = reduction(p, options.cashOnly ?? false);
    if (r <= 0) continue;
    weighted += timeOfPeriod(p.period) * r;
    total += r;
  }
  return total > 0 ? weighted / total : null;
}

/**
 * WAL with τ_k = 30/360 years from `from` (settlement, or closing for offering-document tables)
 * to each period's `date`. Throws RangeError when a reducing period has no date (a caller bug).
 */
export function weightedAverageLifeFromDates(periods: readonly AmortizationPeriod[], from: DateInput, options: WalOptions = {}): number | null {
  const byPeriod = new Map<number, DateInput>();
  for (const p of periods) if (p.date !== undefined) byPeriod.set(p.period, p.date);
  return weightedAverageLife(
    periods,
    (n) => {
      const date = byPeriod.get(n);
      if (date === undefined) throw new RangeError(`Period ${n} has no payment date`);
      return years30360(from, date);
    },
    options,
  );
}

/**
 * First and last period that reduces the balance ("1-37"), with the WAL's convention: principal
 * plus write-downs (the STACR PPM tables), or principal only with `cashOnly`. So a class reduced
 * only by write-downs has a window, and the window always brackets the periods its WAL weighs.
 * Null when nothing reduces the balance.
 */
export function principalWindow(periods: readonly AmortizationPeriod[], options: WalOptions = {}): { first: number; last: number } | null {
  let first: number | null = null;
  let last = 0;
  for (const p of periods) {
    if (reduction(p, options.cashOnly ?? false) > 0) {
      first ??= p.period;
      last = p.period;
    }
  }
  return first === null ? null : { first, last };
}

/** Cumulative net write-downs as a percent (0–100) of the original balance; null when that balance is not positive. */
export function writeDownPct(periods: readonly AmortizationPeriod[], originalBalance: number): number | null {
  if (!(originalBalance > 0)) return null;
  const total = periods.reduce((s, p) => s + (p.writeDown ?? 0), 0);
  return (100 * total) / originalBalance;
}

/** First period with a write-down > 0; null when the bond never takes a loss. */
export function firstLossPeriod(periods: readonly AmortizationPeriod[]): number | null {
  for (const p of periods) if ((p.writeDown ?? 0) > 0) return p.period;
  return null;
}

/** The per-bond results of a run or a matrix cell. */
export interface LifeMetrics {
  walYears: number | null;
  principalWindow: { first: number; last: number } | null;
  writeDownPct: number | null;
  firstLossPeriod: number | null;
}

/** WAL, window, write-down % and first loss period in one pass over the caller's periods. */
export function lifeMetrics(periods: readonly AmortizationPeriod[], originalBalance: number, timeOfPeriod: (period: number) => number, options: WalOptions = {}): LifeMetrics {
  return {
    walYears: weightedAverageLife(periods, timeOfPeriod, options),
    principalWindow: principalWindow(periods, options),
    writeDownPct: writeDownPct(periods, originalBalance),
    firstLossPeriod: firstLossPeriod(periods),
  };
}
