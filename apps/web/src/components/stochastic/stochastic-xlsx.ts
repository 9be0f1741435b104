/**
 * The Stochastic tab's workbook (issue 35 #4): Summary (the class table and the collateral figures),
 * Percentiles (the fans by period) and Sample Paths (each returned path's vectors and losses).
 */
import type { StochasticResponse } from '@opencrt/contracts';
import { addXlsxLines, addXlsxRow, saveXlsx, type ExportLine } from '../cashflow-export/export-cashflows.ts';

export async function stochasticWorkbook(result: StochasticResponse, header: readonly ExportLine[]): Promise<ArrayBuffer> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  const summary = book.addWorksheet('Summary');
  addXlsxLines(summary, [...header, ['Paths', result.Paths, 'integer'], ['Seed', result.Seed, 'integer']]);
  summary.addRow([]);
  // An ACIS or CIRT layer adds its line metrics (percent a year on limit-years).
  const layers = result.Classes.some((c) => c.RateOnLinePct !== undefined);
  addXlsxRow(summary, [layers ? 'Layer' : 'Class', 'Expected Loss %', 'Std Error %', 'P(Loss) %', 'Loss P95 %', 'Loss P99 %', 'ES 99 %', 'Mean WAL', 'Mean DM (bp)',
    ...(layers ? ['Expected Loss on Line %', 'Rate on Line %', 'Margin over Expected Loss %'] : [])]);
  for (const c of result.Classes) {
    addXlsxRow(summary, [c.BondName, c.ExpectedLossPct, c.ExpectedLossStdErrPct, c.ProbabilityOfLossPct, c.LossPctP95, c.LossPctP99, c.ExpectedShortfallP99Pct, c.MeanWal, c.MeanDiscountMargin,
      ...(layers ? [c.ExpectedLossOnLinePct, c.RateOnLinePct, c.MarginOverExpectedLossPct] : [])],
    ['text', 'percent', 'percent', 'percent', 'percent', 'percent', 'percent', 'years', 'basisPoints', ...(layers ? ['percent', 'percent', 'percent'] as const : [])]);
  }
  summary.addRow([]);
  const loss = result.Collateral.CumulativeLossPct;
  addXlsxLines(summary, [
    ['Collateral Expected Cumulative Loss %', result.Collateral.ExpectedCumulativeLossPct, 'percent'],
    ['Cumulative Loss P5 %', loss.P5, 'percent'], ['Cumulative Loss P50 %', loss.P50, 'percent'],
    ['Cumulative Loss P95 %', loss.P95, 'percent'], ['Cumulative Loss P99 %', loss.P99, 'percent'],
  ]);
  const fans = book.addWorksheet('Percentiles');
  addXlsxRow(fans, ['Period', 'Cum Loss P5 %', 'P25 %', 'P50 %', 'P75 %', 'P95 %', 'HPI P5', 'HPI P25', 'HPI P50', 'HPI P75', 'HPI P95']);
  const rows = Math.max(result.Collateral.Fan.length, result.Collateral.HpiFan.length);
  for (let t = 0; t < rows; t++) {
    const l = result.Collateral.Fan[t];
    const h = result.Collateral.HpiFan[t];
    addXlsxRow(fans, [t + 1, l?.P5, l?.P25, l?.P50, l?.P75, l?.P95, h?.P5, h?.P25, h?.P50, h?.P75, h?.P95],
      ['integer', 'percent', 'percent', 'percent', 'percent', 'percent', 'price', 'price', 'price', 'price', 'price']);
  }
  const samples = book.addWorksheet('Sample Paths');
  const classes = result.Classes.map((c) => c.BondName);
  addXlsxRow(samples, ['Path', 'Month', 'HPA', '2Yr TSY', '10Yr TSY', '30Yr MTG', '15Yr MTG', 'Unemployment', ...classes.map((c) => `${c} Loss %`), 'Collateral Cum Loss %']);
  for (const p of result.SamplePaths) {
    p.Hpi.forEach((_, t) => {
      const last = t === 0;
      addXlsxRow(samples, [p.Path + 1, t, p.Hpi[t], p.Tsy2Year[t], p.Tsy10Year[t], p.Mtg30Year[t], p.Mtg15Year[t], p.NationalUnemploymentForecast[t],
        ...classes.map((c) => (last ? p.ClassLossPct[c] : null)), last ? p.CumulativeLossPct : null],
      ['integer', 'integer', 'fraction', 'fraction', 'fraction', 'fraction', 'fraction', 'fraction', ...classes.map(() => 'percent' as const), 'percent']);
    });
  }
  return book.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

export async function exportStochastic(result: StochasticResponse, header: readonly ExportLine[], fileName: string): Promise<void> {
  saveXlsx(await stochasticWorkbook(result, header), fileName);
}
