import { describe, expect, it } from 'vitest';
import { totalPortfolioRows } from './portfolio-aggregate.ts';

const row = (date: string | number, period0 = false) => ({ period0, date, balance: 100, cash: 1, losses: 0 });

describe('portfolio total rows (issue 23 #7)', () => {
  it('never dates a later period before period 0: a payment before the start joins period 0', () => {
    // An ACIS line starting at the settlement 11/27/2026 and a bond paying on 11/25/2026.
    const rows = totalPortfolioRows([row('2026-11-27', true), row('2026-12-25')], [row(20261125), row(20261225), row(20270125)]);
    expect(rows.map((r) => [r.Period, r.PaymentDate])).toEqual([[0, 20261127], [1, 20261225], [2, 20270125]]);
    // The early payment's cash is kept (period 0), its balance is not counted twice.
    expect(rows[0]).toMatchObject({ Cash: 2, Balance: 100 });
    expect(rows.reduce((s, r) => s + r.Cash, 0)).toBe(5);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.PaymentDate).toBeGreaterThan(rows[i - 1]?.PaymentDate ?? 0);
  });

  it('counts bond-only totals from period 1, as the bond rows do, with one date format', () => {
    const rows = totalPortfolioRows([], [row(20261125), row(20261225)]);
    expect(rows.map((r) => [r.Period, r.PaymentDate])).toEqual([[1, 20261125], [2, 20261225]]);
    const insurance = totalPortfolioRows([row('2026-09-25', true), row('2026-10-25')], []);
    expect(insurance.map((r) => [r.Period, r.PaymentDate])).toEqual([[0, 20260925], [1, 20261025]]);
  });
});
