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
    ].join('\n') + '\n');
    const outcome = await importGseFiles(store, t.ctx.db, [{ path: file }]);
    expect(outcome).toMatchObject({ Files: 1, PerformanceRows: 30, RejectedLines: 4 });
    expect(outcome.Problems.map((p) => `${p.File}:${p.Line} ${p.Field}: ${p.Message}`)).toEqual([
      "bad_svcg.txt:31 field 2 (Monthly Reporting Period): '201913' is not a YYYYMM date",
      "bad_svcg.txt:32 field 3 (Current Actual UPB): 'abc' is not a number",
      "bad_svcg.txt:33 field 9 (Zero Balance Code): '99' is not one of 01, 02, 03, 09, 15, 16, 96",
      'bad_svcg.txt:34 line: expected 32 pipe-delimited fields, found 2',
    ]);
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
