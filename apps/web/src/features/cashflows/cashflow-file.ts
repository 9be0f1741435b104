/**
 * Reading and writing the XLSX files of user collateral cashflows (spec 002 "User collateral
 * cashflow"). A file holds one cashflow; its name gives the label: deal.month.scenario[.vendor].xlsx
 * (e.g. "STACR 2026-DNA1.202602.Base.Acme.xlsx"). The first sheet has a header row naming the
 * columns of the screen's table, then the period-0 row (only Balance is read) and one row per month.
 * Amounts are dollars; Delinquency and Libor are fractions (1 % = 0.01).
 */
import ExcelJS from 'exceljs';
import {
  cashflowColumnRange, CollateralMonthSchema, MAX_AMOUNT, UserCollateralCashflowSchema,
  type CollateralCashflowLists, type ExportKind, type UserCollateralCashflow,
} from '@opencrt/contracts';
import { addXlsxRow } from '../../components/cashflow-export/export-cashflows.ts';
import { cellNumber, cellText, isBlank } from '../../components/spreadsheet/sheet-cells.ts';

type ListKey = keyof CollateralCashflowLists;

/** The table's columns (spec 002 checklist §3) and the entity list each one fills. */
export const CASHFLOW_COLUMNS: readonly { title: string; key: ListKey; fraction?: boolean }[] = [
  { title: 'Balance', key: 'Balance' },
  { title: 'Gross Interest', key: 'Interest' },
  { title: 'Net Interest', key: 'PassThru' },
  { title: 'Scheduled Principal', key: 'ScheduledPrincipal' },
  { title: 'Prepaid Principal', key: 'PrepaidPrincipal' },
  { title: 'Defaults', key: 'Defaults' },
  { title: 'Losses', key: 'Losses' },
  { title: 'Recoveries', key: 'Recoveries' },
  { title: 'Delinquency', key: 'Delinquency', fraction: true },
  { title: 'Libor', key: 'Libor', fraction: true },
];

const squash = (s: string) => s.toLowerCase().replace(/[\s_]+/g, '');
/** Header texts accepted for each list: the table's title and the entity's field name. */
const HEADER_KEYS = new Map<string, ListKey>(CASHFLOW_COLUMNS.flatMap((c) => [[squash(c.title), c.key], [squash(c.key), c.key]] as [string, ListKey][]));

/** The label parts of a file name deal.month.scenario[.vendor].xlsx, or a message saying what is wrong. */
export function labelOfFileName(fileName: string): { DealName: string; CollateralMonth: string; ScenarioName: string; Vendor: string } | string {
  const base = fileName.replace(/\.xlsx$/i, '');
  const parts = base.split('.').map((p) => p.trim());
  const expected = `${fileName}: the file name must be deal.month.scenario[.vendor].xlsx, e.g. "STACR 2026-DNA1.202602.Base.xlsx".`;
  if (!/\.xlsx$/i.test(fileName) || parts.length < 3 || parts.length > 4 || parts.some((p) => p === '')) return expected;
  const month = CollateralMonthSchema.safeParse(parts[1]);
  if (!month.success) return `${fileName}: "${parts[1]}" is not a collateral month (YYYYMM).`;
  return { DealName: parts[0]!, CollateralMonth: month.data, ScenarioName: parts[2]!, Vendor: parts[3] ?? '' };
}

const emptyLists = (): CollateralCashflowLists => ({
  Balance: [], Interest: [], PassThru: [], ScheduledPrincipal: [], PrepaidPrincipal: [],
  Defaults: [], Losses: [], Recoveries: [], Delinquency: [], Libor: [],
});

/**
 * Parses one uploaded file into a cashflow.
 * @throws Error with a message naming the file and the cell or column at fault
 */
export async function parseCashflowFile(data: ArrayBuffer, fileName: string): Promise<UserCollateralCashflow> {
  const label = labelOfFileName(fileName);
  if (typeof label === 'string') throw new Error(label);
  const book = new ExcelJS.Workbook();
  try { await book.xlsx.load(data); } catch { throw new Error(`${fileName}: the file is not an XLSX workbook.`); }
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error(`${fileName}: the workbook has no sheet.`);
  // Header row: every column of the table must be there (Period is optional and not read).
  const columns = new Map<ListKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = HEADER_KEYS.get(squash(cellText(cell.value)));
    if (key && !columns.has(key)) columns.set(key, col);
  });
  const missing = CASHFLOW_COLUMNS.filter((c) => !columns.has(c.key)).map((c) => c.title);
  if (missing.length) throw new Error(`${fileName}: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} in the first row.`);
  const lists = emptyLists();
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = CASHFLOW_COLUMNS.map((c) => row.getCell(columns.get(c.key)!).value);
    if (cells.every(isBlank)) continue; // blank rows (e.g. at the end) are skipped
    const first = lists.Balance.length === 0;
    CASHFLOW_COLUMNS.forEach((c, i) => {
      const value = cells[i]!;
      // The period-0 row is blank except Balance (spec 002): its other cells count as 0.
      if (isBlank(value) && !(c.key === 'Balance') && first) { lists[c.key].push(0); return; }
      const n = cellNumber(value);
      if (n === null) throw new Error(`${fileName}, row ${r}, column ${c.title}: "${cellText(value)}" is not a number.`);
      if (c.fraction && Math.abs(n) > 1) throw new Error(`${fileName}, row ${r}, column ${c.title}: ${n} is not a fraction (write 1 % as 0.01).`);
      // Out of the column's range (a negative amount, 1e20, a negative delinquency): the cell and the range.
      const [min, max] = c.fraction ? [c.key === 'Libor' ? -1 : 0, 1] : [0, MAX_AMOUNT];
      if (n < min || n > max) throw new Error(`${fileName}, row ${r}, column ${cashflowColumnRange(c.title, Boolean(c.fraction))}`);
      lists[c.key].push(n);
    });
  }
  if (lists.Balance.length < 2) throw new Error(`${fileName}: the sheet needs the period-0 balance and at least one month.`);
  const parsed = UserCollateralCashflowSchema.safeParse({ ...label, CollateralCashflow: lists });
  if (!parsed.success) throw new Error(`${fileName}: ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  return parsed.data;
}

/** A workbook of one cashflow in the upload layout (the sample, or a saved cashflow downloaded). */
export async function cashflowWorkbook(lists: CollateralCashflowLists): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Cashflow');
  sheet.addRow(['Period', ...CASHFLOW_COLUMNS.map((c) => c.title)]);
  // The export convention: amounts to the cent, Delinquency and Libor fractions to 6 places.
  const kinds: ExportKind[] = ['integer', ...CASHFLOW_COLUMNS.map((c): ExportKind => (c.fraction ? 'fraction' : 'money'))];
  const numFmts = kinds.map((k) => (k === 'fraction' ? '0.000000' : undefined));
  lists.Balance.forEach((balance, k) => {
    addXlsxRow(sheet, k === 0 ? [0, balance] : [k, ...CASHFLOW_COLUMNS.map((c) => lists[c.key][k] ?? 0)], kinds, numFmts);
  });
  sheet.columns.forEach((col) => { col.width = 18; });
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

/**
 * The sample file's rows: a $100M pool over 12 months at 6 % CPR, 1 % CDR and 40 % severity with a
 * 6.5 % coupon and 25 bp servicing — a file that uploads as is.
 */
export function sampleCashflowLists(): CollateralCashflowLists {
  const lists = emptyLists();
  const cents = (x: number) => Math.round(x * 100) / 100;
  let balance = 100_000_000;
  CASHFLOW_COLUMNS.forEach((c) => lists[c.key].push(c.key === 'Balance' ? balance : 0));
  const smm = 1 - 0.94 ** (1 / 12);
  const mdr = 1 - 0.99 ** (1 / 12);
  for (let k = 1; k <= 12; k++) {
    const defaults = cents(balance * mdr);
    const scheduled = cents((balance - defaults) * 0.002);
    const prepaid = cents((balance - defaults - scheduled) * smm);
    const losses = cents(defaults * 0.4);
    lists.Interest.push(cents(balance * 0.065 / 12));
    lists.PassThru.push(cents(balance * 0.0625 / 12));
    lists.ScheduledPrincipal.push(scheduled);
    lists.PrepaidPrincipal.push(prepaid);
    lists.Defaults.push(defaults);
    lists.Losses.push(losses);
    lists.Recoveries.push(cents(defaults - losses));
    lists.Delinquency.push(0.02);
    lists.Libor.push(0.05);
    balance = cents(balance - defaults - scheduled - prepaid);
    lists.Balance.push(balance);
  }
  return lists;
}
