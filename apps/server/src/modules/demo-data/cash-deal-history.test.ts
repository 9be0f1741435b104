import { describe, expect, it } from 'vitest';
import { cashDealHistory } from './cash-deal-history.ts';
import { loadDealRecords } from '../deals/deal-catalog.loader.ts';
import { generateDealHistory } from './deal-history.generator.ts';

const records = loadDealRecords();
const cashDeals = records.filter((r) => (r.structure as { waterfall?: { kind?: string } } | null)?.waterfall?.kind === 'cash-flow');
const historyOf = (name: string) => {
  const r = records.find((x) => x.file.dealName === name);
  if (!r) throw new Error(`missing ${name}`);
  return { r, h: cashDealHistory(r, generateDealHistory(r)) };
};

describe('cashDealHistory (the engine run of the realised path)', () => {
  it('covers every RMBS, ABS and agency deal of the catalog', () => {
    expect(cashDeals.map((r) => r.file.dealType).sort()).toEqual(expect.arrayContaining(['ABS', 'Agency', 'RMBS']));
  });

  it.each(cashDeals.map((r) => [r.file.dealName, r] as const))('%s: classes + OC = collateral every month, no negative balance', (_name, r) => {
    const generic = generateDealHistory(r);
    const h = cashDealHistory(r, generic);
    expect(h.pool.map((p) => p.date)).toEqual(generic.pool.slice(0, h.pool.length).map((p) => p.date));
    h.pool.forEach((p, i) => {
      const stack = r.stack.reduce((s, b) => s + (h.tranches[b.name]?.[i]?.endCents ?? 0), 0);
      expect(stack, `${p.date}`).toBe(p.endCents);
      for (const b of r.stack) expect(h.tranches[b.name]?.[i]?.endCents ?? -1).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(p.beginCents).toBe(h.pool[i - 1]?.endCents);
    });
  });

  it.each(cashDeals.map((r) => [r.file.dealName, r] as const))('%s: pool amounts in cents like the balances (1-month CPR and losses to date realistic)', (_name, r) => {
    const h = cashDealHistory(r, generateDealHistory(r));
    for (const p of h.pool) {
      expect(p.scheduledCents + p.prepaidCents, p.date).toBeLessThanOrEqual(p.beginCents);
      // The 1-month CPR is the prepaid share of the beginning balance, annualised.
      expect(p.cpr1MoPct, p.date).toBeCloseTo(p.beginCents > 0 ? (1 - (1 - p.prepaidCents / p.beginCents) ** 12) * 100 : 0, 6);
      expect(p.cpr1MoPct, p.date).toBeLessThan(90);
    }
    // Losses to date: well under the original balance (subprime auto SDART runs a few percent),
    // never 100 times the realised amount.
    expect(h.cumulativeLossCents / ((r.file.collateral?.originalBalance ?? NaN) * 100)).toBeLessThan(0.15);
  });

  it('FHLMC 5005: Z accretes from its own group while group 1 pays PA first (PAC)', () => {
    const { h } = historyOf('FHLMC 5005');
    const z = h.bonds.Z ?? [];
    // Month 1: Z (2.00 %, accrual) grows by about its interest less the group 2 principal it receives.
    expect(z[0]?.interestCents).toBe(0);
    expect(z[0]?.startCents).toBe(205_000_000_00);
    // Group 2 alone backs Z: by the factor date Z is far below the $205M it kept in the generic stack.
    expect(z.at(-1)?.endCents ?? Infinity).toBeLessThan(205_000_000_00 * 0.9);
    // PA is paid before PB.
    const pa = h.bonds.PA ?? [];
    const pb = h.bonds.PB ?? [];
    expect(pa[0]?.principalCents ?? 0).toBeGreaterThan(0);
    expect(pb[0]?.principalCents).toBe(0);
    // IO (MACR notional on PA/PB) pays interest, never principal.
    expect((h.bonds.IO ?? []).every((row) => row.principalCents === 0)).toBe(true);
    expect(h.bonds.IO?.[0]?.interestCents ?? 0).toBeGreaterThan(0);
  });

  it('FORDO 2024-A: the OC row is the collateral above the notes, at its target by the factor date', () => {
    const { h } = historyOf('FORDO 2024-A');
    const oc = h.bonds.OC ?? [];
    expect(oc[0]?.startCents).toBe(31_580_000_00);
    // Target: 3.5 % of the current pool, floored at 0.5 % of the $1,579,000,000 cut-off.
    const pool = h.pool.at(-1)?.endCents ?? 0;
    const target = Math.max(0.035 * pool, 0.005 * 1_579_000_000_00);
    expect(Math.abs((oc.at(-1)?.endCents ?? 0) - target)).toBeLessThan(100);
  });

  it('leaves reference-tranche deals to the generic history', () => {
    const r = records.find((x) => x.file.dealName === 'STACR 2026-DNA1');
    if (!r) throw new Error('missing');
    const generic = generateDealHistory(r);
    expect(cashDealHistory(r, generic)).toBe(generic);
  });
});
