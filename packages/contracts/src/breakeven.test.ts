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
    const facts = { Mode: 'Cdr', MaxCdr: 99.99, MaxSeverity: 100, CollateralOriginalBalance: 1e9, LossesBeforeSettlement: 0 };
    const ok = BreakevenResponse.safeParse({ ...facts, Breakevens: [{ BondName: 'M-1', FirstLossCdr: 1.3, FullWriteDownCdr: null, FirstLossNote: null }], Runs: 40 });
    expect(ok.success).toBe(true);
    expect(BreakevenResponse.safeParse({ ...facts, Breakevens: [{ BondName: 'M-1', FirstLossCdr: '1.3' }], Runs: 1 }).success).toBe(false);
  });

  it('takes a Mode of Cdr, Severity or CumulativeLoss (issue 25 #5) and names the choices when refusing another', () => {
    expect(BreakevenRequestSchema.parse(base).Mode).toBeUndefined();
    for (const Mode of ['Cdr', 'Severity', 'CumulativeLoss']) expect(BreakevenRequestSchema.parse({ ...base, Mode }).Mode).toBe(Mode);
    expect(BreakevenRequestSchema.safeParse({ ...base, Mode: 'Loss' }).error?.issues[0]?.message).toBe('Breakeven Mode must be Cdr, Severity or CumulativeLoss.');
  });
});
