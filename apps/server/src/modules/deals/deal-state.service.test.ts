import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeal } from '@opencrt/engine';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadDealStart } from './deal-state.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => t.close());

const cents = (x: number): number => Math.round(x * 100);

describe('loadDealStart', () => {
  it('gives the engine a state whose notionals add up to the pool at the factor date', async () => {
    const start = await loadDealStart(t.ctx.db, 'STACR 2026-DNA1', 20261031);
    if (!start?.state || !start.spec) throw new Error('no state');
    expect(start.remitDate).toBe(20261025);
    expect(start.state.lastPaymentDateNumber).toBe(8);
    const sum = Object.values(start.state.notionals).reduce((s, x) => s + cents(x), 0);
    expect(sum).toBe(cents(start.state.poolBalance));
    expect(Object.keys(start.state.notionals)).toEqual(start.spec.tranches.map((x) => x.name));
    expect(start.state.distressedHistory).toHaveLength(5);
  });

  it('starts at closing before the first remittance and is null for an unknown deal', async () => {
    const start = await loadDealStart(t.ctx.db, 'CAS 2021-R03', 20211231);
    expect(start?.state).toBeNull();
    expect(start?.spec?.dealName).toBe('CAS 2021-R03');
    expect(await loadDealStart(t.ctx.db, 'NOPE', 20261025)).toBeNull();
  });

  it.each(['STACR 2016-DNA1', 'CAS 2020-R01', 'STACR 2026-DNA2'])('the engine runs %s from the stored state', async (name) => {
    const start = await loadDealStart(t.ctx.db, name, 20261025);
    if (!start?.state || !start.spec) throw new Error('no state');
    const run = runDeal(start.spec, {
      prepay: { kind: 'annual', values: 0.1 }, default: { kind: 'annual', values: 0.002 }, severity: 0.25, delinquency: 0.01,
      indexRate: 0.04, lossSource: 'scenario', cleanUpCall: false, timeCall: false, collateralGroup: null,
    }, start.state);
    expect(run.waterfall.periods.length).toBeGreaterThan(0);
    const first = run.waterfall.periods[0];
    expect(first?.pool.paymentDateNumber).toBe(start.state.lastPaymentDateNumber + 1);
  });
});
