/**
 * Portfolio spreadsheets (spec 002 §5 "Spreadsheet portfolio import", §7 "Portfolio export"):
 * one row per entry under the 9 headers; several portfolios may share a file (column Portfolio
 * Name). Percent columns hold fractions formatted 0.00% (so 20 % is 0.2 in the cell and ×100 on
 * import); amounts are dollars.
 */
import ExcelJS from 'exceljs';
import {
  atLine, exportNumber, isReinsuranceDealName, mustBeNumber, portfolioEntryProblems, type ExportKind, type PortfolioCreateRequest, type PortfolioType,
} from '@opencrt/contracts';
import { addXlsxRow } from '../../components/cashflow-export/export-cashflows.ts';
import type { DealLookup } from '../../api/portfolio.api.ts';

export const REINSURANCE_HEADERS = ['Portfolio Name', 'Deal id', 'Bond id', 'Initial Limit ($)', 'Collateral Hold (%)', 'CPR (%)', 'CDR (%)', 'Sev (%)', 'Del (%)'] as const;
export const BONDS_HEADERS = ['Portfolio Name', 'Deal id', 'Bond id', 'Balance ($)', 'Price ($)', 'CPR (%)', 'CDR (%)', 'Sev (%)', 'Del (%)'] as const;
export const REVIEW_XLSX = 'Please review the input XLSX file.';
export const DEFAULT_BOND = 'A';

export const incorrectFormat = (): string =>
  `Incorrect file format. The first row must have 9 columns. Reinsurance: ${REINSURANCE_HEADERS.join(', ')}. Bonds: ${BONDS_HEADERS.join(', ')}.`;


export interface ImportOutcome { portfolios: PortfolioCreateRequest[]; errors: string[] }

const cellNumber = (v: ExcelJS.CellValue): number => {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && 'result' in v && typeof v.result === 'number') return v.result;
  const n = Number(String(v ?? '').replace(/[,%$\s]/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
};
/** A percent cell's fraction as percent, without the ×100 noise (0.011 → 1.1, not 1.0999999999999999). */
const pct = (fraction: number): number => exportNumber(fraction * 100, 'number') ?? fraction * 100;
const cellText = (v: ExcelJS.CellValue): string => (v === null || v === undefined ? '' : typeof v === 'object' && 'text' in v ? String(v.text) : String(v)).trim();

/**
 * Reads the first sheet: the header row decides the type (Initial Limit → Reinsurance, Balance →
 * Bonds); every row is checked (existing portfolio, deal exists, type, bond exists; blank bond = 'A').
 */
export async function importPortfolios(data: ArrayBuffer, existingNames: readonly string[], deals: DealLookup): Promise<ImportOutcome> {
  const book = new ExcelJS.Workbook();
  try { await book.xlsx.load(data); } catch { return { portfolios: [], errors: [REVIEW_XLSX] }; }
  const sheet = book.worksheets[0];
  const header = sheet ? (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(cellText).filter((h) => h !== '') : [];
  if (header.length !== 9) return { portfolios: [], errors: [incorrectFormat(), REVIEW_XLSX] };
  const type: PortfolioType = /balance/i.test(header[3] ?? '') ? 'Bonds' : 'Reinsurance';
  const taken = new Set(existingNames.map((n) => n.toLowerCase()));
  const byName = new Map<string, PortfolioCreateRequest>();
  const errors: string[] = [];
  const rows: { row: ExcelJS.Row; rowNumber: number }[] = [];
  sheet?.eachRow((row, rowNumber) => { if (rowNumber > 1) rows.push({ row, rowNumber }); });
  for (const { row, rowNumber } of rows) {
    const v = (i: number) => row.getCell(i).value;
    const name = cellText(v(1));
    const dealText = cellText(v(2));
    if (name === '' && dealText === '') continue;
    // The sheet's row number, as the spreadsheet shows it (the header is line 1).
    const where = (text: string) => atLine(rowNumber, text);
    if (taken.has(name.toLowerCase())) { errors.push(where(`portfolio ${name} already exists`)); continue; }
    const deal = await deals.find(dealText);
    if (!deal) { errors.push(where("deal doesn't exist")); continue; }
    if (isReinsuranceDealName(deal.dealName) !== (type === 'Reinsurance')) {
      errors.push(where(`${deal.dealName} cannot go into a ${type} portfolio`));
      continue;
    }
    const bondText = cellText(v(3)) || DEFAULT_BOND;
    const bond = deal.bonds.find((b) => b.toLowerCase() === bondText.toLowerCase());
    if (!bond) { errors.push(where(`bond ${bondText} doesn't exist in ${deal.dealName}`)); continue; }
    const amounts = [4, 5, 6, 7, 8, 9].map((i) => cellNumber(v(i)));
    const unreadable = amounts.flatMap((x, i) => (Number.isFinite(x) ? [] : [mustBeNumber((type === 'Reinsurance' ? REINSURANCE_HEADERS : BONDS_HEADERS)[i + 3] ?? '')]));
    if (unreadable.length) { errors.push(...unreadable.map(where)); continue; }
    const [face, margin, cpr, cdr, sev, del] = amounts as [number, number, number, number, number, number];
    const entry = {
      OrdinalNumber: (byName.get(name)?.PortfolioEntries.length ?? 0) + 1, DealName: deal.dealName, BondName: bond, OwnedFaceAmt: face,
      // Collateral % is a percent cell (×100); a bond price is dollars per 100 as written.
      Margin: type === 'Reinsurance' ? pct(margin) : margin, AnnualPremium: 0,
      Cpr: [pct(cpr)], Cdr: [pct(cdr)], LossSeverity: [pct(sev)], Delinquency: [pct(del)], Libor: [0],
    };
    // Out of range (issue 23 #3: a limit of 1e20 or collateral of 500000 % was accepted): the row is refused.
    const ranges = portfolioEntryProblems(type, entry);
    if (ranges.length) { errors.push(...ranges.map(where)); continue; }
    const p = byName.get(name) ?? { Name: name, PortfolioType: type, PortfolioEntries: [] };
    p.PortfolioEntries.push(entry);
    byName.set(name, p);
  }
  if (errors.length > 0) return { portfolios: [], errors: [...errors, REVIEW_XLSX] };
  if (byName.size === 0) return { portfolios: [], errors: [REVIEW_XLSX] };
  return { portfolios: [...byName.values()], errors: [] };
}

export interface ExportEntry { DealName: string; BondName: string; OwnedFaceAmt: number; Margin: number; Cpr: number; Cdr: number; LossSeverity: number; Delinquency: number }

/**
 * The export file: name contains the portfolio name and type; sheet name at most 30 characters;
 * percents are fractions formatted 0.00% (rounded to the export convention's 6 places, so 1.1 %
 * is 0.011, not 0.011000000000000001), amounts to the cent, bond prices to 5 places.
 */
export async function exportPortfolio(name: string, type: PortfolioType, entries: readonly ExportEntry[]): Promise<{ fileName: string; data: ArrayBuffer }> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet((name.replace(/[\\/?*[\]:]/g, '_') || 'Portfolio').slice(0, 30));
  sheet.addRow(type === 'Reinsurance' ? [...REINSURANCE_HEADERS] : [...BONDS_HEADERS]);
  const kinds: ExportKind[] = ['text', 'text', 'text', 'money', type === 'Reinsurance' ? 'fraction' : 'price', 'fraction', 'fraction', 'fraction', 'fraction'];
  const percent = '0.00%';
  const numFmts = [undefined, undefined, undefined, undefined, type === 'Reinsurance' ? percent : undefined, percent, percent, percent, percent];
  for (const e of entries) {
    addXlsxRow(sheet, [name, e.DealName, e.BondName, e.OwnedFaceAmt, type === 'Reinsurance' ? e.Margin / 100 : e.Margin, e.Cpr / 100, e.Cdr / 100, e.LossSeverity / 100, e.Delinquency / 100], kinds, numFmts);
  }
  const data = (await book.xlsx.writeBuffer()) as ArrayBuffer;
  return { fileName: `${name.replace(/[^\w.-]+/g, '_')}_${type}.xlsx`, data };
}
