import { describe, expect, it } from 'vitest';
import { indexRateOf, validateSimulationRequest } from './request-scenario.ts';
import type { SimulationRequest } from './simulation-types.ts';

const req: SimulationRequest = { DealName: 'D', Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, Libor: 0.04 };

describe('IndexCurve (issue 25 #1)', () => {
  it('replaces Libor as the index path, period 1 first, as given', () => {
    expect(indexRateOf(req)).toBe(0.04);
    expect(indexRateOf({ ...req, Libor: [0, 0.03, 0.035] })).toEqual([0.03, 0.035]);
    expect(indexRateOf({ ...req, IndexCurve: [0.02, 0.025] })).toEqual([0.02, 0.025]);
    expect(indexRateOf({ ...req, IndexCurve: [] })).toBe(0.04);
  });
  it('makes Libor optional, and is itself checked', () => {
    const { Libor: _l, ...rest } = req;
    expect(validateSimulationRequest({ ...rest, Libor: undefined as unknown as number })).toEqual([{ path: 'request', message: 'Missing required: LIBOR' }]);
    expect(validateSimulationRequest({ ...rest, Libor: undefined as unknown as number, IndexCurve: [0.03] })).toEqual([]);
    expect(validateSimulationRequest({ ...req, IndexCurve: [Number.NaN] })).toEqual([{ path: 'request', message: 'Missing valid: Index Curve' }]);
  });
});
