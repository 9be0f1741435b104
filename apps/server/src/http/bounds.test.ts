import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 12 item 6, bounds: values that used to answer 500 or be accepted silently (garbage results)
 * are refused with 400 and a Message naming the field and the allowed range.
 */
describe('bounded request fields', () => {
  let t: TestApp;
  let analyst: string;
  beforeAll(async () => {
    t = await createTestApp();
    analyst = await t.token('analyst');
  });
  afterAll(async () => { await t.close(); });

  const refused = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.request({ method, url, token: analyst, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    return (res.json() as { Message: string }).Message;
  };
  const run = { DealName: 'STACR 2026-DNA1', Cpr: 0.06, Cdr: 0.005, LossSeverity: 0.3, Delinquency: 0, Libor: 0.04 };

  it('ids above 2^31−1 and absurd path dates', async () => {
    expect(await refused('GET', '/api/scenarios/2147483648')).toBe('id must be from 1 to 2,147,483,647');
    expect(await refused('PUT', '/api/portfolios/9007199254740991', { PortfolioEntries: [] })).toBe('id must be from 1 to 2,147,483,647');
    expect(await refused('DELETE', '/api/scenarios/bulk', [2 ** 40])).toBe('0 must be from 1 to 2,147,483,647');
    expect(await refused('GET', '/api/deals/STACR%202026-DNA1/99999999')).toBe('settlementDate must be a calendar date (YYYYMMDD)');
    expect(await refused('GET', '/api/deals/STACR%202026-DNA1/99991231')).toBe('settlementDate must be between 19000101 and 21001231.');
  });

  it('simulation inputs: settlement date, collateral group, index rate, severity', async () => {
    expect(await refused('POST', '/api/simulate', { ...run, SettlementDate: 99991231 })).toBe('Settlement Date must be from 19000101 to 21001231 (YYYYMMDD)');
    expect(await refused('POST', '/api/simulate', { ...run, SettlementDate: '99991231' })).toBe('Settlement Date must be between 19000101 and 21001231.');
    expect(await refused('POST', '/api/simulate', { ...run, CollateralGroup: 99 })).toBe('Collateral Group must be from 0 to 20');
    expect(await refused('POST', '/api/simulate', { ...run, CollateralGroup: -1 })).toBe('Collateral Group must be from 0 to 20');
    expect(await refused('POST', '/api/simulate', { ...run, CollateralGroup: 7 })).toMatch(/^CollateralGroup must be one of STACR 2026-DNA1's collateral groups \(/);
    expect(await refused('POST', '/api/simulate', { ...run, Libor: -0.5 })).toBe('LIBOR / SOFR must be from -0.1 to 1 (a fraction: 4 % is 0.04)');
    expect(await refused('POST', '/api/simulate', { ...run, LossSeverity: 1e300 })).toBe('Loss Severity must be from 0 to 1 (a fraction: 25 % is 0.25)');
    expect(await refused('POST', '/api/simulate', { ...run, Cpr: [0, 1e308] })).toBe('CPR period 1 must be from 0 to 0.999999 (a fraction: 10 % is 0.1)');
    // In range for the schema but plainly percent: the unit and the range answer (issue 23 #5).
    expect(await refused('POST', '/api/simulate', { ...run, Cpr: 5 })).toBe('CPR must be from 0 to 0.999999 (a fraction: 10 % is 0.1)');
    expect(await refused('POST', '/api/simulate', { ...run, Cpr: [0, 10, 12], LossSeverity: 'x' })).toBe('Missing valid: Loss Severity\nCPR must be from 0 to 0.999999 (a fraction: 10 % is 0.1)');
    // Out of range in either unit, or negative: the range and unit too (issue 23 #4), never a bare 'Missing valid'.
    expect(await refused('POST', '/api/simulate', { ...run, Cpr: 500 })).toBe('CPR must be from 0 to 0.999999 (a fraction: 10 % is 0.1)');
    expect(await refused('POST', '/api/simulate', { ...run, Cdr: -0.01 })).toBe('CDR must be from 0 to 0.999999 (a fraction: 0.5 % is 0.005)');
    // Letters: the spec's message.
    expect(await refused('POST', '/api/simulate', { ...run, Cpr: [0, 'x'] })).toBe('Missing valid: CPR');
    // One line per field (a union's branches and a refinement all fail on a dashed date), labelled as on screen.
    expect(await refused('POST', '/api/simulate', { ...run, SettlementDate: '2026-11-27' })).toBe('Settlement Date must be YYYYMMDD');
    // zod's defaults in the house wording.
    expect(await refused('POST', '/api/simulate', { ...run, TuneCpr: 0 })).toBe('Tune CPR must be above 0 (a multiplier)');
    expect(await refused('POST', '/api/simulate', { ...run, TuneCpr: 'x' })).toBe('Tune CPR must be a number (a multiplier)');
    expect(await refused('POST', '/api/simulate/price/matrix', { ...run, BondName: 'M-1', Yield: 0.05, MatrixCpr: [5, 500], MatrixCdr: [1] })).toBe('Matrix CPR (%) value 2 must be at most 99.9999');
    expect(await refused('POST', '/api/simulate/price/matrix', { ...run, BondName: 'M-1', Yield: 0.05, MatrixCpr: ['abc'], MatrixCdr: [1] })).toBe('Matrix CPR (%) value 1 must be a number');
    expect(await refused('POST', '/api/simulate', { ...run, CollateralGroup: 1.5 })).toBe('Collateral Group must be a whole number from 0 to 20');
    expect(await refused('POST', '/api/simulate', { ...run, PrepaymentModel: 'XYZ' })).toBe('PrepaymentModel must be one of "UserDefined", "LDM", "LDM_3", "AFT"');
  });

  it('reinsurance amounts and cancellation dates', async () => {
    const cirt = { ...run, DealName: 'CIRT 2023-9', OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01 };
    expect(await refused('POST', '/api/simulate/cirt', { ...cirt, CancellationDate: 0 })).toBe('Optional Cancellation Date must be from 190001 to 21001231 (YYYYMM or YYYYMMDD)');
    expect(await refused('POST', '/api/simulate/cirt', { ...cirt, OwnedFaceAmt: 1e308 })).toBe('Initial Limit ($) must be from 0 to 1,000,000,000,000');
  });

  it('portfolio entries: negative margin, CPR 500', async () => {
    const entry = { OrdinalNumber: 1, DealName: 'STACR 2026-DNA1', BondName: 'M-1', OwnedFaceAmt: 1000, Margin: 100 };
    const create = (e: object) => ({ Name: 'Bounded', PortfolioType: 'Bonds', PortfolioEntries: [{ ...entry, ...e }] });
    // A line and the field as the portfolio screen labels them, with unit and range (issue 23 #4).
    expect(await refused('POST', '/api/portfolios/', create({ Margin: -1 }))).toBe('Line 1: Price ($) must be from 0 to 1,000');
    expect(await refused('POST', '/api/portfolios/', create({ Cpr: [500] }))).toBe('Line 1: CPR (%) must be from 0 to 100');
    const runEntry = { OrdinalNumber: 1, DealName: 'STACR 2026-DNA1', BondName: 'M-1', Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, Libor: 0.04 };
    expect(await refused('POST', '/api/simulate/portfolio', { PortfolioType: 'Bonds', SettlementDate: 20261127, Entries: [{ ...runEntry, OwnedFaceAmt: -5 }] }))
      .toBe('Line 1: Balance ($) must be from 0 to 1,000,000,000,000');
    expect(await refused('POST', '/api/portfolios/bulk', [create({}), create({ OwnedFaceAmt: 1e20 })])).toBe('Line 1: Balance ($) must be from 0 to 1,000,000,000,000');
  });

  it('vectors with −5 or 1e308', async () => {
    expect(await refused('POST', '/api/vectors', [{ Name: 'neg', Value: [1, -5] }])).toBe('Vector neg: values must be between 0 and 100.');
    expect(await refused('POST', '/api/vectors', [{ Name: 'huge', Value: [1e308] }])).toBe('Vector huge: values must be between 0 and 100.');
  });

  it('a user name of several kilobytes at sign-in is a 400, not a 500', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/oauth/token', payload: `username=${'u'.repeat(3000)}&password=x&grant_type=password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'username must be at most 256 characters' });
  });
});
