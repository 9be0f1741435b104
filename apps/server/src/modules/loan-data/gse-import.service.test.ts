import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type GeneratedLoan, freddieLoanId } from './gse-generator.ts';
import { writeGseFile } from './gse-generator.format.ts';
import { ImportRefused, importGseFiles } from './gse-import.service.ts';
import { codeTypeStatements } from './gse-sql.ts';
import { openLoanStore, type LoanStore } from './loan-store.ts';
import { vintageCurves } from './vintage.service.ts';
import { formatLine } from '../deals/loan-tape.layouts.ts';
import type { Vintage } from '@opencrt/contracts';

const loan = (serial: number, story: GeneratedLoan['story'], eventAge: number): GeneratedLoan => ({
  loanId: freddieLoanId(2019, 2, serial), year: 2019, quarter: 2, creditScore: 760, ltv: 75, cltv: 75, dti: 30, originalUpb: 150_000, rate: 4.5,
  term: 360, purpose: 'C', occupancy: 'P', propertyType: 'SF', channel: 'B', state: 'FL', seller: 'Other sellers', firstTimeBuyer: 'N',
  miPct: 0, story, eventAge, months: 30, curtailment: 10_000,
});
const LOANS: GeneratedLoan[] = [loan(1, 'performing', 0), loan(2, 'curtailment', 6), loan(3, 'cure', 4), loan(4, 'note-sale', 4), loan(5, 'modification', 8), loan(6, 'reo', 5)];

describe('importGseFiles', () => {
  let t: TestApp;
  let dir: string;
  let store: LoanStore;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'opencrt-gse-import-'));
    t = await createTestApp();
    store = await openLoanStore({ location: path.join(dir, 'store'), scratchDir: path.join(dir, 'scratch'), memoryLimit: '256MB', setUp: codeTypeStatements() });
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a Freddie sample as a .zip (streamed through a pipe) and a Fannie CRT file of the same loans: both give the same vintage', async () => {
    await writeGseFile(path.join(dir, 'sample_orig_2019.txt'), LOANS, 'freddie-origination');
    await writeGseFile(path.join(dir, 'sample_svcg_2019.txt'), LOANS, 'freddie-performance');
    execFileSync('zip', ['-qj', path.join(dir, 'sample_2019.zip'), path.join(dir, 'sample_orig_2019.txt'), path.join(dir, 'sample_svcg_2019.txt')]);
    const freddie = await importGseFiles(store, t.ctx.db, [{ path: path.join(dir, 'sample_2019.zip') }]);
    // Rows: 30 + 30 + 30 + 10 (note sale at age 10: 6 missed from age 4, sold the month after) + 30 + 16 (REO disposed of at age 16).
    expect(freddie).toMatchObject({ Files: 2, Loans: 6, PerformanceRows: 146, RejectedLines: 0, Skipped: [] });
    const fromFreddie = await vintageCurves(store, t.ctx.db, { by: 'quarter', source: 'freddie' });

    await writeGseFile(path.join(dir, 'CAS_2019.txt'), LOANS, 'fannie-crt');
    const fannie = await importGseFiles(store, t.ctx.db, [{ path: path.join(dir, 'CAS_2019.txt') }]);
    expect(fannie).toMatchObject({ Files: 1, Loans: 6, PerformanceRows: 146, RejectedLines: 0 });
    const fromFannie = await vintageCurves(store, t.ctx.db, { by: 'quarter', source: 'fannie', referencePool: 'CA01' });

    expect(fromFreddie.map((v) => v.Vintage)).toEqual(['2019Q2']);
    const [a, b] = [fromFreddie[0]!, fromFannie[0]!];
    expect([b.Vintage, b.Loans, b.OriginalUpb, b.DefaultedLoans, b.DefaultedUpb, b.CumulativeNetLossPct]).toEqual([a.Vintage, a.Loans, a.OriginalUpb, a.DefaultedLoans, a.DefaultedUpb, a.CumulativeNetLossPct]);
    // Note sale and REO are credit events; the cure (three months behind) and the modification are not.
    expect(a.DefaultedLoans).toBe(2);
    // CPR: Fannie reports scheduled and unscheduled principal; Freddie's are derived. The curtailment month (age 6) agrees.
    expect(b.Months[5]!.Cpr).toBeCloseTo(a.Months[5]!.Cpr, 2);
    // 10,000 extra on about 890,000 of balance: SMM ≈ 1.1 %, CPR ≈ 12.6 %.
    expect(a.Months[5]!.Cpr).toBeGreaterThan(12);
    expect(a.Months[5]!.Cpr).toBeLessThan(13.5);
    // The cure's catch-up month is no curtailment.
    expect(a.Months[7]!.Cpr).toBe(0);

    const again = await importGseFiles(store, t.ctx.db, [{ path: path.join(dir, 'sample_2019.zip') }, { path: path.join(dir, 'CAS_2019.txt') }]);
    expect(again).toMatchObject({ Files: 0, Loans: 0, PerformanceRows: 0, Skipped: ['sample_2019.zip:sample_orig_2019.txt', 'sample_2019.zip:sample_svcg_2019.txt', 'CAS_2019.txt'] });
  }, 120_000);

  it('reports malformed lines by file, line and field, and imports the rest', async () => {
    const file = path.join(dir, 'bad_svcg.txt');
    await writeGseFile(file, [loan(9, 'performing', 0)], 'freddie-performance');
    const line = (values: Record<number, string>): string => Array.from({ length: 32 }, (_, i) => values[i + 1] ?? '').join('|');
    const ok = { 1: 'F19Q20000009', 3: '1.00', 4: '0', 6: '329', 11: '4.5' };
    appendFileSync(file, [
      line({ ...ok, 2: '201913', 5: '31' }), line({ ...ok, 2: '202001', 3: 'abc', 5: '32' }), line({ ...ok, 2: '202002', 5: '33', 9: '99' }), 'F19Q20000009|202003',
      // Blank required fields: loan sequence number, reporting period, current actual UPB.
      line({ ...ok, 1: '', 2: '202004', 5: '35' }), line({ ...ok, 5: '36' }), line({ ...ok, 2: '202006', 3: '', 5: '37' }),
      line({ ...ok, 2: '202007', 5: '38' }),
    ].join('\n') + '\n');
    const outcome = await importGseFiles(store, t.ctx.db, [{ path: file }]);
    // 30 generated rows and the last line are kept; 7 lines rejected.
    expect(outcome).toMatchObject({ Files: 1, PerformanceRows: 31, RejectedLines: 7 });
    expect(outcome.Problems.map((p) => `${p.File}:${p.Line} ${p.Field}: ${p.Message}`)).toEqual([
      "bad_svcg.txt:31 field 2 (Monthly Reporting Period): '201913' is not a YYYYMM date",
      "bad_svcg.txt:32 field 3 (Current Actual UPB): 'abc' is not a number",
      "bad_svcg.txt:33 field 9 (Zero Balance Code): '99' is not one of 01, 02, 03, 09, 15, 16, 96",
      'bad_svcg.txt:34 line: expected 32 pipe-delimited fields, found 2',
      'bad_svcg.txt:35 field 1 (Loan Sequence Number): required value is missing',
      'bad_svcg.txt:36 field 2 (Monthly Reporting Period): required value is missing',
      'bad_svcg.txt:37 field 3 (Current Actual UPB): required value is missing',
    ]);
  }, 120_000);

  it('overlapping files count each loan-month once: the last imported file wins', async () => {
    // Two 2019Q1 loans of 100,000. A pays down 100 a month and is short-sold at age 4 (Actual Loss
    // -20,000, removal UPB 99,700); B is 1, 2, 3, 4 months delinquent at ages 1–4.
    const orig = (id: string): string => formatLine(32, { 1: 700, 2: 201903, 3: 'N', 4: 204902, 6: 0, 7: 1, 8: 'P', 9: 80, 10: 30, 11: 100000, 12: 80,
      13: 4.5, 14: 'R', 17: 'CA', 18: 'SF', 20: id, 21: 'P', 22: 360, 24: 'Seller', 25: 'Servicer' });
    const perf = (id: string, period: number, age: number, upb: number, dq: number, extra: Record<number, string | number> = {}): string =>
      formatLine(32, { 1: id, 2: period, 3: upb.toFixed(2), 4: dq, 5: age, 6: 360 - age, 11: 4.5, ...extra });
    const [a, b] = ['F19Q10000001', 'F19Q10000002'];
    const aRows = (loss: number): string[] => [perf(a, 201903, 1, 99_900, 0), perf(a, 201904, 2, 99_800, 0), perf(a, 201905, 3, 99_700, 0),
      perf(a, 201906, 4, 0, 0, { 9: '03', 10: 201906, 22: loss.toFixed(2), 27: '99700.00' })];
    const bRows = [perf(b, 201903, 1, 100_000, 1), perf(b, 201904, 2, 100_000, 2), perf(b, 201905, 3, 100_000, 3), perf(b, 201906, 4, 100_000, 4)];
    const write = (name: string, lines: string[]): { path: string } => {
      writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
      return { path: path.join(dir, name) };
    };
    const vintage = async (): Promise<Vintage> => (await vintageCurves(store, t.ctx.db, { by: 'quarter', source: 'freddie', yearFrom: 2019, yearTo: 2019 })).find((v) => v.Vintage === '2019Q1')!;

    await importGseFiles(store, t.ctx.db, [write('overlap_orig_2019.txt', [orig(a), orig(b)]), write('overlap_svcg_2019.txt', [...aRows(-20_000), ...bRows])]);
    const full = await vintage();
    // Net loss 20,000 of 200,000 = 10 %; severity 20,000 / 99,700 (A's last UPB) = 20.060181 %;
    // 90+ at age 3: B's 100,000 of 199,700 outstanding = 50.075113 %.
    expect([full.Loans, full.OriginalUpb, full.DefaultedLoans, full.DefaultedUpb, full.CumulativeNetLossPct, full.SeverityPct]).toEqual([2, 200_000, 1, 99_700, 10, 20.060181]);
    expect(full.Months[2]!.Dq90PlusPct).toBe(50.075113);

    // A sample file of the same year holding loan A again (and its origination line): nothing doubles.
    const sample = await importGseFiles(store, t.ctx.db, [write('overlap_sample_orig_2019.txt', [orig(a)]), write('overlap_sample_svcg_2019.txt', aRows(-20_000))]);
    expect(sample).toMatchObject({ Files: 2, Loans: 1, PerformanceRows: 4 });
    expect(await vintage()).toEqual(full);

    // A re-cut file restating A's loss at 30,000: the last file wins, 30,000 / 200,000 = 15 %, severity 30.090271 %.
    await importGseFiles(store, t.ctx.db, [write('overlap_recut_svcg_2019.txt', aRows(-30_000))]);
    const recut = await vintage();
    expect([recut.Loans, recut.DefaultedUpb, recut.CumulativeNetLossPct, recut.SeverityPct]).toEqual([2, 99_700, 15, 30.090271]);
    expect(recut.Months[2]!.Dq90PlusPct).toBe(50.075113);
  }, 120_000);

  it("Fannie's credit event net gain or loss is positive for a loss (the glossary's sign): net loss and severity come out positive", async () => {
    // One loan of 100,000 acquired 01/2019, current at 03/2019, REO-disposed (09) at 04/2019 with
    // Cumulative Credit Event Net Gain or Loss (field 78) 25,000.00: a loss of 25 % of its UPB.
    const row = (period: string, age: number, upb: number, extra: Record<number, string | number> = {}): string => formatLine(110, {
      1: 'T1', 2: '100000000001', 3: period, 4: 'R', 5: 'Seller', 8: 4.5, 10: '100000.00', 12: upb.toFixed(2), 13: 360, 14: '012019', 15: '032019',
      16: age, 20: 80, 27: 'P', 28: 'SF', 30: 'P', 31: 'TX', 40: '00', ...extra,
    });
    const file = path.join(dir, 'CAS_T1.txt');
    writeFileSync(file, [row('032019', 1, 100_000), row('042019', 2, 0, { 44: '09', 45: '042019', 46: '100000.00', 77: '25000.00', 78: '25000.00' })].join('\n') + '\n');
    expect(await importGseFiles(store, t.ctx.db, [{ path: file }])).toMatchObject({ Files: 1, Loans: 1, PerformanceRows: 2, RejectedLines: 0 });
    const [v] = await vintageCurves(store, t.ctx.db, { by: 'year', source: 'fannie', referencePool: 'T1' });
    expect([v!.Vintage, v!.DefaultedLoans, v!.DefaultedUpb, v!.CumulativeNetLossPct, v!.SeverityPct]).toEqual(['2019', 1, 100_000, 25, 25]);
    expect(v!.Months[1]!.CumulativeNetLossPct).toBe(25);
  }, 120_000);

  it('refuses a file of no known layout and leaves the store as it was', async () => {
    const before = readdirSync(path.join(dir, 'store', 'monthly')).sort();
    writeFileSync(path.join(dir, 'notes.txt'), 'a|b|c\n');
    await expect(importGseFiles(store, t.ctx.db, [{ path: path.join(dir, 'notes.txt') }])).rejects.toThrow(ImportRefused);
    writeFileSync(path.join(dir, 'broken.zip'), 'not a zip archive');
    await expect(importGseFiles(store, t.ctx.db, [{ path: path.join(dir, 'broken.zip') }])).rejects.toThrow();
    expect(readdirSync(path.join(dir, 'store', 'monthly')).sort()).toEqual(before);
  }, 60_000);
});
