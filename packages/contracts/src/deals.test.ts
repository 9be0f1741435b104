import { describe, expect, it } from 'vitest';
import {
  CollateralMonthParamsSchema, CollateralReportQuerySchema, DEAL_CATALOG_CSV_COLUMNS, DealCatalogRowSchema, DealDetailsQuerySchema,
  DealsListQuerySchema, NO_DATE, YyyymmddSchema,
} from './deals.ts';

describe('deal contracts', () => {
  it('reads the export flag from query text', () => {
    expect(DealsListQuerySchema.parse({ export: 'true' })).toEqual({ export: true });
    expect(DealsListQuerySchema.parse({ export: 'false' })).toEqual({ export: false });
    expect(DealsListQuerySchema.parse({})).toEqual({});
    expect(DealsListQuerySchema.safeParse({ export: 'yes' }).success).toBe(false);
  });

  it('takes settlement dates as YYYYMMDD text and returns numbers', () => {
    expect(DealDetailsQuerySchema.parse({ settlementDate: '20260315' })).toEqual({ settlementDate: 20260315 });
    expect(DealDetailsQuerySchema.safeParse({ settlementDate: '2026-03-15' }).success).toBe(false);
    expect(DealDetailsQuerySchema.safeParse({}).success).toBe(false);
  });

  it('accepts 01/01/0000 (101) as the no-date value and rejects nonsense', () => {
    expect(YyyymmddSchema.parse(NO_DATE)).toBe(101);
    expect(YyyymmddSchema.safeParse(20261025.5).success).toBe(false);
    expect(YyyymmddSchema.safeParse(0).success).toBe(false);
  });

  it('validates collateral report months and group fields', () => {
    expect(CollateralMonthParamsSchema.safeParse({ name: 'CAS 2021-R03', month: '202610' }).success).toBe(true);
    expect(CollateralMonthParamsSchema.safeParse({ name: 'CAS 2021-R03', month: '20261025' }).success).toBe(true);
    expect(CollateralMonthParamsSchema.safeParse({ name: 'CAS 2021-R03', month: 'Oct-26' }).success).toBe(false);
    expect(CollateralReportQuerySchema.parse({})).toEqual({ group: 'Servicer' });
    expect(CollateralReportQuerySchema.safeParse({ group: 'Color' }).success).toBe(false);
  });

  it('exports every catalog field to CSV, in the row order of the contract', () => {
    // The custom-deal editor's link fields (which editor, which id) are screen plumbing, not deal data.
    const editorLinks = ['CustomDealId', 'CustomDealType'];
    expect([...DEAL_CATALOG_CSV_COLUMNS]).toEqual(Object.keys(DealCatalogRowSchema.shape).filter((k) => !editorLinks.includes(k)));
  });
});
