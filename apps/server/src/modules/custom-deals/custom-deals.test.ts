import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import type {
  AcisResponse, CirtDeal, CirtResponse, CustomDealCreated, CustomDealList, DealCatalogRow, StacrAcisDeal, StoredCustomDeal,
} from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The editor's CIRT defaults (spec 001 §9) with fixed dates. */
export const cirtDeal = (name: string): CirtDeal => ({
  Type: 'CIRT', Name: name, ReferencePoolBalance: 1e9, Wac: 3, Wam: 357, AnnualPremiumRatePct: 0.12, RetentionPct: 0.5,
  LimitOfLiabilityPct: 3.5, EffectiveDate: 20260101, FirstPayDate: 20260125, MaturityDate: 20380101, EarlyRedemptionDate: 20310101,
  CancellationPct: 10, UseLiability: false,
  LiabilityStepDowns: [12, 24, 36, 48, 60, 999].map((start, i) => ({
    StartPeriod: start, EndPeriod: 1, Reassess: 0, BalanceMultiplier: i === 0 ? 1.15 : 1, DelinquentMultiplier: [6.5, 4.25, 3, 3, 2, 2][i] as number, Detachment: 4,
  })),
});

export const stacrAcisDeal = (suffix: string): StacrAcisDeal => ({
  Type: 'STACR_ACIS', Name: `STACR 2026-${suffix}`, DependantNames: [`ACIS 2026-${suffix}`],
  STACR: {
    Name: `STACR 2026-${suffix}`,
    CollateralInformation: [{ ReferencePoolBalance: 1e9, Wac: 3, Wam: 357, Wala: 0 }],
    ContractInformation: { ClosingDate: 20260130, FirstPayDate: 20260225, MaturityDate: 20560225, EarlyRedemptionDate: 20310225, CancellationPct: 10 },
    Structure: { CETarget: 1, DlqTarget: 50, DlqMonthsAverage: 6, UseCumLossTest: true },
    Liability: [
      { BondName: 'A', Detachment: 100, Thickness: 97, Balance: 970_000_000, Coupon: 0, Spread: 0 },
      { BondName: 'M1', Detachment: 3, Thickness: 2, Balance: 20_000_000, Coupon: 0, Spread: 2.5 },
      { BondName: 'B1', Detachment: 1, Thickness: 1, Balance: 10_000_000, Coupon: 0, Spread: 6 },
    ],
  },
  ACIS: {
    Name: `ACIS 2026-${suffix}`,
    Structure: { EffectiveDate: 20260130, MaturityDate: 20380130, MonthsToCall: 60 },
    Liability: [
      { BondName: 'M1', OfferedPct: 50, Balance: 10_000_000, Premium: 3, CallMultiplier: 1 },
      { BondName: 'B1', OfferedPct: 100, Balance: 10_000_000, Premium: 8, CallMultiplier: 1 },
    ],
  },
});

describe('custom deals API', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('refuses every write to a plain user with 403, and reads need a token', async () => {
    const token = await t.token('user');
    const writes = [
      ['POST', '/api/deals/custom/cirt'], ['PUT', '/api/deals/custom/cirt/100001'], ['POST', '/api/deals/custom/stacr_acis'],
      ['PUT', '/api/deals/custom/stacr_acis/100001'], ['POST', '/api/deals/custom/python'], ['PUT', '/api/deals/custom/python/100001'],
      ['DELETE', '/api/deals/custom/100001'],
    ] as const;
    for (const [method, url] of writes) {
      const res = await t.request({ method, url, token, payload: method === 'DELETE' ? undefined : cirtDeal('CIRT 2026-USER') });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/deals/custom/' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/deals/custom/', token })).statusCode).toBe(200);
  });

  it('answers 400 with the spec messages for an invalid CIRT deal and stores nothing', async () => {
    const token = await t.token('analyst');
    const bad = { ...cirtDeal(''), Wac: null, FirstPayDate: 20251201, EarlyRedemptionDate: 20260230 };
    const res = await t.request({ method: 'POST', url: '/api/deals/custom/cirt', token, payload: bad });
    expect(res.statusCode).toBe(400);
    const message = (res.json() as { Message: string }).Message;
    expect(message).toContain('Invalid data, Deal cannot be created.');
    expect(message).toContain('Name: Field is required.');
    expect(message).toContain('Wac: Field is required.');
    expect(message).toContain('EffectiveDate: Effective Date should be less than First Pay Date');
    expect(message).toContain('EarlyRedemptionDate: Invalid Date');
    expect((await t.request({ method: 'GET', url: '/api/deals/custom/', token })).json()).toEqual([]);
  });

  it('refuses a date outside 1900-2100 and stores nothing (issue 23 sweep: a 12/31/9999 maturity was saved)', async () => {
    const token = await t.token('analyst');
    const res = await t.request({ method: 'POST', url: '/api/deals/custom/cirt', token, payload: { ...cirtDeal('CIRT 2026-FAR'), MaturityDate: 99991231 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Message).toBe('Invalid data, Deal cannot be created.\nMaturityDate: Must be from 01/01/1900 to 12/31/2100.');
    const pair = stacrAcisDeal('FAR');
    const stacr = await t.request({ method: 'POST', url: '/api/deals/custom/stacr_acis', token, payload: { ...pair, ACIS: { ...pair.ACIS, Structure: { ...pair.ACIS.Structure, MaturityDate: 99991231 } } } });
    expect(stacr.statusCode, stacr.body).toBe(400);
    expect(stacr.json().Message).toContain('Must be from 01/01/1900 to 12/31/2100.');
    expect((await t.request({ method: 'GET', url: '/api/deals/custom/', token })).json()).toEqual([]);
  });

  it('creates a CIRT deal that joins every catalog and runs on /simulate/cirt with the hand-computed premium', async () => {
    const analyst = await t.token('analyst');
    const created = await t.request({ method: 'POST', url: '/api/deals/custom/cirt', token: analyst, payload: cirtDeal('CIRT 2026-API1') });
    expect(created.statusCode).toBe(200);
    const { Id } = created.json() as CustomDealCreated;
    expect(Id).toBeGreaterThan(100000);

    const list = (await t.request({ method: 'GET', url: '/api/deals/custom/', token: analyst })).json() as CustomDealList;
    expect(list).toEqual([{ Item1: 'CIRT 2026-API1', Item2: { Id, LastModified: expect.any(String), StructureAsObject: { Type: 'CIRT' } } }]);
    const stored = (await t.request({ method: 'GET', url: `/api/deals/custom/${Id}`, token: analyst })).json() as StoredCustomDeal;
    expect(stored.StructureAsObject).toEqual(cirtDeal('CIRT 2026-API1'));
    expect(JSON.parse(stored.Structure)).toEqual(cirtDeal('CIRT 2026-API1'));

    // A plain user sees it in the catalog (no write rights needed to run it).
    const userToken = await t.token('user');
    const catalog = (await t.request({ method: 'GET', url: '/api/deals', token: userToken })).json() as DealCatalogRow[];
    expect(catalog.find((r) => r.DealName === 'CIRT 2026-API1')).toMatchObject({ DealType: 'CIRT', DealId: Id, CustomDealId: Id, CustomDealType: 'CIRT', OriginalBalance: 1e9 });

    const run = await t.request({
      method: 'POST', url: '/api/simulate/cirt', token: userToken,
      payload: { DealName: 'CIRT 2026-API1', SettlementDate: 20260101, Cpr: 0.1, Cdr: 0, LossSeverity: 0.2, Delinquency: 0, OwnedFaceAmt: '1,000,000', Margin: 0.2, InterestRate: 0 },
    });
    expect(run.statusCode).toBe(200);
    const body = run.json() as CirtResponse;
    // Limit 3.5 % of $1bn = $35M; the user's $1M is 1/35 of it. Month 1 premium = 0.12 %/12 × $1bn × 1/35 = 2,857.142857…
    expect(body.PolicyInformation).toMatchObject({ LiabilityLimit: 35_000_000, RetentionLimit: expect.closeTo(5_000_000, 2) });
    expect(body.CirtCashflow[1]?.InsurancePremium).toBeCloseTo((0.0012 / 12) * 1e9 / 35, 6);
    expect(body.CirtCashflow[1]?.PaymentDate).toBe('2026-01-25');
  });

  it('creates, updates and deletes a STACR + ACIS pair; both run; the names are checked', async () => {
    const token = await t.token('admin');
    const deal = stacrAcisDeal('APIX');
    const created = await t.request({ method: 'POST', url: '/api/deals/custom/stacr_acis', token, payload: deal });
    expect(created.statusCode, created.body).toBe(200);
    const { Id, CatalogNames } = created.json() as CustomDealCreated;
    expect(CatalogNames).toEqual(['STACR 2026-APIX', 'ACIS 2026-APIX']);

    const scenario = { Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.3, Delinquency: 0, Libor: 0.04 };
    const stacr = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'STACR 2026-APIX', SettlementDate: 20260130, ...scenario } });
    expect(stacr.statusCode, stacr.body).toBe(200);
    const bonds = (stacr.json() as { BondsCashflows: { BondName: string; BondCashflow: { Balance: number }[] }[] }).BondsCashflows;
    expect(bonds.map((b) => b.BondName)).toEqual(expect.arrayContaining(['A', 'M1', 'B1']));
    const detail = (await t.request({ method: 'GET', url: '/api/deals/STACR%202026-APIX', token })).json() as { Bonds: { BondName: string; OriginalBalance: number }[] };
    // Thickness × pool: M1 = (3 − 1) % of $1bn, B1 = 1 %, A the rest.
    expect(detail.Bonds.map((b) => [b.BondName, b.OriginalBalance])).toEqual([['A', 970_000_000], ['M1', 20_000_000], ['B1', 10_000_000]]);
    const m1 = bonds.find((b) => b.BondName === 'M1')?.BondCashflow ?? [];
    expect(m1[0]?.Balance).toBeLessThanOrEqual(20_000_000);

    const acis = await t.request({
      method: 'POST', url: '/api/simulate/acis', token,
      payload: { DealName: 'ACIS 2026-APIX', BondName: 'M1', SettlementDate: 20260130, ...scenario, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0 },
    });
    expect(acis.statusCode, acis.body).toBe(200);
    const acisBody = acis.json() as AcisResponse;
    // 3 % a year on the user's $1M limit: month 1 premium = 2,500.
    expect(acisBody.AcisCashflow[1]?.InsurancePremium).toBeCloseTo(2500, 6);

    // A name taken by a shipped deal is refused; an invalid mask gives the spec message.
    const clash = await t.request({ method: 'PUT', url: `/api/deals/custom/stacr_acis/${Id}`, token, payload: { ...deal, STACR: { ...deal.STACR, Name: 'STACR 2020-DNA3' } } });
    expect(clash.statusCode).toBe(409);
    const mask = await t.request({ method: 'PUT', url: `/api/deals/custom/stacr_acis/${Id}`, token, payload: { ...deal, STACR: { ...deal.STACR, Name: 'STACR 2026-AA' } } });
    expect(mask.statusCode).toBe(400);
    expect(mask.body).toContain('Name mask is: STACR YYYY-[a-z0-9]{3}*');

    const renamed = { ...deal, STACR: { ...deal.STACR, Name: 'STACR 2026-APIY' }, ACIS: { ...deal.ACIS, Name: 'ACIS 2026-APIY' } };
    const updated = await t.request({ method: 'PUT', url: `/api/deals/custom/stacr_acis/${Id}`, token, payload: renamed });
    expect(updated.statusCode, updated.body).toBe(200);
    const names = ((await t.request({ method: 'GET', url: '/api/deals', token })).json() as DealCatalogRow[]).map((r) => r.DealName);
    expect(names).toEqual(expect.arrayContaining(['STACR 2026-APIY', 'ACIS 2026-APIY']));
    expect(names).not.toContain('STACR 2026-APIX');

    const deleted = await t.request({ method: 'DELETE', url: `/api/deals/custom/${Id}`, token });
    expect(deleted.statusCode).toBe(200);
    const after = ((await t.request({ method: 'GET', url: '/api/deals', token })).json() as DealCatalogRow[]).map((r) => r.DealName);
    expect(after).not.toContain('STACR 2026-APIY');
    expect((await t.request({ method: 'GET', url: `/api/deals/custom/${Id}`, token })).json()).toEqual({ Message: `Unable to find custom deal. Id: ${Id}.` });
  });

  it('builds a template deal whose edited coupon changes the bond interest, and drops zero-balance bonds', async () => {
    const token = await t.token('analyst');
    const template = await t.request({ method: 'GET', url: '/api/deals/custom/template?name=FHLMC%205005', token });
    expect(template.statusCode).toBe(200);
    expect((template.json() as { Bonds: { BondName: string }[] }).Bonds.map((b) => b.BondName)).toEqual(['PA', 'PB', 'SC', 'Z']);
    const payload = { Type: 'PYTHON', Name: 'REMIC CUSTOM API', DealName: 'FHLMC 5005', DealType: 'REMIC', CustomFields: { PA: { coupon: 1 }, PB: { balance: 0 } } };
    const created = await t.request({ method: 'POST', url: '/api/deals/custom/python', token, payload });
    expect(created.statusCode, created.body).toBe(200);
    const run = async () => {
      const res = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'REMIC CUSTOM API', Cpr: 0.1, Cdr: 0, LossSeverity: 0, Delinquency: 0, Libor: 0.04 } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { BondsCashflows: { BondName: string; BondCashflow: { Interest: number; Balance: number }[] }[] }).BondsCashflows;
    };
    const bonds = await run();
    expect(bonds.map((b) => b.BondName)).not.toContain('PB');
    const interest = (list: typeof bonds) => list.find((b) => b.BondName === 'PA')?.BondCashflow.map((r) => r.Interest) ?? [];
    const pa3 = bonds.find((b) => b.BondName === 'PA')?.BondCashflow ?? [];
    // Every full month: the prior balance × 1 % / 12 (30/360; below the collateral rate, so no interest shortfall).
    for (let i = 1; i < 12; i++) expect(pa3[i]?.Interest).toBeCloseTo(((pa3[i - 1]?.Balance ?? 0) * 0.01) / 12, 1);
    const at3 = interest(bonds);
    const { Id } = created.json() as CustomDealCreated;
    const edited = await t.request({ method: 'PUT', url: `/api/deals/custom/python/${Id}`, token, payload: { ...payload, CustomFields: { PA: { coupon: 1.25 }, PB: { balance: 0 } } } });
    expect(edited.statusCode, edited.body).toBe(200);
    const at6 = interest(await run());
    expect(at3.length).toBeGreaterThan(12);
    // Same PAC principal schedule, 1.25 % instead of 1 %: every interest payment is 25 % higher.
    at3.slice(0, 12).forEach((x, i) => expect(at6[i]).toBeCloseTo(1.25 * x, 1));
  });

  it('exports a real OpenDocument spreadsheet to admins only', async () => {
    const admin = await t.token('admin');
    const created = await t.request({ method: 'POST', url: '/api/deals/custom/cirt', token: admin, payload: cirtDeal('CIRT 2026-ODF') });
    const { Id } = created.json() as CustomDealCreated;
    expect((await t.request({ method: 'GET', url: `/api/deals/custom/${Id}?export=true`, token: await t.token('analyst') })).statusCode).toBe(403);
    const res = await t.request({ method: 'GET', url: `/api/deals/custom/${Id}?export=true`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="CIRT 2026-ODF.ods"');
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(await zip.file('mimetype')?.async('string')).toBe('application/vnd.oasis.opendocument.spreadsheet');
    const content = await zip.file('content.xml')?.async('string');
    expect(content).toContain('table:name="Deal"');
    expect(content).toContain('<text:p>CIRT 2026-ODF</text:p>');
    expect(content).toContain('office:value="1000000000"');
    expect(content).toContain('table:name="LiabilityStepDowns"');
  });
});
