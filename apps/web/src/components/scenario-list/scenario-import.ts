/**
 * The two scenario file formats of spec 000 §5, parsed in the browser with ExcelJS. Pure: bytes in,
 * scenarios or an ImportError with the spec's message out, so a broken file changes nothing.
 */
import ExcelJS from 'exceljs';
import type { ScenarioVectorKey } from '@opencrt/contracts';
import { cellNumber, cellText, columnLetter, isBlank } from '../spreadsheet/sheet-cells.ts';

/** A scenario read from a file (percent per period); not yet saved. */
export interface ImportedScenario {
  ScenarioName: string;
  DealName: string | null;
  Vendor: string | null;
  Cpr: number[];
  Cdr: number[];
  LossSeverity: number[];
  Delinquency: number[];
}

/** A file the user must fix; `message` is what the screen shows. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export const NAME_REQUIRED = 'Scenario name is required. Please fix the input file.';
export const unknownDealInFile = (deal: string) => `The ${deal} deal doesn't exist. Please fix the input file.`;
export const noDataInFile = (file: string) => `No data in ${file} file found.`;

/** Row 4 vector types (case-insensitive) → scenario field. */
const VECTOR_TYPES: Record<string, ScenarioVectorKey> = { cpr: 'Cpr', cdr: 'Cdr', sev: 'LossSeverity', del: 'Delinquency' };

async function loadWorkbook(data: ArrayBuffer, fileName: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data);
  } catch {
    throw new ImportError(noDataInFile(fileName));
  }
  return wb;
}

/** Numbers of one column from `firstRow` down to the first empty cell. */
function readColumn(ws: ExcelJS.Worksheet, col: number, firstRow: number, label: string): number[] {
  const values: number[] = [];
  for (let row = firstRow; row <= ws.rowCount; row++) {
    const raw = ws.getCell(row, col).value;
    if (isBlank(raw)) break;
    const n = cellNumber(raw);
    if (n === null) {
      throw new ImportError(`Cell ${columnLetter(col)}${row} (${label}) is not a number: '${cellText(raw)}'. Please fix the input file.`);
    }
    values.push(n);
  }
  return values;
}

/**
 * XLSX scenario layout: row 1 vendor, row 2 deal, row 3 name, row 4 vector type (cpr, cdr, sev, del),
 * data from row 5 down to the first empty cell; each column from B holds one vector, and columns
 * with the same vendor, deal and name make one scenario. `knownDeals` is the catalog's names
 * (matched ignoring case; the catalog's spelling is kept).
 */
export async function parseScenarioXlsx(data: ArrayBuffer, fileName: string, knownDeals: readonly string[]): Promise<ImportedScenario[]> {
  const wb = await loadWorkbook(data, fileName);
  const deals = new Map(knownDeals.map((d) => [d.toLowerCase(), d]));
  const byKey = new Map<string, ImportedScenario>();
  for (const ws of wb.worksheets) {
    for (let col = 2; col <= ws.columnCount; col++) {
      const head = [1, 2, 3, 4].map((r) => cellText(ws.getCell(r, col).value));
      const [vendor, deal, name, type] = head as [string, string, string, string];
      if (head.every((h) => h === '') && isBlank(ws.getCell(5, col).value)) continue;
      if (!name) throw new ImportError(NAME_REQUIRED);
      let dealName: string | null = null;
      if (deal) {
        dealName = deals.get(deal.toLowerCase()) ?? null;
        if (!dealName) throw new ImportError(unknownDealInFile(deal));
      }
      const key = VECTOR_TYPES[type.toLowerCase()];
      if (!key) throw new ImportError(`Unknown vector type '${type}' in column ${columnLetter(col)} (expected cpr, cdr, sev or del). Please fix the input file.`);
      const id = [vendor, dealName ?? '', name].map((s) => s.toLowerCase()).join('\u0000');
      let scenario = byKey.get(id);
      if (!scenario) {
        scenario = { ScenarioName: name, DealName: dealName, Vendor: vendor || null, Cpr: [], Cdr: [], LossSeverity: [], Delinquency: [] };
        byKey.set(id, scenario);
      }
      scenario[key] = readColumn(ws, col, 5, `${name} ${type}`);
    }
  }
  const scenarios = [...byKey.values()].filter((s) => s.Cpr.length + s.Cdr.length + s.LossSeverity.length + s.Delinquency.length > 0);
  if (scenarios.length === 0) throw new ImportError(noDataInFile(fileName));
  return scenarios;
}

/** CL-RAMP: first sheet, rows from 6, columns B–E as Cpr, Cdr, LossSeverity, Delinquency; one unnamed scenario. */
export async function parseClRamp(data: ArrayBuffer, fileName: string): Promise<ImportedScenario> {
  const wb = await loadWorkbook(data, fileName);
  const ws = wb.worksheets[0];
  if (!ws) throw new ImportError(noDataInFile(fileName));
  const scenario: ImportedScenario = {
    ScenarioName: '', DealName: null, Vendor: null,
    Cpr: readColumn(ws, 2, 6, 'Cpr'),
    Cdr: readColumn(ws, 3, 6, 'Cdr'),
    LossSeverity: readColumn(ws, 4, 6, 'LossSeverity'),
    Delinquency: readColumn(ws, 5, 6, 'Delinquency'),
  };
  if (scenario.Cpr.length + scenario.Cdr.length + scenario.LossSeverity.length + scenario.Delinquency.length === 0) {
    throw new ImportError(noDataInFile(fileName));
  }
  return scenario;
}
