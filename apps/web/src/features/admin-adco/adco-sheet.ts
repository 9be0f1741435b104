/**
 * The ADco scenario-vector spreadsheet of /admin_adco (spec 002 §5 "Spreadsheet scenario": Name,
 * Tsy2Year, Tsy10Year, Hpi, TuneCpr, TuneCdr, TuneSeverity; up to four sheets, scenario columns
 * from the 2nd column). Layout read here (data/samples/adco-vectors-sample.xlsx):
 *  - sheets `Tsy2Year`, `Tsy10Year`, `Hpi`: row 1 = scenario names from column B; below, one row
 *    per month (column A the month number), values in percent (HPI = annual home-price growth);
 *  - sheet `Tunes`: column A the labels TuneCpr, TuneCdr, TuneSeverity, multipliers per scenario.
 * Sheets are known by name (any case); unnamed ones ('Sheet1'…) take the order above. Only the
 * first four sheets are read.
 */
import ExcelJS from 'exceljs';
import { cellNumber, cellText } from '../../components/spreadsheet/sheet-cells.ts';

export interface AdcoScenario {
  Name: string;
  /** Percent by month (month 1 first). */
  Tsy2Year: number[];
  Tsy10Year: number[];
  Hpi: number[];
  TuneCpr: number;
  TuneCdr: number;
  TuneSeverity: number;
}

const VECTOR_SHEETS = ['Tsy2Year', 'Tsy10Year', 'Hpi'] as const;
const ORDER = [...VECTOR_SHEETS, 'Tunes'] as const;
type SheetKind = (typeof ORDER)[number];
const MAX_MONTHS = 600;

export class AdcoSheetError extends Error {}

/** Scenarios of a workbook; throws AdcoSheetError with the reason when the layout is not met. */
export async function readAdcoWorkbook(data: ArrayBuffer): Promise<AdcoScenario[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data);
  } catch {
    throw new AdcoSheetError('The file is not an XLSX workbook.');
  }
  const sheets = book.worksheets.slice(0, 4);
  const byKind = new Map<SheetKind, ExcelJS.Worksheet>();
  sheets.forEach((ws, i) => {
    const named = ORDER.find((k) => k.toLowerCase() === ws.name.trim().toLowerCase());
    const kind = named ?? ORDER[i];
    if (kind && !byKind.has(kind)) byKind.set(kind, ws);
  });
  const first = byKind.get('Tsy2Year') ?? byKind.get('Tsy10Year') ?? byKind.get('Hpi');
  if (!first) throw new AdcoSheetError('No Tsy2Year, Tsy10Year or Hpi sheet was found.');
  const names: string[] = [];
  for (let c = 2; c <= first.columnCount; c++) {
    const name = cellText(first.getRow(1).getCell(c).value);
    if (name) names.push(name);
    else break;
  }
  if (names.length === 0) throw new AdcoSheetError(`Sheet ${first.name}: no scenario names in row 1 from column B.`);
  const vectors = (kind: SheetKind): number[][] => {
    const ws = byKind.get(kind);
    if (!ws) return names.map(() => []);
    return names.map((name, i) => {
      const col = i + 2;
      const header = cellText(ws.getRow(1).getCell(col).value);
      if (header && header !== name) throw new AdcoSheetError(`Sheet ${ws.name}: column ${col} is ${header}, expected ${name}.`);
      const values: number[] = [];
      for (let r = 2; r <= Math.min(ws.rowCount, MAX_MONTHS + 1); r++) {
        const cell = ws.getRow(r).getCell(col).value;
        const x = cellNumber(cell);
        if (x === null) {
          if (cellText(cell) === '') break;
          throw new AdcoSheetError(`Sheet ${ws.name}, row ${r}, scenario ${name}: '${cellText(cell)}' is not a number.`);
        }
        values.push(x);
      }
      return values;
    });
  };
  const tunes = byKind.get('Tunes');
  const tune = (label: string, i: number): number => {
    if (!tunes) return 1;
    for (let r = 1; r <= tunes.rowCount; r++) {
      if (cellText(tunes.getRow(r).getCell(1).value).toLowerCase() === label.toLowerCase()) {
        const x = cellNumber(tunes.getRow(r).getCell(i + 2).value);
        if (x === null) return 1;
        if (!(x > 0 && x <= 10)) throw new AdcoSheetError(`Sheet ${tunes.name}: ${label} of ${names[i]} must be above 0 and at most 10.`);
        return x;
      }
    }
    return 1;
  };
  const [tsy2, tsy10, hpi] = VECTOR_SHEETS.map(vectors) as [number[][], number[][], number[][]];
  return names.map((Name, i) => ({
    Name, Tsy2Year: tsy2[i] ?? [], Tsy10Year: tsy10[i] ?? [], Hpi: hpi[i] ?? [],
    TuneCpr: tune('TuneCpr', i), TuneCdr: tune('TuneCdr', i), TuneSeverity: tune('TuneSeverity', i),
  }));
}

/** Percent by month → the request's fractions with the leading period-0 element (null = none given). */
const path = (pct: number[]) => (pct.length ? [0, ...pct.map((x) => Number((x / 100).toPrecision(12)))] : null);

/**
 * The shallow LDM run of one deal × scenario (spec 002 §7): index 0.02, no loan level, LDM 2.2
 * on the scenario's HPI, Treasuries and tunes. Sent to /simulate/save_scenario/{Name}.
 */
export function adcoRunBody(dealName: string, settlementDate: number, s: AdcoScenario): Record<string, unknown> {
  return {
    DealName: dealName, SettlementDate: settlementDate, Libor: [0, 0.02], RunLoanLevel: false, PrepaymentModel: 'LDM',
    Hpi: path(s.Hpi), Tsy2Year: path(s.Tsy2Year), Tsy10Year: path(s.Tsy10Year),
    TuneCpr: s.TuneCpr, TuneCdr: s.TuneCdr, TuneSeverity: s.TuneSeverity,
  };
}

/** The run path of a scenario: stored under its name, shallow answer. */
export function adcoRunPath(s: AdcoScenario): string {
  return `/simulate/save_scenario/${encodeURIComponent(s.Name)}?useShallowResponse=true`;
}
