import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BONDS_HEADERS, exportPortfolio, importPortfolios, incorrectFormat, REINSURANCE_HEADERS, REVIEW_XLSX } from './portfolio-xlsx.ts';
import type { DealLookup } from '../../api/portfolio.api.ts';

const deals: DealLookup = {
  async find(name) {
    const all: Record<string, string[]> = { 'acis 2020-dna3': ['M-1', 'M-2A'], 'stacr 2020-dna3': ['A', 'M-2A'] };
    const bonds = all[name.toLowerCase()];
    return bonds ? { dealName: name.toUpperCase(), bonds } : undefined;
  },
};

async function book(rows: unknown[][]): Promise<ArrayBuffer> {
  const b = new ExcelJS.Workbook();
  const s = b.addWorksheet('x');
  for (const r of rows) s.addRow(r);
  return (await b.xlsx.writeBuffer()) as ArrayBuffer;
}

describe('portfolio spreadsheets', () => {
  it('exports and reads back the same portfolio: percents ×100, sheet name ≤ 30, file name with name and type', async () => {
    const name = 'A very long reinsurance portfolio name';
    const out = await exportPortfolio(name, 'Reinsurance', [{ DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 20, Cpr: 10, Cdr: 1.5, LossSeverity: 25, Delinquency: 0 }]);
    expect(out.fileName).toBe('A_very_long_reinsurance_portfolio_name_Reinsurance.xlsx');
    const check = new ExcelJS.Workbook();
    await check.xlsx.load(out.data);
    expect(check.worksheets[0]?.name.length).toBeLessThanOrEqual(30);
    expect(check.worksheets[0]?.getCell('F2').numFmt).toBe('0.00%');
    const back = await importPortfolios(out.data, [], deals);
    expect(back.errors).toEqual([]);
    expect(back.portfolios[0]).toMatchObject({ Name: name, PortfolioType: 'Reinsurance' });
    const e = back.portfolios[0]?.PortfolioEntries[0];
    expect(e).toMatchObject({ DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000 });
    expect(e?.Margin).toBeCloseTo(20, 10);
    expect(e?.Cdr?.[0]).toBeCloseTo(1.5, 10);
  });

  it('refuses a first row without 9 columns with the required headers', async () => {
    const out = await importPortfolios(await book([['Portfolio Name', 'Deal id']]), [], deals);
    expect(out.errors).toEqual([incorrectFormat(), REVIEW_XLSX]);
    expect(incorrectFormat()).toContain('Initial Limit ($)');
    expect(incorrectFormat()).toContain('Price ($)');
  });

  it('checks every row: existing portfolio, unknown deal, wrong type, unknown bond; blank bond is A', async () => {
    const head = ['Portfolio Name', 'Deal id', 'Bond id', 'Balance ($)', 'Price ($)', 'CPR (%)', 'CDR (%)', 'Sev (%)', 'Del (%)'];
    const out = await importPortfolios(await book([head,
      ['Old', 'STACR 2020-DNA3', 'A', 1, 100, 0, 0, 0, 0],
      ['New', 'NOPE', 'A', 1, 100, 0, 0, 0, 0],
      ['New', 'ACIS 2020-DNA3', 'M-1', 1, 100, 0, 0, 0, 0],
      ['New', 'STACR 2020-DNA3', 'Z', 1, 100, 0, 0, 0, 0],
    ]), ['old'], deals);
    expect(out.errors).toEqual([
      'Line 2: portfolio Old already exists', "Line 3: deal doesn't exist", 'Line 4: ACIS 2020-DNA3 cannot go into a Bonds portfolio',
      "Line 5: bond Z doesn't exist in STACR 2020-DNA3", REVIEW_XLSX,
    ]);
    const ok = await importPortfolios(await book([head, ['New', 'stacr 2020-dna3', '', '1,000', 99.5, 0.1, 0, 0, 0]]), [], deals);
    expect(ok.portfolios[0]?.PortfolioEntries[0]).toMatchObject({ BondName: 'A', OwnedFaceAmt: 1000, Margin: 99.5 });
    expect((await importPortfolios(new ArrayBuffer(8), [], deals)).errors).toEqual([REVIEW_XLSX]);
  });

  it('refuses out-of-range and unreadable numbers per row, naming the column as the sheet heads it (issue 23 #3)', async () => {
    const out = await importPortfolios(await book([[...REINSURANCE_HEADERS],
      ['Big', 'ACIS 2020-DNA3', 'M-2A', 1e20, 5000, 99, 0, 0, 0],
      ['Big', 'ACIS 2020-DNA3', 'M-2A', 'abc', 0.2, 0.1, 0, 0, 0],
      ['Big', 'ACIS 2020-DNA3', 'M-2A', -5, 0.2, 0.1, 0, 0, 0],
    ]), [], deals);
    expect(out.portfolios).toEqual([]);
    expect(out.errors).toEqual([
      'Line 2: Initial Limit ($) must be from 0 to 1,000,000,000,000', 'Line 2: Collateral Hold (%) must be from 0 to 100', 'Line 2: CPR (%) must be from 0 to 100',
      'Line 3: Initial Limit ($) must be a number', 'Line 4: Initial Limit ($) must be from 0 to 1,000,000,000,000', REVIEW_XLSX,
    ]);
    const bonds = await importPortfolios(await book([[...BONDS_HEADERS], ['B', 'STACR 2020-DNA3', 'A', 1000, 2000, 0, 0, 0, 0]]), [], deals);
    expect(bonds.errors).toEqual(['Line 2: Price ($) must be from 0 to 1,000', REVIEW_XLSX]);
  });
});
