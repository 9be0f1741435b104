import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BondRemitHistorySchema, CollateralHistorySchema, CollateralReportSchema, DealCatalogSchema, DealDetailSchema, DealRemitHistorySchema, exportDate, plainNumber,
} from '@opencrt/contracts';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_DATA_DIR } from './deal-catalog.loader.ts';
import { isValidCusip } from './cusip.ts';

let t: TestApp;
let admin: string;
let user: string;
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin');
  user = await t.token('user');
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, token });

describe('GET /deals', () => {
  it('lists the 30+ demo deals of every group for a seeded user', async () => {
    const res = await get('/deals', user);
    expect(res.statusCode).toBe(200);
    const rows = DealCatalogSchema.parse(res.json());
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const type of ['ACIS', 'CIRT', 'STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency'] as const) {
      expect(rows.filter((r) => r.DealType === type).length, type).toBeGreaterThanOrEqual(2);
    }
    const dna1 = rows.find((r) => r.DealName === 'STACR 2026-DNA1');
    expect(dna1).toMatchObject({ IssueDate: 20260217, MaturityDate: 20460225, OriginalBalance: 22781151551.84, FactorDate: 20261025, EarlyRedemptionDate: 20310225 });
    expect(rows.find((r) => r.DealName === 'SDART 2019-1')?.CurrentBalance).toBeLessThan(10);
    expect(rows.find((r) => r.DealName === 'STACR 2016-DNA1')?.EarlyRedemptionDate).toBe(101);
  });

  it('needs a token', async () => {
    expect((await get('/deals')).statusCode).toBe(401);
  });

  it('returns CSV to admins only, matching the JSON rows', async () => {
    expect((await get('/deals?export=true', user)).statusCode).toBe(403);
    const res = await get('/deals?export=true', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('deals_catalog.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('DealName,DealId,DealType,IssueDate,MaturityDate,OriginalBalance,CurrentBalance,DealFactor,FactorDate,FirstProjectedDate,EarlyRedemptionPct,EarlyRedemptionDate');
    const json = DealCatalogSchema.parse((await get('/deals?export=false', admin)).json());
    expect(lines.length - 1).toBe(json.length);
    const first = json[0];
    if (!first) throw new Error('empty catalog');
    // The export convention: dates YYYY-MM-DD (none for 01/01/0000), balances to the cent, the factor to 8 places.
    expect(lines[1]?.split(',')).toEqual([
      first.DealName, String(first.DealId), first.DealType, exportDate(first.IssueDate), exportDate(first.MaturityDate), plainNumber(first.OriginalBalance, 'money'),
      plainNumber(first.CurrentBalance, 'money'), plainNumber(first.DealFactor, 'number'), exportDate(first.FactorDate), exportDate(first.FirstProjectedDate),
      plainNumber(first.EarlyRedemptionPct, 'percent'), exportDate(first.EarlyRedemptionDate) ?? '']);
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      for (const at of [3, 4, 8, 9]) expect(cells[at], line).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cells[11], line).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
      expect(cells[5], line).toMatch(/^\d+(\.\d{1,2})?$/);
      expect(cells[7], line).toMatch(/^\d+(\.\d{1,8})?$/);
    }
  });

  it('rejects a malformed export flag', async () => {
    expect((await get('/deals?export=maybe', admin)).statusCode).toBe(400);
  });
});

describe('authentication', () => {
  it.each([
    '/deals', '/deals/names', '/deals/userDealsNames', '/deals/idByCusip/000000000', '/deals/CAS%202020-R01', '/deals/CAS%202020-R01/details?settlementDate=20230101',
    '/deals/CAS%202020-R01/20230101', '/deals/ACIS%202015-2/acis', '/deals/CAS%202020-R01/collateral/history', '/deals/CAS%202020-R01/collateral/remitHistory',
    '/deals/CAS%202020-R01/collateral/202610/report', '/deals/CAS%202020-R01/bonds/1M-1/remitHistory',
  ])('GET %s needs a token', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
  });
  it('POST /administrator/loadCatalogue needs a token', async () => {
    expect((await t.request({ method: 'POST', url: '/api/administrator/loadCatalogue' })).statusCode).toBe(401);
  });
});

describe('deal assignments', () => {
  it('shows a user only the deals assigned to them', async () => {
    const { id } = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'analyst').executeTakeFirstOrThrow();
    await sql`delete from user_deals where user_id = ${id} and deal_name = 'CAS 2021-R03'`.execute(t.ctx.db);
    const analyst = await t.token('analyst');
    const names = (await get('/deals/userDealsNames', analyst)).json() as string[];
    expect(names).not.toContain('CAS 2021-R03');
    expect(names).toContain('CAS 2021-R01');
    expect((await get('/deals/names', analyst)).json()).toContain('CAS 2021-R03');
    const res = await get(`/deals/${enc('CAS 2021-R03')}`, analyst);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: 'Deal file could not be opened' });
    expect((DealCatalogSchema.parse((await get('/deals', analyst)).json())).map((r) => r.DealName)).not.toContain('CAS 2021-R03');
  });
});

describe('GET /deals/{name}', () => {
  it('returns the detail with every STACR 2026-DNA1 class summing to the cut-off balance', async () => {
    const res = await get(`/deals/${enc('STACR 2026-DNA1')}`, user);
    expect(res.statusCode).toBe(200);
    const d = DealDetailSchema.parse(res.json());
    const classes = d.Bonds.filter((b) => !b.IsMACR);
    expect(classes.map((b) => b.BondName)).toEqual(['A-H', 'A-1', 'A-1H', 'M-1', 'M-1H', 'M-2A', 'M-2AH', 'M-2B', 'M-2BH', 'B-1H', 'B-2H', 'B-3H']);
    const cents = (x: number): number => Math.round(x * 100);
    expect(classes.reduce((s, b) => s + cents(b.OriginalBalance), 0)).toBe(2278115155184);
    expect(classes.reduce((s, b) => s + cents(b.CurrentBalance), 0)).toBe(cents(d.CollateralCurrentBalance));
    expect(d.Replines).toHaveLength(31);
    expect(d.Bonds.find((b) => b.BondName === 'M-1')).toMatchObject({ FloaterFormula: 'SOFR + 1.00%', OriginalEnhance: 2.25, IsMACR: false });
    expect(d.Bonds.filter((b) => b.IsMACR).length).toBe(20);
    expect(d.Bonds.every((b) => b.Cusip === null || isValidCusip(b.Cusip))).toBe(true);
    expect(d.DatesOfAvailableUpdates[0]).toBe(20261025);
    expect(d.Source.Kind).toBe('offering-memorandum');
    expect(d.Structure).not.toBeNull();
  });

  it('gives the index rate the floaters reset on, as of the factor date (issue 18 #1)', async () => {
    const d = DealDetailSchema.parse((await get(`/deals/${enc('STACR 2026-DNA1')}`, user)).json());
    const m1 = d.Bonds.find((b) => b.BondName === 'M-1');
    // M-1 is SOFR + 1.00%: its current coupon less the margin is the index the screens prefill.
    expect(d.IndexRate).toEqual({ Name: 'SOFR', RatePct: Number(((m1?.Coupon ?? 0) - 1).toFixed(5)), Date: 20261025 });
    expect(d.IndexRate?.RatePct).toBeGreaterThan(0);
    const agency = DealDetailSchema.parse((await get(`/deals/${enc('FHLMC 5005')}`, user)).json());
    expect(agency.IndexRate).toBeNull();
  });

  it('STACR 2026-DNA2 classes and rep lines come from the offering memorandum', async () => {
    const src = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'sources/stacr/stacr-2026-dna2.json'), 'utf8')) as {
      pool: { cut_off_balance: number; rep_lines: unknown[] }; reference_tranches: { name: string; initial_notional: number }[];
    };
    const d = DealDetailSchema.parse((await get(`/deals/${enc('STACR 2026-DNA2')}?type=acis`, user)).json());
    expect(d.Bonds.filter((b) => !b.IsMACR).map((b) => [b.BondName, b.OriginalBalance])).toEqual(src.reference_tranches.map((r) => [r.name, r.initial_notional]));
    expect(d.Replines).toHaveLength(src.pool.rep_lines.length);
    expect(d.CollateralOriginalBalance).toBe(src.pool.cut_off_balance);
  });

  it('answers 404 for an unknown deal and a bad extra segment', async () => {
    const res = await get('/deals/NO%20SUCH%20DEAL', user);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: 'Deal file could not be opened' });
    const wrong = await get(`/deals/${enc('CAS 2020-R01')}/whatever`, user);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ Message: 'Wrong path' });
  });

  it('gives the detail as of a settlement date (query or path)', async () => {
    const name = enc('CAS 2020-R01');
    const d = DealDetailSchema.parse((await get(`/deals/${name}/details?settlementDate=20230301`, user)).json());
    expect(d.FactorDate).toBe(20230225);
    expect(d.SettlementDate).toBe(20230301);
    const viaPath = DealDetailSchema.parse((await get(`/deals/${name}/20230301`, user)).json());
    expect(viaPath.CollateralCurrentBalance).toBe(d.CollateralCurrentBalance);
    const early = DealDetailSchema.parse((await get(`/deals/${name}/details?settlementDate=20100101`, user)).json());
    expect(early.SettlementDate).toBe(early.IssueDate);
    expect(early.CollateralCurrentBalance).toBe(early.CollateralOriginalBalance);
    expect((await get(`/deals/${name}/details?settlementDate=2023-03-01`, user)).statusCode).toBe(400);
  });

  it('shows agency pools as reremic rep lines', async () => {
    const d = DealDetailSchema.parse((await get(`/deals/${enc('FHLMC 5005')}`, user)).json());
    expect(d.Replines[0]?.reremic_data?.PoolNumber).toBe('QB1234');
    expect(d.Bonds.find((b) => b.BondName === 'Z')?.CollateralGroups).toEqual([2]);
  });
});

describe('GET /deals/{name}/acis and idByCusip', () => {
  it('returns the ACIS structure', async () => {
    const res = await get(`/deals/${enc('ACIS 2020-DNA3')}/acis`, user);
    expect(res.statusCode).toBe(200);
    const a = res.json() as { StacrDealName: string; Bonds: { AcisBondName: string; Premium: number }[] };
    expect(a.StacrDealName).toBe('STACR 2020-DNA3');
    expect(a.Bonds.map((b) => [b.AcisBondName, b.Premium])).toEqual([['M-1', 1], ['M-2A', 2.5], ['M-2B', 3.5], ['B-1A', 5], ['B-1B', 7], ['B-2', 10]]);
    expect((await get(`/deals/${enc('CAS 2020-R01')}/acis`, user)).statusCode).toBe(404);
  });

  it('finds a deal and bond by CUSIP and misses with a message', async () => {
    const d = DealDetailSchema.parse((await get(`/deals/${enc('VERUS 2025-1')}`, user)).json());
    const bond = d.Bonds[2];
    if (!bond?.Cusip) throw new Error('no cusip');
    const hit = await get(`/deals/idByCusip/${bond.Cusip.toLowerCase()}`, user);
    expect(hit.json()).toEqual({ DealName: 'VERUS 2025-1', BondName: bond.BondName });
    const miss = await get('/deals/idByCusip/000000000', user);
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ Message: 'No deal found for CUSIP 000000000' });
  });
});

describe('histories', () => {
  it('deal remit history reconciles with the bonds on every date', async () => {
    const name = enc('Home Re 2022-1');
    const remit = DealRemitHistorySchema.parse((await get(`/deals/${name}/collateral/remitHistory`, user)).json());
    expect(remit.length).toBeGreaterThan(40);
    expect(remit[0]?.Date).toBeGreaterThan(remit[1]?.Date ?? 0);
    const d = DealDetailSchema.parse((await get(`/deals/${name}`, user)).json());
    const histories = await Promise.all(d.Bonds.map(async (b) =>
      BondRemitHistorySchema.parse((await get(`/deals/${name}/bonds/${enc(b.BondName)}/remitHistory`, user)).json())));
    remit.forEach((r, i) => {
      const sum = histories.reduce((s, h) => s + Math.round((h[i]?.CurrentBalance ?? 0) * 100), 0);
      expect(sum).toBe(Math.round(r.CurrentBalance * 100));
    });
    const m1 = histories[1]?.[0];
    expect(m1 && Math.round((m1.StartingBalance - m1.Principal - m1.WriteDown) * 100)).toBe(m1 && Math.round(m1.CurrentBalance * 100));
  });

  it('404s an unknown bond', async () => {
    const res = await get(`/deals/${enc('Home Re 2022-1')}/bonds/ZZ/remitHistory`, user);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: 'Bond ZZ was not found in Home Re 2022-1' });
  });

  it('collateral history has loan counts and delinquencies', async () => {
    const rows = CollateralHistorySchema.parse((await get(`/deals/${enc('STACR 2016-DNA1')}/collateral/history`, user)).json());
    expect(rows.at(-1)?.Date).toBe(20160225);
    expect(rows[0]?.LoansCount).toBeLessThan(144144);
    expect(rows[0]?.OriginalBalance).toBe(35724056399);
  });

  it('groups the loan tape of the factor month and refuses other months', async () => {
    const name = enc('CAS 2021-R03');
    const res = await get(`/deals/${name}/collateral/202610/report?group=State`, user);
    expect(res.statusCode).toBe(200);
    const rows = CollateralReportSchema.parse(res.json());
    const d = DealDetailSchema.parse((await get(`/deals/${name}`, user)).json());
    expect(rows.reduce((s, r) => s + Math.round(r.CurrentBalance * 100), 0)).toBe(Math.round(d.CollateralCurrentBalance * 100));
    expect(rows.reduce((s, r) => s + Math.round(r.OriginalBalance * 100), 0)).toBe(Math.round(d.CollateralOriginalBalance * 100));
    expect(rows[0]?.Group).toBe('CA');
    const fb = CollateralReportSchema.parse((await get(`/deals/${name}/collateral/20261025/report?group=ForbearanceFlag`, user)).json());
    expect(fb.map((r) => r.Group).sort()).toEqual(['N', 'Y']);
    const miss = await get(`/deals/${name}/collateral/202301/report`, user);
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ Message: 'Collateral data for CAS 2021-R03 was not found for 202301' });
    expect((await get(`/deals/${enc('STACR 2026-DNA1')}/collateral/202610/report?group=ForbearanceFlag`, user)).statusCode).toBe(400);
    expect((await get(`/deals/${name}/collateral/202610/report?group=Color`, user)).statusCode).toBe(400);
  });

  it('groups the loan tape by FICO, LTV, CLTV and DTI buckets; each grouping adds up to the pool (issue 34 #3)', async () => {
    const name = enc('CAS 2021-R03');
    const d = DealDetailSchema.parse((await get(`/deals/${name}`, user)).json());
    const bands: Record<string, RegExp> = {
      FicoBucket: /^(\d: (< 620|\d{3}-\d{3}|800\+)|Unknown)$/, LtvBucket: /^(\d: (<= 60|\d{2}\.01-\d{2}|> 97)|Unknown)$/,
      CltvBucket: /^(\d: (<= 60|\d{2}\.01-\d{2}|> 97)|Unknown)$/, DtiBucket: /^(\d: (<= 30|\d{2}\.01-\d{2}|> 50)|Unknown)$/,
    };
    for (const [group, label] of Object.entries(bands)) {
      const res = await get(`/deals/${name}/collateral/202610/report?group=${group}`, user);
      expect(res.statusCode, res.body).toBe(200);
      const rows = CollateralReportSchema.parse(res.json());
      // CAS 2021-R03 is a 60.01-80 LTV pool: its LTV grouping is one band; scores and DTIs spread.
      expect(rows.length, group).toBeGreaterThanOrEqual(group === 'FicoBucket' || group === 'DtiBucket' ? 2 : 1);
      for (const r of rows) expect(r.Group, group).toMatch(label);
      expect(rows.reduce((s, r) => s + Math.round(r.CurrentBalance * 100), 0), group).toBe(Math.round(d.CollateralCurrentBalance * 100));
    }
  });
});

describe('POST /administrator/loadCatalogue', () => {
  it('is admin only and reloads the same data', async () => {
    expect((await t.request({ method: 'POST', url: '/api/administrator/loadCatalogue', token: user })).statusCode).toBe(403);
    const before = (await get('/deals', admin)).json() as unknown[];
    const res = await t.request({ method: 'POST', url: '/api/administrator/loadCatalogue', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: 'Deal catalogue loaded.', Deals: before.length });
    expect((res.json() as { Loans: number }).Loans).toBe(7 * 2000);
    expect((await get('/deals', admin)).json()).toEqual(before);
  });
});
