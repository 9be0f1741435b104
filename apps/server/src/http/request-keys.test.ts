import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Issue 18 #11: request bodies bind case-insensitively; spec 001 §3.5 writes them in camelCase. */
describe('camelCase request bodies (spec 001 §3.5)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  // The spec's ACIS/CIRT field list, spelled as the spec spells it (client-side names included).
  const common = {
    settlementDate: '20230901', runLoanLevel: false, prepaymentModel: 'UserDefined',
    cpr: 0.1, cdr: 0.01, lossSeverity: 0.35, delinquency: 0,
    hpi: null, NationalUnemploymentForecast: null, hpa: null, twoYrTsy: null, tenYrTsy: null,
    tuneCpr: null, tuneCdr: null, tuneSeverity: null, mtg15: null, mtg30: null, selectedScenario: null,
    ownedFaceAmt: 1_000_000, margin: 0.2, interestRate: 0.01, cancellation: false,
  };
  const pascal = (body: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(body).map(([k, v]) => [k[0]!.toUpperCase() + k.slice(1), v]));
  const withoutTime = (body: Record<string, unknown>) => ({ ...body, RunTime: undefined });

  it('runs the CIRT example in camelCase with the same answer as in PascalCase, answering PascalCase', async () => {
    const token = await t.token('analyst');
    const camel = { ...common, dealName: 'CIRT 2023-9', cancellationDate: null };
    const a = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: camel });
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...pascal(camel), Tsy2Year: null } });
    expect(b.statusCode, b.body).toBe(200);
    expect(Object.keys(a.json())).toContain('CirtCashflow');
    expect(withoutTime(a.json())).toEqual(withoutTime(b.json()));
    // The CDR was bound: a loss-free run would have no insurer losses.
    expect(a.json().CirtCashflowTotals.CollateralLosses).toBeGreaterThan(0);
  });

  it('runs the ACIS example in camelCase (bondName too), and checks camelCase fields with the same messages', async () => {
    const token = await t.token('analyst');
    const camel = { ...common, dealName: 'ACIS 2020-DNA3', bondName: 'M-2A', settlementDate: '20200624' };
    const a = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: camel });
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: pascal(camel) });
    expect(withoutTime(a.json())).toEqual(withoutTime(b.json()));
    const bad = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...camel, cdr: undefined, ownedFaceAmt: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: 'Missing required: CDR, Initial Limit' });
  });

  it('binds any spelling of a field on other routes too, and an exact spelling wins over another', async () => {
    const token = await t.token('analyst');
    const payload = { DEALNAME: 'STACR 2026-DNA1', settlementdate: 20260227, cpr: [0.1], Cdr: [0], cdr: [0.5], lossSeverity: [0.35], delinquency: [0], LIBOR: [0.04] };
    const res = await t.request({ method: 'POST', url: '/api/simulate?useShallowResponse=true', token, payload });
    expect(res.statusCode, res.body).toBe(200);
    const same = await t.request({ method: 'POST', url: '/api/simulate?useShallowResponse=true', token,
      payload: { DealName: 'STACR 2026-DNA1', SettlementDate: 20260227, Cpr: [0.1], Cdr: [0], LossSeverity: [0.35], Delinquency: [0], Libor: [0.04] } });
    expect(withoutTime(res.json())).toEqual(withoutTime(same.json()));
  });
});
