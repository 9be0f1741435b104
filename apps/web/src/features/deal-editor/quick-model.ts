/**
 * The quick-model spreadsheet of a STACR deal (spec 001 §7 "Exports"): sheets Deal Info (the
 * inputs: dates, CPR, CDR, severity), Collateral (up to 5 loans), Bonds (up to 10), Groups and
 * Tests (cumulative-loss test values 0.1 … 1.3 when the test is on), and a live model: one sheet
 * per collateral line and a Pool sheet whose formulas project the first periods from the inputs on
 * sheet 1. A custom STACR deal runs in the offering memorandum's convention, as the shipped STACR
 * deals do (issue 34 #7), so the formulas follow the engine's `stacr-ppm` step order
 * (packages/engine collateral/project-rep-lines.ts `projectPpmLines`): credit events and
 * prepayments on the beginning balance, each rounded to the cent; the survivors pay the level
 * payment of their remaining term (rounded to the cent); loss = severity × the period's credit
 * events, taken at the event (no recovery lag, no servicer advances), rounded to the cent on the
 * pool. Change an input in Excel or LibreOffice and the model follows.
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
  /** Share of a credit event's balance that is lost, at the event. */
  severityPct: number;
}

export const DEFAULT_QUICK_SCENARIO: QuickModelScenario = { cprPct: 10, cdrPct: 0.5, severityPct: 20 };

/** The convention the model computes, written on sheet 1 (no recovery lag input: the convention has none). */
export const QUICK_MODEL_CONVENTION = 'STACR offering memorandum: credit events at the event, no recovery lag, no advances, flows to the cent';

/** Column letters of the line sheets. */
const COL = {
  period: 'A', n: 'B', begin: 'C', smm: 'D', mdr: 'E', defaults: 'F', prepaid: 'G', survivors: 'H', survivorInterest: 'I',
  payment: 'J', scheduled: 'K', end: 'L', loss: 'M', interest: 'N',
} as const;

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
    ['CPR (%)', scenario.cprPct, 'number'], ['CDR (%)', scenario.cdrPct, 'number'], ['Loss Severity (%)', scenario.severityPct, 'number'], ['Convention', QUICK_MODEL_CONVENTION],
  ];
  addXlsxLines(info, infoRows);
  // Named input cells (B8..B10) the model's formulas read.
  const CPR = "'Deal Info'!$B$8";
  const CDR = "'Deal Info'!$B$9";
  const SEV = "'Deal Info'!$B$10";

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
    ws.addRow(['Period', 'Remaining Term', 'Begin Balance', 'SMM', 'MDR', 'Credit Events', 'Prepaid', 'Survivors', 'Survivor Interest',
      'Level Payment', 'Scheduled', 'End Balance', 'Loss', 'Interest']);
    const row = li + 2;
    const c = `(Collateral!$C$${row}/1200)`;
    const wam = `Collateral!$D$${row}`;
    for (let k = 1; k <= N; k++) {
      const r = k + 1;
      const at = (col: keyof typeof COL, rr = r) => `${COL[col]}${rr}`;
      const growth = `(1+${c})^${at('n')}`;
      ws.addRow([
        k,
        { formula: `${wam}-${k}+1` },
        { formula: k === 1 ? `ROUND(Collateral!$B$${row},2)` : at('end', r - 1) },
        { formula: `1-(1-${CPR}/100)^(1/12)` },
        { formula: `1-(1-${CDR}/100)^(1/12)` },
        // Credit events and prepayments both on the beginning balance, each to the cent.
        { formula: `ROUND(${at('begin')}*${at('mdr')},2)` },
        { formula: `MIN(ROUND(${at('begin')}*${at('smm')},2),${at('begin')}-${at('defaults')})` },
        { formula: `${at('begin')}-${at('defaults')}-${at('prepaid')}` },
        { formula: `ROUND(${at('survivors')}*${c},2)` },
        // The survivors' level payment over the remaining term; the last payment clears the line.
        { formula: `IF(${at('n')}<=1,${at('survivors')}+${at('survivorInterest')},IF(${c}=0,ROUND(${at('survivors')}/${at('n')},2)+${at('survivorInterest')},ROUND(${at('survivors')}*${c}*${growth}/(${growth}-1),2)))` },
        { formula: `MIN(${at('survivors')},${at('payment')}-${at('survivorInterest')})` },
        { formula: `${at('survivors')}-${at('scheduled')}` },
        // The loss is taken at the credit event: no recovery lag.
        { formula: `${SEV}/100*${at('defaults')}` },
        { formula: `ROUND((${at('begin')}-${at('defaults')})*${c},2)` },
      ]);
    }
  });

  const pool = wb.addWorksheet('Pool');
  pool.addRow(['Period', 'Begin Balance', 'Scheduled', 'Prepaid', 'Defaults', 'Loss', 'End Balance', 'Interest']);
  const sumOf = (col: string, r: number) => lines.map((_, li) => `'Line ${li + 1}'!${col}${r}`).join('+') || '0';
  for (let k = 1; k <= N; k++) {
    const r = k + 1;
    pool.addRow([k, { formula: sumOf(COL.begin, r) }, { formula: sumOf(COL.scheduled, r) }, { formula: sumOf(COL.prepaid, r) },
      // The pool's loss to the cent, as the engine writes it per payment date.
      { formula: sumOf(COL.defaults, r) }, { formula: `ROUND(${sumOf(COL.loss, r)},2)` }, { formula: sumOf(COL.end, r) }, { formula: sumOf(COL.interest, r) }]);
  }
  return wb;
}

/** The '{name} QUICK MODEL.xlsx' bytes. */
export async function exportQuickModel(deal: StacrAcisDeal, scenario?: QuickModelScenario): Promise<ArrayBuffer> {
  return (await buildQuickModel(deal, scenario).xlsx.writeBuffer()) as ArrayBuffer;
}
