import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcisResponse, CirtResponse, ReinsuranceMatrixResponse } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const scenario = { Cpr: 0.1, Cdr: 0, LossSeverity: 0.35, Delinquency: 0 };
// CIRT 2023-9 from its effective date; the limit is 2.35 % × $11.52bn = $270.72M.
const cirt = { DealName: 'CIRT 2023-9', SettlementDate: 20230901, ...scenario, OwnedFaceAmt: '1,000,000', Margin: 0.2, InterestRate: 0 };
const acis = { DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', SettlementDate: 20200624, ...scenario, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01 };

describe('POST /api/simulate/cirt', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('charges 0.0068 % a month of the prior pool balance, scaled by the user share, at zero defaults', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate/cirt', token: await t.token('analyst'), payload: cirt });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CirtResponse;
    const share = 1_000_000 / 270_720_000;
    const rows = body.CirtCashflow;
    // Month 1: 0.000068 × 11,520,000,000 = 783,360 for the deal; × share = 2.8936170…
    expect(rows[1]?.InsurancePremium).toBeCloseTo(783_360 * share, 6);
    for (let i = 2; i < rows.length; i++) expect(rows[i]?.InsurancePremium).toBeCloseTo(0.000068 * (rows[i - 1]?.CollateralBalance ?? 0) * share, 6);
    expect(body.CirtCashflowTotals.InsurerPaidLosses).toBe(0);
    expect(body.FirstLossPeriod).toBeNull();
    expect(body.Yield.IsSuccessful).toBe(true);
    expect(rows.at(-1)?.RemainingLiability).toBe(0);
    expect(body.PolicyInformation).toMatchObject({ LiabilityLimit: 270_720_000, RetentionLimit: expect.closeTo(190_080_000, 2), Ownership: 1_000_000, InitialCollateral: 200_000 });
    expect(body.PolicyInformation.OwnershipPct).toBeCloseTo(100 * share, 10);
    // RoL = Σ premium / limit-years; the collateral earns no interest, so ROI ≈ premium / collateral ≈ 5 × RoL.
    expect(body.LineMetrics.RateOnLine as number).toBeGreaterThan(0.02);
    expect(body.Yield.Value as number).toBeGreaterThan(4 * (body.LineMetrics.RateOnLine as number));
  });

  it('checks Initial Limit, Collateral and Interest Rate with the spec messages, and says Can\'t compute Yield. with no collateral', async () => {
    const token = await t.token('analyst');
    const missing = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Cdr: undefined, OwnedFaceAmt: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ Message: 'Missing required: CDR, Initial Limit' });
    const invalid = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Margin: 500, InterestRate: 'abc' } });
    expect(invalid.json()).toEqual({ Message: 'Missing valid: Interest Rate\nCollateral must be from 0 to 1 (a fraction: 20 % is 0.2)' });
    // Plainly percent where the API takes fractions (issue 23 #5): the unit and range are stated.
    const percent = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Margin: 20, InterestRate: 'abc', Cpr: 10 } });
    expect(percent.json().Message.split('\n')).toEqual([
      'Missing valid: Interest Rate', 'CPR must be from 0 to 0.999999 (a fraction: 10 % is 0.1)', 'Collateral must be from 0 to 1 (a fraction: 20 % is 0.2)',
    ]);
    const zero = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Margin: 0 } });
    expect((zero.json() as CirtResponse).Yield).toEqual({ IsSuccessful: false, Value: null, ErrorMessage: "Can't compute Yield." });
  });

  it('keeps Run Scenario (Blended) for admins, and starts mid-life from the remittance history', async () => {
    const payload = { ...cirt, SettlementDate: 20260115 };
    const analyst = await t.request({ method: 'POST', url: '/api/simulate/cirt?includeHistorical=true', token: await t.token('analyst'), payload });
    expect(analyst.statusCode).toBe(403);
    const admin = await t.request({ method: 'POST', url: '/api/simulate/cirt?includeHistorical=true', token: await t.token('admin'), payload });
    expect(admin.statusCode).toBe(200);
    const body = admin.json() as CirtResponse;
    const hist = body.CirtCashflow.filter((r) => r.IsHistorical);
    // Remittances 2023-10-25 … 2025-12-25: 27 months before the settlement.
    expect(hist).toHaveLength(27);
    expect(hist[0]?.PaymentDate).toBe('2023-10-25');
    const firstProjected = body.CirtCashflow.find((r) => !r.IsHistorical && r.Period > 0);
    expect(firstProjected?.PaymentDate).toBe('2026-01-25');
    expect(firstProjected?.Period).toBe(28);
    // The user's 1,000,000 is their share of the deal's limit left at the settlement.
    const start = body.MiscVariables.DealLimitAtStart as number;
    expect(body.PolicyInformation.OwnershipPct).toBeCloseTo(100 * 1_000_000 / start, 8);
    expect(body.CirtCashflow.find((r) => r.Period === 0)?.RemainingLiability).toBe(1_000_000);
  });

  it('cancels at the chosen month, never before the optional cancellation date', async () => {
    const token = await t.token('analyst');
    const early = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Cancellation: true, CancellationDate: 20270101 } });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ Message: 'The cancellation date must not be before the optional cancellation date 09/2028.' });
    const month13 = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Cancellation: true, CancellationDate: 20291301 } });
    expect(month13.statusCode).toBe(400);
    expect(month13.json()).toEqual({ Message: 'Missing valid: Cancellation Date' });
    const ok = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Cancellation: true, CancellationDate: 20290101 } });
    const rows = (ok.json() as CirtResponse).CirtCashflow;
    // Deal month 1 = 2023-10, so 2029-01 is month 64: coverage ends there and the limit left is released.
    expect(rows.at(-1)).toMatchObject({ Period: 64, PaymentDate: '2029-01-25', RemainingLiability: 0, CollateralTrustAccount: 0 });
    expect(rows.at(-1)?.ReductionInLiability).toBeCloseTo(rows.at(-2)?.RemainingLiability ?? NaN, 6);
  });

  it('refuses a settlement date after the maturity on CIRT and ACIS (the cover would run backwards in time)', async () => {
    const token = await t.token('analyst');
    for (const [url, body] of [['/api/simulate/cirt', cirt], ['/api/simulate/acis', acis], ['/api/simulate/cirt/matrix', cirt]] as const) {
      const res = await t.request({ method: 'POST', url, token, payload: { ...body, SettlementDate: 20990115 } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().Message).toMatch(/^The settlement date must be before the maturity date \d\d\/\d\d\/20\d\d\.$/);
    }
  });

  it('answers no ROI below -100 % a year, the same way in matrix cells and single runs (issue 18 #10)', async () => {
    const token = await t.token('analyst');
    const heavy = { ...cirt, SettlementDate: 20261031, Cpr: [0, 0], Cdr: [0, 0.025], LossSeverity: [0, 0.2] };
    const one = await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: heavy });
    expect((one.json() as CirtResponse).Yield).toEqual({ IsSuccessful: false, Value: null, ErrorMessage: 'ROI is below -100% a year: the losses take the collateral.' });
    const grid = await t.request({ method: 'POST', url: '/api/simulate/cirt/matrix', token, payload: { ...heavy, MatrixCpr: [0, 5, 30], MatrixCdr: [0, 2, 5] } });
    const cells = (grid.json() as ReinsuranceMatrixResponse).Yield.flat();
    // Before: −1,124 % beside '-----' cells. Now every value is a return an analyst reads.
    expect(cells.some((v) => v === null)).toBe(true);
    for (const v of cells) if (v !== null) expect(v).toBeGreaterThanOrEqual(-1);
  });

  it('runs the matrix ([cdr][cpr]) with cells equal to single runs', async () => {
    const token = await t.token('analyst');
    const res = await t.request({ method: 'POST', url: '/api/simulate/cirt/matrix', token, payload: { ...cirt, MatrixCpr: [10, 20], MatrixCdr: [0, 2] } });
    expect(res.statusCode).toBe(200);
    const m = res.json() as ReinsuranceMatrixResponse;
    expect(m.Yield).toHaveLength(2);
    expect(m.Yield[0]).toHaveLength(2);
    const single = (await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, Cpr: 0.2, Cdr: 0.02 } })).json() as CirtResponse;
    expect(m.Yield[1]?.[1]).toBeCloseTo(single.Yield.Value as number, 10);
    expect(m.LineMetrics.LossOnLine[1]?.[1]).toBeCloseTo(single.LineMetrics.LossOnLine as number, 12);
    expect(m.LineMetrics.LossOnLine[0]?.[0]).toBe(0);
  });
});

describe('POST /api/simulate/acis', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('earns (premium + collateral interest) / collateral on a loss-free layer: (2.5 % + 20 % × 1 %) / 20 % = 13.5 %', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate/acis', token: await t.token('analyst'), payload: acis });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AcisResponse;
    const rows = body.AcisCashflow;
    // Premium monthly in arrears on the prior limit: 2.5 % / 12 × 1,000,000 = 2,083.33.
    expect(rows[1]?.InsurancePremium).toBeCloseTo(2083.3333, 3);
    rows.slice(1).forEach((r, i) => expect(r.InsurancePremium).toBeCloseTo((0.025 / 12) * (rows[i]?.RemainingLiability ?? 0), 6));
    expect(body.Yield.Value).toBeCloseTo(0.135, 8);
    expect(body.LineMetrics.RateOnLine).toBeCloseTo(0.025, 12);
    expect(body.LineMetrics.LossOnLine).toBe(0);
    expect(body.AcisCashflowTotals.ReductionInLiability).toBeCloseTo(1_000_000, 4);
    expect(body.MiscVariables.StacrBondName).toBe('M-2AH');
  });

  it('starts mid-life from STACR notionals rebuilt from the ACIS layers, and ends at the ACIS call date', async () => {
    const token = await t.token('analyst');
    const mid = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, DealName: 'ACIS 2015-2', BondName: 'M-3', SettlementDate: 20200115 } });
    expect(mid.statusCode).toBe(200);
    const body = mid.json() as AcisResponse;
    expect(body.AcisCashflow[0]?.RemainingLiability).toBe(1_000_000);
    // The ACIS 2015-2 policy matures 2024-08-25: no cover after it.
    expect((body.AcisCashflow.at(-1)?.PaymentDate ?? '') <= '2024-08-25').toBe(true);
    // B-1A still has cover left at both call dates (M-2A is paid down by 2024, so its rows stop there).
    const called = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, BondName: 'B-1A', Cancellation: true } });
    const rows = (called.json() as AcisResponse).AcisCashflow;
    // ACIS 2020-DNA3 call (optional cancellation) 2025-06-25: the last covered payment date releases the limit left.
    expect(rows.at(-1)?.PaymentDate).toBe('2025-06-25');
    expect(rows.at(-1)?.RemainingLiability).toBe(0);
    expect(rows.at(-1)?.ReductionInLiability).toBeGreaterThan(0);
    // A chosen month is covered to its end; one before the optional cancellation date is refused.
    const chosen = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, BondName: 'B-1A', Cancellation: true, CancellationDate: 202607 } });
    expect((chosen.json() as AcisResponse).AcisCashflow.at(-1)?.PaymentDate).toBe('2026-07-25');
    // The cover runs to the month's last day, a real date (it read '2026-06-31').
    const june = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, BondName: 'B-1A', Cancellation: true, CancellationDate: 202606 } });
    expect((june.json() as AcisResponse).MiscVariables.CoverEndDate).toBe('2026-06-30');
    expect((june.json() as AcisResponse).AcisCashflow.at(-1)?.PaymentDate).toBe('2026-06-25');
    const early = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, Cancellation: true, CancellationDate: 202401 } });
    expect(early.json()).toEqual({ Message: 'The cancellation date must not be before the optional cancellation date 06/2025.' });
  });

  it('cuts the cashflow after the first row whose previous remaining liability is under 0.005 (spec 001 §4)', async () => {
    // ACIS 2020-DNA3 B-1B from 2026-10: the layer pays down within a year, years before the policy ends.
    const res = await t.request({ method: 'POST', url: '/api/simulate/acis', token: await t.token('analyst'), payload: { ...acis, BondName: 'B-1B', SettlementDate: 20261025 } });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as AcisResponse).AcisCashflow;
    const exhausted = rows.findIndex((r) => r.Period > 0 && r.RemainingLiability < 0.005);
    expect(exhausted).toBeGreaterThan(0);
    // The paying-off row and one row after it; no run of all-zero months to the policy maturity.
    expect(rows).toHaveLength(exhausted + 2);
    expect((rows.at(-1)?.PaymentDate ?? '') < '2030-06-25').toBe(true);
  });

  it('runs the matrix, and refuses unknown bonds and non-ACIS deals', async () => {
    const token = await t.token('analyst');
    const m = (await t.request({ method: 'POST', url: '/api/simulate/acis/matrix', token, payload: { ...acis, MatrixCpr: [5, 10], MatrixCdr: [0] } })).json() as ReinsuranceMatrixResponse;
    expect(m.Yield).toEqual([[expect.closeTo(0.135, 8), expect.closeTo(0.135, 8)]]);
    const noBond = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, BondName: 'Z-9' } });
    expect(noBond.statusCode).toBe(404);
    expect(noBond.json()).toEqual({ Message: 'Bond Z-9 was not found in ACIS 2020-DNA3.' });
    const notAcis = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, DealName: 'CIRT 2023-9' } });
    expect(notAcis.json()).toEqual({ Message: 'CIRT 2023-9 is not an ACIS deal.' });
  });
});

describe('saved scenarios in ACIS and CIRT runs', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  async function saveScenario(token: string): Promise<number> {
    // Percent per period: CPR 8 % then 12 %, CDR 1 % then 3 %, severity 40 %, delinquency 0.
    const res = await t.request({
      method: 'POST', url: '/api/scenarios/bulk', token,
      payload: { SaveMode: 'override', Scenarios: [{ ScenarioName: 'Reinsurance stress', DealName: null, Vendor: null, Cpr: [8, 12], Cdr: [1, 3], LossSeverity: [40], Delinquency: [0] }] },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { Ids: number[] }).Ids[0] as number;
  }

  it('runs the chosen scenario in place of the four inputs: the same answer as its vectors sent as fractions', async () => {
    const token = await t.token('analyst');
    const id = await saveScenario(token);
    const none = { Cpr: undefined, Cdr: undefined, LossSeverity: undefined, Delinquency: undefined };
    // The scenario's vectors as the request convention: period 0 first, percent / 100.
    const explicit = { Cpr: [0, 0.08, 0.12], Cdr: [0, 0.01, 0.03], LossSeverity: [0, 0.4], Delinquency: [0, 0] };
    const cirtByScenario = (await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, ...none, SelectedScenarioId: id } })).json() as CirtResponse;
    const cirtExplicit = (await t.request({ method: 'POST', url: '/api/simulate/cirt', token, payload: { ...cirt, ...explicit } })).json() as CirtResponse;
    expect(cirtByScenario.CirtCashflow[2]?.CdrRate).toBeCloseTo(0.03, 12);
    expect(cirtByScenario.CirtCashflow[1]?.LossSeverityRate).toBeCloseTo(0.4, 12);
    expect(cirtByScenario.Yield.Value).toBeCloseTo(cirtExplicit.Yield.Value as number, 12);
    expect(cirtByScenario.CirtCashflowTotals).toEqual(cirtExplicit.CirtCashflowTotals);
    // A defaults scenario is not the base case: the loss totals differ from the zero-CDR run.
    expect(cirtByScenario.CirtCashflowTotals.CollateralLosses).toBeGreaterThan(0);

    const acisByScenario = (await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, ...none, SelectedScenarioId: id } })).json() as AcisResponse;
    const acisExplicit = (await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, ...explicit } })).json() as AcisResponse;
    expect(acisByScenario.AcisCashflowTotals).toEqual(acisExplicit.AcisCashflowTotals);
    expect(acisByScenario.Yield.Value).toBeCloseTo(acisExplicit.Yield.Value as number, 12);
  });

  it('refuses a matrix with a scenario and a scenario the user cannot see', async () => {
    const id = await saveScenario(await t.token('admin'));
    const token = await t.token('analyst');
    const matrix = await t.request({ method: 'POST', url: '/api/simulate/cirt/matrix', token, payload: { ...cirt, SelectedScenarioId: id } });
    expect(matrix.json()).toEqual({ Message: 'Not supported scenario type.' });
    const hidden = await t.request({ method: 'POST', url: '/api/simulate/acis', token, payload: { ...acis, SelectedScenarioId: id } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ Message: 'Scenario was not found.' });
  });
});
