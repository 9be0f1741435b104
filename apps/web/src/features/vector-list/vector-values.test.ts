import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { applyRanges, fillBlanks, parsePasted, parseVectorSheet, pasteAt, rangeIssues, trimBlanks, PASTE_FAILED, RANGE_END_MESSAGE, RANGE_START_MESSAGE } from './vector-values.ts';

describe('vector values', () => {
  it('fills blanks: first blanks become 0, later blanks copy the value before', () => {
    expect(fillBlanks([null, null, 5, null, 7, null])).toEqual([0, 0, 5, 5, 7, 7]);
    expect(fillBlanks(Array(360).fill(null))).toEqual(Array(360).fill(0));
    expect(trimBlanks([1, null, 2, null, null])).toEqual([1, null, 2]);
  });

  it('parses pasted columns and comma lists; a bad value fails with the spec message', () => {
    expect(parsePasted('1\n2.5\n\n4\n')).toEqual([1, 2.5, null, 4]);
    expect(parsePasted('1\t9\r\n2\t9')).toEqual([1, 2]);
    expect(parsePasted('5, 6,7')).toEqual([5, 6, 7]);
    expect(parsePasted('1 2 3%')).toEqual([1, 2, 3]);
    expect(() => parsePasted('1\nabc')).toThrow(PASTE_FAILED);
    expect(pasteAt([1, 2], 4, [7, 8])).toEqual([1, 2, null, null, 7, 8]);
  });

  it('ranges: start ≥ 1, end > start, linear from start to end value', () => {
    expect(rangeIssues({ id: 1, startPeriod: 0, endPeriod: 5, startValue: 0, endValue: 1 })).toEqual([RANGE_START_MESSAGE]);
    expect(rangeIssues({ id: 1, startPeriod: 3, endPeriod: 3, startValue: 0, endValue: 1 })).toEqual([RANGE_END_MESSAGE]);
    expect(rangeIssues({ id: 1, startPeriod: 1, endPeriod: 2, startValue: 0, endValue: 1 })).toEqual([]);
    const v = applyRanges([], [{ id: 1, startPeriod: 1, endPeriod: 5, startValue: 2, endValue: 10 }, { id: 2, startPeriod: 8, endPeriod: 10, startValue: 10, endValue: 4 }]);
    expect(v).toEqual([2, 4, 6, 8, 10, null, null, 10, 7, 4]);
    expect(fillBlanks(v)).toEqual([2, 4, 6, 8, 10, 10, 10, 10, 7, 4]);
  });

  it('reads the sample sheet: first row names, values below', async () => {
    const b = readFileSync(path.resolve(__dirname, '../../../../../data/samples/vectors-sample.xlsx'));
    const list = await parseVectorSheet(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer, 'vectors-sample.xlsx');
    expect(list.map((v) => [v.Name, v.Value.length])).toEqual([['SampleRamp', 24], ['SampleFlat', 12]]);
    expect(list[0]!.Value.slice(0, 4)).toEqual([2, 2.6667, 3.3333, 4]);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').getCell('A1').value = 'OnlyName';
    await expect(parseVectorSheet((await wb.xlsx.writeBuffer()) as ArrayBuffer, 'e.xlsx')).rejects.toThrow('No data in e.xlsx file found.');
  });
});
