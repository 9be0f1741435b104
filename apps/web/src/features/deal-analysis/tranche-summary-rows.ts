import type { BondCashflowResult } from '@opencrt/engine';

/**
 * One class of the tranche summary (issue 18 #12), all from the run already on screen: the
 * balance at settlement (the first row's balance before its principal and write-down), the
 * current coupon, the engine's WAL / window / write-down % / first loss period (one convention,
 * engine bondMetrics: write-down % of the balance at settlement), and the totals over the run.
 * A class paid no principal has no principal window and no WAL (issue 23 #6: a class only written
 * down showed a window and WAL of its write-downs, e.g. M-2A at CDR 3 '62-70', 5.51).
 */
export interface SummaryRow {
  bondName: string;
  balance: number;
  /** Coupon of the first accrual period, fraction. */
  coupon: number;
  /** Years; null when the class is paid no principal (no window). */
  wal: number | null;
  window: string;
  writedownPct: number;
  /** First period with a write-down; null when none. */
  firstLossPeriod: number | null;
  principal: number;
  interest: number;
  loss: number;
}

export function summaryRow(bond: BondCashflowResult): SummaryRow {
  const first = bond.BondCashflow[0];
  const sum = (pick: (r: BondCashflowResult['BondCashflow'][number]) => number) => bond.BondCashflow.reduce((s, r) => s + pick(r), 0);
  const principal = sum((r) => r.Principal);
  // Under half a cent is rounding, not a payment.
  const paid = principal >= 0.005 && bond.PrincipalWindow !== '';
  return {
    bondName: bond.BondName,
    balance: first ? first.Balance + first.Principal + first.ActualWriteDown : 0,
    coupon: first?.Rate ?? 0,
    wal: paid ? bond.Wal : null,
    window: paid ? bond.PrincipalWindow : '',
    writedownPct: bond.WritedownPct,
    firstLossPeriod: bond.FirstLossPeriod > 0 ? bond.FirstLossPeriod : null,
    principal,
    interest: sum((r) => r.Interest),
    loss: sum((r) => r.ActualWriteDown),
  };
}

/** The summary of the classes shown (in the run's order: seniority). */
export function summaryRows(bonds: readonly BondCashflowResult[], shown: readonly string[]): SummaryRow[] {
  return bonds.filter((b) => shown.includes(b.BondName)).map(summaryRow);
}

/** The numeric fields a comparison of two runs shows as differences. */
export const COMPARED_FIELDS = ['balance', 'wal', 'writedownPct', 'principal', 'interest', 'loss'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/**
 * Per class, this run minus the pinned run (issue 18 #17): null where either side has no value
 * (a class missing from one run, or a WAL without a window).
 */
export function summaryDeltas(current: readonly SummaryRow[], pinned: readonly SummaryRow[]): Map<string, Record<ComparedField, number | null>> {
  const before = new Map(pinned.map((r) => [r.bondName, r]));
  return new Map(current.map((row) => {
    const old = before.get(row.bondName);
    const delta = Object.fromEntries(COMPARED_FIELDS.map((f) => {
      const a = row[f];
      const b = old?.[f];
      return [f, a === null || b === null || b === undefined ? null : a - b];
    })) as Record<ComparedField, number | null>;
    return [row.bondName, delta];
  }));
}
