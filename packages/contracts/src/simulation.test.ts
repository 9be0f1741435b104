import { describe, expect, it } from 'vitest';
import { BondRunRequestSchema, MatrixRequestSchema, MatrixType, SimulationRequestSchema, BondRunType } from './simulation.ts';

const base = { DealName: 'STACR 2026-DNA1', Cpr: [0, 0.1], Cdr: '0,0.005', LossSeverity: 0.25, Delinquency: [0, null], Libor: 'MyIndex' };

describe('simulation contracts', () => {
  it('takes rates as fractions, comma text, lists with blanks and vector names (checked later by the engine)', () => {
    const parsed = SimulationRequestSchema.parse({ ...base, SettlementDate: '20260217' });
    expect(parsed.RunLoanLevel).toBe(false);
    expect(parsed.CleanupCall).toBe(false);
    expect(parsed.Cdr).toBe('0,0.005');
  });

  it('refuses a missing deal with the deal-file message and a malformed settlement date', () => {
    const noDeal = SimulationRequestSchema.safeParse({ ...base, DealName: '  ' });
    expect(noDeal.success).toBe(false);
    expect(noDeal.error?.issues[0]?.message).toBe('Deal file could not be opened');
    expect(SimulationRequestSchema.safeParse({ ...base, SettlementDate: '2026-02-17' }).success).toBe(false);
    expect(SimulationRequestSchema.safeParse({ ...base, PrepaymentModel: 'Other' }).success).toBe(false);
  });

  it('needs a bond for bond runs and matrices, and bounds the quotes and axes', () => {
    expect(BondRunRequestSchema.safeParse(base).error?.issues[0]?.message).toBe('Missing required: Bond');
    expect(BondRunRequestSchema.safeParse({ ...base, BondName: 'M-1', Price: -1 }).success).toBe(false);
    expect(BondRunRequestSchema.safeParse({ ...base, BondName: 'M-1', Price: 99.5, ReferenceCurve: 0.04 }).success).toBe(true);
    expect(MatrixRequestSchema.safeParse({ ...base, BondName: 'M-1', MatrixCpr: [0, 100] }).success).toBe(false);
    expect(MatrixRequestSchema.safeParse({ ...base, BondName: 'M-1', MatrixCpr: [0, 5], MatrixCdr: [0, 0.25] }).success).toBe(true);
  });

  it('names the run types of the spec family /simulate/{type}[/matrix]', () => {
    expect(BondRunType.options).toEqual(['price', 'yield', 'spread']);
    expect(MatrixType.options).toEqual(['price', 'yield', 'spread', 'wal']);
  });
});
