/**
 * The quick-model spreadsheet of a STACR deal (spec 001 §7 "Exports"): sheets Deal Info (the
 * inputs: dates, CPR, CDR, severity, recovery lag), Collateral (up to 5 loans), Bonds (up to 10),
 * Groups and Tests (cumulative-loss test values 0.1 … 1.3 when the test is on), and a live model:
 * one sheet per collateral line and a Pool sheet whose formulas project the first periods from
 * the inputs on sheet 1 with the engine's BMA/SIFMA step order (packages/engine
 * collateral/project-rep-lines.ts, no servicer advancing): defaults first, scheduled amortization
 * of the survivors, prepayments on the prior balance after amortization, losses = severity × the
 * defaults of `lag` months earlier. Change an input in Excel or LibreOffice and the model follows.
 */
import ExcelJS from 'exceljs';
import type { StacrAcisDeal } from '@opencrt/contracts';
import { addXlsxLines, addXlsxRow, type ExportLine } from '../../components/cashflow-export/export-cashflows.ts';

/** Periods the model projects. */
export const QUICK_MODEL_PERIODS = 36;
/** Cumulative-loss test values exported when the test is on (spec 001 §7). */
export const CUM_LOSS_TEST_VALUES = Array.from({ length: 13 }, (_, i) => Math.round((0.1 + 0.1 * i) * 10) / 10);

export interface QuickModelScenario {
  /** Annual percent. */
  cprPct: number;
  cdrPct: number;
  severityPct: number;
  /** Months between a default and its loss (the engine's reference deals: 6). */
  recoveryLagMonths: number;
}

export const DEFAULT_QUICK_SCENARIO: QuickModelScenario = { cprPct: 10, cdrPct: 0.5, severityPct: 20, recoveryLagMonths: 6 };

/** Column letters of the line sheets. */
const COL = { period: 'A', n: 'B', begin: 'C', smm: 'D', mdr: 'E', amort: 'F', defaults: 'G', scheduled: 'H', prepaid: 'I', end: 'J', loss: 'K', interest: 'L' } as const;

/** Builds the workbook (also used by the LibreOffice recalculation test). */
export function buildQuickModel(deal: StacrAcisDeal, scenario: QuickModelScenario = DEFAULT_QUICK_SCENARIO): ExcelJS.Workbook {
  const s = deal.STACR;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'OpenCRT';
  wb.calcProperties.fullCalcOnLoad = true;

  const info = wb.addWorksheet('Deal Info');
  info.columns = [{ width: 28 }, { width: 22 }];
  // Dates as date cells (YYYYMMDD in the deal; the export convention, mm/dd/yyyy), inputs as numbers.
  const infoRows: ExportLine[] = [
    ['Deal Name', s.Name], ['ACIS Deal Name', deal.ACIS.Name], ['Closing Date', s.ContractInformation.ClosingDate, 'date'],
    ['First Pay Date', s.ContractInformation.FirstPayDate, 'date'], ['Maturity Date', s.ContractInformation.MaturityDate, 'date'],
    ['Early Redemption Date', s.ContractInformation.EarlyRedemptionDate, 'date'], ['Cancellation (%)', s.ContractInformation.CancellationPct ?? 0, 'number'],
    ['CPR (%)', scenario.cprPct, 'number'], ['CDR (%)', scenario.cdrPct, 'number'], ['Loss Severity (%)', scenario.severityPct, 'number'], ['Recovery Lag (months)', scenario.recoveryLagMonths, 'integer'],
  ];
  addXlsxLines(info, infoRows);
  // Named input cells (B8..B11) the model's formulas read.
  const CPR = "'Deal Info'!$B$8";
  const CDR = "'Deal Info'!$B$9";
  const SEV = "'Deal Info'!$B$10";
  const LAG = "'Deal Info'!$B$11";

  const coll = wb.addWorksheet('Collateral');
  coll.addRow(['Loan', 'Balance', 'WAC (%)', 'WAM', 'WALA']);
  const lines = s.CollateralInformation.slice(0, 5);
  lines.forEach((c, i) => addXlsxRow(coll, [i + 1, c.ReferencePoolBalance ?? 0, c.Wac ?? 0, c.Wam ?? 0, c.Wala ?? 0], ['integer', 'money', 'number', 'integer', 'integer']));

  const bonds = wb.addWorksheet('Bonds');
  bonds.addRow(['Bond', 'Detachment (%)', 'Thickness (%)', 'Balance', 'Coupon (%)', 'Spread (%)', 'ACIS Offered (%)', 'ACIS Premium (%)']);
  s.Liability.slice(0, 10).forEach((b, i) => {
    const a = i > 0 ? deal.ACIS.Liability[i - 1] : undefined;
    addXlsxRow(bonds, [b.BondName, i === 0 ? 100 : (b.Detachment ?? 0), b.Thickness ?? 0, b.Balance ?? 0, b.Coupon ?? 0, b.Spread ?? 0, a?.OfferedPct ?? null, a?.Premium ?? null],
      ['text', 'number', 'number', 'money', 'number', 'number', 'number', 'number']);
  });

  const groups = wb.addWorksheet('Groups');
  groups.addRow(['Group', 'Loans', 'Balance']);
  groups.addRow([1, lines.length, { formula: `SUM(Collateral!B2:B${lines.length + 1})` }]);

  const tests = wb.addWorksheet('Tests');
  tests.addRow(['CE Target (%)', s.Structure.CETarget ?? 0]);
  tests.addRow(['Delinquency Target (%)', s.Structure.DlqTarget ?? 0]);
  tests.addRow(['Delinquency Months Average', s.Structure.DlqMonthsAverage ?? 0]);
  tests.addRow(['Cumulative Loss Test', s.Structure.UseCumLossTest ? 'On' : 'Off']);
  if (s.Structure.UseCumLossTest) {
    tests.addRow([]);
    tests.addRow(['Year', 'Cumulative Loss Limit (%)']);
    CUM_LOSS_TEST_VALUES.forEach((v, i) => tests.addRow([i + 1, v]));
  }

  const N = QUICK_MODEL_PERIODS;
  lines.forEach((_, li) => {
    const ws = wb.addWorksheet(`Line ${li + 1}`);
    ws.addRow(['Period', 'Remaining Term', 'Begin Balance', 'SMM', 'MDR', 'Amortization Share', 'Defaults', 'Scheduled', 'Prepaid', 'End Balance', 'Loss', 'Interest']);
    const row = li + 2;
    const bal = `Collateral!$B$${row}`;
    const wac = `Collateral!$C$${row}/1200`;
    const wam = `Collateral!$D$${row}`;
    for (let k = 1; k <= N; k++) {
      const r = k + 1;
      const c = (col: keyof typeof COL, rr = r) => `${COL[col]}${rr}`;
      ws.addRow([
        k,
        { formula: `${wam}-${k}+1` },
        { formula: k === 1 ? bal : c('end', r - 1) },
        { formula: `1-(1-${CPR}/100)^(1/12)` },
        // No new defaults in the last `lag` months of a loan's term (the engine's rule).
        { formula: `IF(${c('n')}<=${LAG},0,1-(1-${CDR}/100)^(1/12))` },
        { formula: `IF(${c('n')}<=1,1,(${wac})/((1+${wac})^${c('n')}-1))` },
        { formula: `${c('mdr')}*${c('begin')}` },
        { formula: `(${c('begin')}-${c('defaults')})*${c('amort')}` },
        { formula: `MIN(${c('smm')}*${c('begin')}*(1-${c('amort')}),${c('begin')}-${c('defaults')}-${c('scheduled')})` },
        { formula: `MAX(0,${c('begin')}-${c('defaults')}-${c('scheduled')}-${c('prepaid')})` },
        // Loss of the defaults `lag` periods back, whatever the lag input (INDEX stays in range; the
        // boolean factor zeroes the first `lag` periods in Excel and LibreOffice alike).
        { formula: `MIN(${SEV}/100,1)*INDEX($${COL.defaults}$2:$${COL.defaults}$${N + 1},MAX(1,${COL.period}${r}-${LAG}))*(${COL.period}${r}>${LAG})` },
        { formula: `(${wac})*(${c('begin')}-${c('defaults')})` },
      ]);
    }
  });

  const pool = wb.addWorksheet('Pool');
  pool.addRow(['Period', 'Begin Balance', 'Scheduled', 'Prepaid', 'Defaults', 'Loss', 'End Balance', 'Interest']);
  const sumOf = (col: string, r: number) => lines.map((_, li) => `'Line ${li + 1}'!${col}${r}`).join('+') || '0';
  for (let k = 1; k <= N; k++) {
    const r = k + 1;
    pool.addRow([k, { formula: sumOf(COL.begin, r) }, { formula: sumOf(COL.scheduled, r) }, { formula: sumOf(COL.prepaid, r) },
      { formula: sumOf(COL.defaults, r) }, { formula: sumOf(COL.loss, r) }, { formula: sumOf(COL.end, r) }, { formula: sumOf(COL.interest, r) }]);
  }
  return wb;
}

/** The '{name} QUICK MODEL.xlsx' bytes. */
export async function exportQuickModel(deal: StacrAcisDeal, scenario?: QuickModelScenario): Promise<ArrayBuffer> {
  return (await buildQuickModel(deal, scenario).xlsx.writeBuffer()) as ArrayBuffer;
}
