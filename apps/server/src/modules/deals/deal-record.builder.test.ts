import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, loadDealRecords } from './deal-catalog.loader.ts';
import { isValidCusip } from './cusip.ts';

const records = loadDealRecords();
const cents = (x: number): number => Math.round(x * 100);

describe('demo catalog records', () => {
  it('has at least 30 deals and two per catalog group', () => {
    expect(records.length).toBeGreaterThanOrEqual(30);
    for (const t of ['ACIS', 'CIRT', 'STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency']) {
      expect(records.filter((r) => r.file.dealType === t).length, t).toBeGreaterThanOrEqual(2);
    }
  });

  it('every CUSIP has a valid check digit and is unique', () => {
    const all = records.flatMap((r) => r.bonds.map((b) => b.cusip)).filter((c): c is string => c !== null);
    expect(all.length).toBeGreaterThan(200);
    for (const c of all) expect(isValidCusip(c), c).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('stack tranches add up to the pool balance to the cent', () => {
    for (const r of records) {
      const pool = cents(r.file.collateral?.originalBalance ?? 0);
      expect(r.stack.reduce((s, b) => s + cents(b.originalBalance), 0), r.file.dealName).toBe(pool);
    }
  });

  it.each([['STACR 2026-DNA1', 'stacr-2026-dna1'], ['STACR 2026-DNA2', 'stacr-2026-dna2']])(
    '%s takes every class and rep line from the offering memorandum file', (name, id) => {
      const src = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'sources', 'stacr', `${id}.json`), 'utf8')) as {
        pool: { cut_off_balance: number; rep_lines: { cut_off_balance: number; mortgage_rate_pct: number; remaining_term_months: number }[] };
        reference_tranches: { name: string; initial_notional: number }[];
        macr_notes: { class: string; original_balance: number }[];
      };
      const r = records.find((x) => x.file.dealName === name);
      if (!r) throw new Error('missing');
      expect(r.stack.map((b) => [b.name, b.originalBalance])).toEqual(src.reference_tranches.map((t) => [t.name, t.initial_notional]));
      expect(r.bonds.filter((b) => b.macr).map((b) => [b.name, b.originalBalance])).toEqual(src.macr_notes.map((m) => [m.class, m.original_balance]));
      expect(r.repLines.map((l) => [l.balance, l.wacPct, l.wam])).toEqual(
        src.pool.rep_lines.map((l) => [l.cut_off_balance, l.mortgage_rate_pct, l.remaining_term_months]));
      expect(r.stack.reduce((s, b) => s + cents(b.originalBalance), 0)).toBe(cents(src.pool.cut_off_balance));
      expect(r.bonds.filter((b) => b.macr).every((b) => (b.macr?.components.length ?? 0) > 0)).toBe(true);
    });

  it('marks where every deal comes from', () => {
    for (const r of records) expect(['offering-memorandum', 'press', 'synthetic']).toContain(r.file.source.kind);
  });
});
