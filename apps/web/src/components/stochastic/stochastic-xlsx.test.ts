import ExcelJS from 'exceljs';
import type { StochasticResponse } from '@opencrt/contracts';
import { describe, expect, it } from 'vitest';
import { stochasticWorkbook } from './stochastic-xlsx.ts';

const result: StochasticResponse = {
  Paths: 2, Seed: 9,
  Classes: [{
    BondName: 'B-1H', ExpectedLossPct: 1.5, ExpectedLossStdErrPct: 0.5, ProbabilityOfLossPct: 50, LossPctP95: 3, LossPctP99: 3, ExpectedShortfallP99Pct: 3,
    MeanWal: 4.25, MeanDiscountMargin: 512.3, Histogram: [{ FromPct: 0, ToPct: 1.5, Paths: 1 }, { FromPct: 1.5, ToPct: 3, Paths: 1 }],
  }],
  Collateral: {
    ExpectedCumulativeLossPct: 0.8, CumulativeLossPct: { P5: 0.5, P50: 0.5, P95: 1.1, P99: 1.1 },
    Fan: [{ Period: 1, P5: 0, P25: 0, P50: 0.01, P75: 0.02, P95: 0.03 }],
    HpiFan: [{ Period: 1, P5: 99.5, P25: 99.9, P50: 100.2, P75: 100.4, P95: 100.9 }],
  },
  SamplePaths: [0, 1].map((p) => ({
    Path: p, Hpi: [0.02, 0.021, 0.019], Mtg30Year: [0.0625, 0.063, 0.064], Mtg15Year: [0.055, 0.055, 0.056], Tsy2Year: [0.035, 0.036, 0.034],
    Tsy10Year: [0.041, 0.042, 0.04], NationalUnemploymentForecast: [0.044, 0.044, 0.045], ClassLossPct: { 'B-1H': p * 3 }, CumulativeLossPct: 0.5 + p * 0.6,
  })),
};

describe('Stochastic workbook', () => {
  it('writes the summary, the percentiles and every sample path month by month', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await stochasticWorkbook(result, [['Deal', 'STACR 2026-DNA1']]));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Percentiles', 'Sample Paths']);
    const summary = book.getWorksheet('Summary')!;
    expect(summary.getRow(1).values).toEqual([undefined, 'Deal', 'STACR 2026-DNA1']);
    expect(summary.getRow(3).getCell(2).value).toBe(9);
    const classRow = summary.getRow(6);
    expect(classRow.getCell(1).value).toBe('B-1H');
    expect(classRow.getCell(2).value).toBe(1.5);
    expect(classRow.getCell(9).value).toBe(512);
    const percentiles = book.getWorksheet('Percentiles')!;
    expect(percentiles.getRow(2).getCell(4).value).toBe(0.01);
    expect(percentiles.getRow(2).getCell(9).value).toBe(100.2);
    const samples = book.getWorksheet('Sample Paths')!;
    // A header and three months (period 0 to 2) of each of the two paths.
    expect(samples.rowCount).toBe(1 + 2 * 3);
    expect(samples.getRow(5).getCell(1).value).toBe(2);
    expect(samples.getRow(5).getCell(9).value).toBe(3);
    expect(samples.getRow(6).getCell(9).value).toBeNull();
  });

  it('adds an ACIS or CIRT layer\'s line metrics to the summary', async () => {
    const layer = { ...result.Classes[0]!, BondName: 'M-2A', MeanDiscountMargin: null, ExpectedLossOnLinePct: 0.4, RateOnLinePct: 2.25, MarginOverExpectedLossPct: 1.85 };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await stochasticWorkbook({ ...result, Classes: [layer] }, [['Deal', 'ACIS 2020-DNA3']]));
    const summary = book.getWorksheet('Summary')!;
    expect(summary.getRow(5).getCell(1).value).toBe('Layer');
    expect(summary.getRow(5).getCell(12).value).toBe('Margin over Expected Loss %');
    expect([10, 11, 12].map((c) => summary.getRow(6).getCell(c).value)).toEqual([0.4, 2.25, 1.85]);
  });
});
