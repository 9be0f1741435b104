import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const base = { DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };
interface Breakevens { Breakevens: { BondName: string; FirstLossCdr: number | null; FullWriteDownCdr: number | null }[]; MaxCdr: number; Runs: number; RunTime?: number }
interface Matrix { Cdr: number[]; WritedownPct: (number | null)[][] }

describe('POST /api/simulate/breakeven', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (payload: object, user: 'user' | 'analyst' | 'admin' | null = 'user') =>
    t.request({ method: 'POST', url: '/api/simulate/breakeven', ...(user ? { token: await t.token(user) } : {}), payload });

  it('solves each class to 0.01 CDR: no loss a step below its first-loss CDR, a loss at it (the matrix agrees)', async () => {
    const res = await post({ ...base, BondNames: ['M-1', 'M-2B'] }, 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Breakevens;
    expect(body.RunTime).toBeGreaterThan(0);
    expect(body.MaxCdr).toBe(99.99);
    expect(body.Breakevens.map((b) => b.BondName)).toEqual(['M-1', 'M-2B']);
    const [m1, m2b] = body.Breakevens;
    // The junior class breaks first; full write-down comes after first loss.
    expect(m2b!.FirstLossCdr!).toBeLessThan(m1!.FirstLossCdr!);
    expect(m1!.FullWriteDownCdr!).toBeGreaterThan(m1!.FirstLossCdr!);
    const first = m1!.FirstLossCdr!;
    const below = Math.round((first - 0.01) * 100) / 100;
    const matrix = (await t.request({
      method: 'POST', url: '/api/simulate/wal/matrix', token: await t.token('user'),
      payload: { ...base, BondName: 'M-1', MatrixCpr: [10], MatrixCdr: [below, first, m1!.FullWriteDownCdr!] },
    })).json() as Matrix;
    expect(matrix.WritedownPct[0]![0]).toBe(0);
    expect(matrix.WritedownPct[1]![0]!).toBeGreaterThan(0);
    // Written down to nothing: the whole balance at settlement, a share of the original.
    expect(matrix.WritedownPct[2]![0]!).toBeGreaterThan(matrix.WritedownPct[1]![0]!);
  });

  it('defaults to every tranche, ignores the request CDR and hides the run time from non-admins', async () => {
    const a = (await post({ ...base, Cdr: [0, 0.05] })).json() as Breakevens;
    const b = (await post({ ...base, Cdr: undefined })).json() as Breakevens;
    expect(a.RunTime).toBeUndefined();
    expect(a.Breakevens.map((x) => x.BondName)).toContain('B-3H');
    expect(a.Breakevens.some((x) => x.BondName === 'M-2')).toBe(false);
    expect(a.Breakevens).toEqual(b.Breakevens);
    // A higher severity brings each first loss earlier.
    const severe = (await post({ ...base, LossSeverity: [0, 0.5], BondNames: ['M-1'] })).json() as Breakevens;
    const m1 = a.Breakevens.find((x) => x.BondName === 'M-1')!;
    expect(severe.Breakevens[0]!.FirstLossCdr!).toBeLessThan(m1.FirstLossCdr!);
  });

  it('needs a session, answers 400 with a Message on bad input, and refuses agency and reinsurance deals', async () => {
    expect((await post(base, null)).statusCode).toBe(401);
    const bad = [
      [{ ...base, BondNames: ['Z-9'] }, `Bond Z-9 was not found in ${DNA1}.`],
      // Named as the screens name it (d8a7008 dropped the wire name 'BondNames: ' before it).
      [{ ...base, BondNames: [] }, 'Missing required: Bond'],
      [{ ...base, Cpr: [0, 1.5] }, 'CPR must be from 0 to 0.999999 (a fraction: 10 % is 0.1)'],
      [{ ...base, LossSeverity: undefined }, 'Missing required: Loss Severity'],
      [{ ...base, PrepaymentModel: 'LDM_3' }, 'Breakeven does not support prepayment models.'],
      [{ ...base, SelectedScenarioId: 1 }, 'Not supported scenario type.'],
      [{ ...base, DealName: 'CIRT 2023-9' }, 'CIRT 2023-9 is a CIRT deal: run it on the CIRT analysis screen.'],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await post(payload, 'analyst');
      expect(res.statusCode, message).toBe(400);
      expect((res.json() as { Message: string }).Message, message).toContain(message);
    }
    const agency = await post({ DealName: 'FNMA MA4567', SettlementDate: 20220301, Cpr: [0, 0.1], LossSeverity: 0, Delinquency: 0, Libor: 0 });
    expect(agency.statusCode).toBe(400);
    expect((agency.json() as { Message: string }).Message).toMatch(/agency deal/);
    const letters = await post({ ...base, BondNames: 'M-1' });
    expect(letters.statusCode).toBe(400);
  });
});
