import { describe, expect, it } from 'vitest';
import { BreakevenRequestSchema, BreakevenResponse } from './breakeven.ts';

const base = { DealName: 'STACR 2026-DNA1', Cpr: [0, 0.1], LossSeverity: 0.25, Delinquency: 0, Libor: 0.04 };

describe('breakeven contract', () => {
  it('takes a run scenario with an optional, bounded list of classes', () => {
    expect(BreakevenRequestSchema.parse(base).BondNames).toBeUndefined();
    expect(BreakevenRequestSchema.parse({ ...base, BondNames: [' M-1 '] }).BondNames).toEqual(['M-1']);
    expect(BreakevenRequestSchema.safeParse({ ...base, BondNames: [] }).error?.issues[0]?.message).toBe('Missing required: Bond');
    expect(BreakevenRequestSchema.safeParse({ ...base, BondNames: [''] }).success).toBe(false);
    expect(BreakevenRequestSchema.safeParse({ ...base, BondNames: Array.from({ length: 61 }, (_, i) => `B-${i}`) }).success).toBe(false);
    expect(BreakevenRequestSchema.safeParse({ ...base, BondNames: ['x'.repeat(101)] }).success).toBe(false);
  });

  it('answers percent CDRs, null where not reached', () => {
    const ok = BreakevenResponse.safeParse({ Breakevens: [{ BondName: 'M-1', FirstLossCdr: 1.3, FullWriteDownCdr: null, FirstLossNote: null }], MaxCdr: 99.99, Runs: 40 });
    expect(ok.success).toBe(true);
    expect(BreakevenResponse.safeParse({ Breakevens: [{ BondName: 'M-1', FirstLossCdr: '1.3' }], MaxCdr: 99.99, Runs: 1 }).success).toBe(false);
  });
});
