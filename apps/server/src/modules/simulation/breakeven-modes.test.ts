import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 25 #5: each mode's answer equals single runs at that answer. */
const DNA1 = 'STACR 2026-DNA1';
const baseAtIssue = { DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.02], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };
interface ClassBreakeven {
  BondName: string; FirstLossCdr: number | null; FullWriteDownCdr: number | null;
  FirstLossSeverity?: number | null; FullWriteDownSeverity?: number | null; FirstLossCumulativeLoss?: number | null; FullWriteDownCumulativeLoss?: number | null;
}
interface Breakevens { Mode: string; Breakevens: ClassBreakeven[]; CollateralOriginalBalance: number; LossesBeforeSettlement: number; MaxSeverity: number }
interface Simulation { ProjectedLosses: number; BondsCashflows: { BondName: string; WritedownPct: number }[] }

const round2 = (x: number) => Math.round(x * 100) / 100;

describe('POST /api/simulate/breakeven modes', () => {
  const base = baseAtIssue;
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (url: string, payload: object) => t.request({ method: 'POST', url, token: await t.token('user'), payload });
  /** One POST /simulate of a class: its write-down % and the run's projected collateral losses. */
  const single = async (payload: object, bond: string) => {
    const res = await post('/api/simulate', { ...payload, BondName: bond });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Simulation;
    return { writeDownPct: body.BondsCashflows.find((b) => b.BondName === bond)!.WritedownPct, losses: body.ProjectedLosses };
  };

  it('Cdr is the default: the same answer with and without Mode', async () => {
    const plain = (await post('/api/simulate/breakeven', { ...base, BondNames: ['M-2B'] })).json() as Breakevens;
    const cdr = (await post('/api/simulate/breakeven', { ...base, BondNames: ['M-2B'], Mode: 'Cdr' })).json() as Breakevens;
    expect(plain.Mode).toBe('Cdr');
    expect(cdr.Breakevens).toEqual(plain.Breakevens);
  });

  it('Severity: a run at the first-loss severity (at the request CDR) loses >= 0.01 %... of a cent at least, one 0.01 step below does not; full write-down loses 100 %', async () => {
    const res = await post('/api/simulate/breakeven', { ...base, BondNames: ['M-2B'], Mode: 'Severity' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Breakevens;
    expect(body.Mode).toBe('Severity');
    const m2b = body.Breakevens[0]!;
    expect(m2b.FirstLossCdr).toBeNull();
    const first = m2b.FirstLossSeverity!;
    const full = m2b.FullWriteDownSeverity!;
    expect(first).toBeGreaterThan(0);
    expect(full).toBeGreaterThan(first);
    expect((await single({ ...base, LossSeverity: round2(first - 0.01) / 100 }, 'M-2B')).writeDownPct).toBe(0);
    expect((await single({ ...base, LossSeverity: first / 100 }, 'M-2B')).writeDownPct).toBeGreaterThan(0);
    expect((await single({ ...base, LossSeverity: round2(full - 0.01) / 100 }, 'M-2B')).writeDownPct).toBeLessThan(100);
    expect((await single({ ...base, LossSeverity: full / 100 }, 'M-2B')).writeDownPct).toBeCloseTo(100, 6);
  });

  // 11/27/2026 settles after the 11/25 payment the deal's remittances (to 10/25) do not hold: the
  // single run leaves that period out (issue 23 #7), and so must the search.
  it.each([20260217, 20261127])('CumulativeLoss (settled %s): the cumulative loss is the single run\'s projected losses at the breakeven CDR over the original balance; one CDR step below the class does not lose', async (SettlementDate) => {
    const base = { ...baseAtIssue, SettlementDate };
    const res = await post('/api/simulate/breakeven', { ...base, BondNames: ['M-1'], Mode: 'CumulativeLoss' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Breakevens;
    const m1 = body.Breakevens[0]!;
    const at = await single({ ...base, Cdr: m1.FirstLossCdr! / 100 }, 'M-1');
    expect(at.writeDownPct).toBeGreaterThan(0);
    expect(m1.FirstLossCumulativeLoss!).toBeCloseTo(((body.LossesBeforeSettlement + at.losses) / body.CollateralOriginalBalance) * 100, 6);
    expect((await single({ ...base, Cdr: round2(m1.FirstLossCdr! - 0.01) / 100 }, 'M-1')).writeDownPct).toBe(0);
    const full = await single({ ...base, Cdr: m1.FullWriteDownCdr! / 100 }, 'M-1');
    expect(full.writeDownPct).toBeCloseTo(100, 6);
    expect(m1.FullWriteDownCumulativeLoss!).toBeCloseTo(((body.LossesBeforeSettlement + full.losses) / body.CollateralOriginalBalance) * 100, 6);
  });

  it('refuses an unknown mode, and a Severity search without the CDR it runs at, with a 400 Message', async () => {
    const bad = await post('/api/simulate/breakeven', { ...base, Mode: 'Loss' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { Message: string }).Message).toContain('Breakeven Mode must be Cdr, Severity or CumulativeLoss.');
    const noCdr = await post('/api/simulate/breakeven', { ...base, Cdr: undefined, Mode: 'Severity' });
    expect(noCdr.statusCode).toBe(400);
    expect((noCdr.json() as { Message: string }).Message).toMatch(/CDR/);
  });
});
