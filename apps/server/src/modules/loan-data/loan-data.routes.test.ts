import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, Vintage } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type GeneratedLoan, type LoanStory, freddieLoanId } from './gse-generator.ts';
import { writeGseFile } from './gse-generator.format.ts';

/**
 * Vintage figures of a generated Freddie population, against numbers worked out by hand from the
 * stories (gse-generator.ts): 6 % 30-year loans, balances after k payments rounded to cents.
 *   200,000 after 4 payments: 199,197.60; after 7: 198,585.21; after 9: 198,171.82. 100,000 after 4: 99,598.80.
 * 2020: A performing 200k, B prepays at age 5 (100k), C REO (200k, payments missed from age 5: 180+ at
 * age 10, disposed of at 16), D short sale (100k, 180+ at age 10, 03 at age 12), E repurchased at 5 (200k).
 * 2021: F MI-recovery REO (100k, MI 25 %, missed from age 3), G performing 100k.
 */
const loan = (serial: number, year: number, story: LoanStory, upb: number, eventAge: number, extra: Partial<GeneratedLoan> = {}): GeneratedLoan => ({
  loanId: freddieLoanId(year, 1, serial), year, quarter: 1, creditScore: 700 + serial, ltv: 80, cltv: 80, dti: 35, originalUpb: upb, rate: 6,
  term: 360, purpose: 'P', occupancy: 'P', propertyType: 'SF', channel: 'R', state: serial % 2 ? 'CA' : 'TX', seller: 'Other sellers',
  firstTimeBuyer: 'N', miPct: 0, story, eventAge, months: 24, curtailment: 0, ...extra,
});
const LOANS = [
  loan(1, 2020, 'performing', 200_000, 0), loan(2, 2020, 'prepay', 100_000, 5), loan(3, 2020, 'reo', 200_000, 5),
  loan(4, 2020, 'short-sale', 100_000, 5), loan(5, 2020, 'repurchase', 200_000, 5),
  loan(6, 2021, 'mi-recovery', 100_000, 3, { miPct: 25, ltv: 90, cltv: 90 }), loan(7, 2021, 'performing', 100_000, 0),
];

const uC = 199_197.6;
const uD = 99_598.8;
// Liquidations (sale 70 %, expenses 8 %, delinquent interest at 0.5 % a month, each rounded to cents):
// C: 139,438.32 − (199,197.60 + 11,951.86 + 15,935.81) = −87,646.95; D: 69,719.16 − (99,598.80 + 3,983.95 + 7,967.90) = −41,831.49.
const netLoss2020 = 87_646.95 + 41_831.49;

describe('GET /api/vintages over uploaded Freddie files', () => {
  let t: TestApp;
  let dir: string;
  let v2020: Vintage;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'opencrt-gse-'));
    await writeGseFile(path.join(dir, 'orig.txt'), LOANS, 'freddie-origination');
    await writeGseFile(path.join(dir, 'perf.txt'), LOANS, 'freddie-performance');
    t = await createTestApp({ loanData: { location: path.join(dir, 'store'), scratchDir: path.join(dir, 'scratch'), memoryLimit: '256MB' } });
    const admin = await t.token('admin');
    for (const name of ['orig.txt', 'perf.txt']) {
      const started = await t.request({
        method: 'POST', url: `/api/loan-data/uploads?name=${name}`, token: admin,
        headers: { 'content-type': 'application/octet-stream' }, payload: readFileSync(path.join(dir, name)),
      });
      expect(started.statusCode, started.body).toBe(202);
      let job = started.json() as ImportJob;
      while (job.State === 'uploading' || job.State === 'importing') {
        await new Promise((r) => setTimeout(r, 100));
        job = (await t.request({ method: 'GET', url: `/api/loan-data/uploads/${job.Id}`, token: admin })).json() as ImportJob;
      }
      expect(job.State, job.Message ?? '').toBe('done');
    }
    const res = await t.request({ method: 'GET', url: '/api/vintages?by=year', token: await t.token('user') });
    expect(res.statusCode, res.body).toBe(200);
    v2020 = (res.json() as Vintage[])[0]!;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sums the vintage: loans, original UPB, credit events at the last non-zero UPB, net loss and severity', () => {
    expect(v2020).toMatchObject({ Vintage: '2020', Loans: 5, OriginalUpb: 800_000, DefaultedLoans: 2, DefaultedUpb: uC + uD });
    expect(v2020.CumulativeDefaultPct).toBeCloseTo((100 * (uC + uD)) / 800_000, 5);
    expect(v2020.CumulativeNetLossPct).toBeCloseTo((100 * netLoss2020) / 800_000, 5);
    expect(v2020.SeverityPct).toBeCloseTo((100 * netLoss2020) / (uC + uD), 5);
  });

  it('draws the curves by month on book: defaults at 180+, losses at liquidation, CPR from the payoff, CDR and 90+', () => {
    const at = (mob: number) => v2020.Months.find((m) => m.MonthOnBook === mob)!;
    expect(v2020.Months.at(-1)!.MonthOnBook).toBe(24);
    expect(at(9).CumulativeDefaultPct).toBe(0);
    expect(at(10).CumulativeDefaultPct).toBeCloseTo((100 * (uC + uD)) / 800_000, 5);
    expect(at(11).CumulativeNetLossPct).toBe(0);
    expect(at(12).CumulativeNetLossPct).toBeCloseTo((100 * 41_831.49) / 800_000, 5);
    expect(at(16).CumulativeNetLossPct).toBeCloseTo((100 * netLoss2020) / 800_000, 5);
    // Age 5: B pays off its 99,598.80; start balance of A–E 796,790.40, less A's scheduled principal
    // (level payment 1,199.10105 − 0.5 % of 199,197.60) = 203.11305; C and D missed, E was repurchased.
    const payment = (200_000 * 0.005) / (1 - 1.005 ** -360);
    const smm = 99_598.8 / (796_790.4 - (payment - 199_197.6 * 0.005));
    expect(at(5).Cpr).toBeCloseTo(100 * (1 - (1 - smm) ** 12), 4);
    expect(at(6).Cpr).toBe(0);
    // Age 10: C and D reach 180+; loans without an earlier event started the month with A's 198,171.82 and C's and D's frozen balances.
    const mdr = (uC + uD) / (198_171.82 + uC + uD);
    expect(at(10).Cdr).toBeCloseTo(100 * (1 - (1 - mdr) ** 12), 4);
    // Age 7: C and D three payments behind; A owes 198,585.21.
    expect(at(7).Dq90PlusPct).toBeCloseTo((100 * (uC + uD)) / (198_585.21 + uC + uD), 4);
    expect(at(6).Dq90PlusPct).toBe(0);
  });

  it('filters by origination attributes and answers MI recoveries in the 2021 vintage', async () => {
    const token = await t.token('analyst');
    const res = await t.request({ method: 'GET', url: '/api/vintages?by=quarter&mi=Y', token });
    const [v] = res.json() as Vintage[];
    // F: sale 70 % and MI 25 % of its balance against the balance, 8 % expenses and 12 months of 0.5 % interest: severity 19 %.
    expect(v).toMatchObject({ Vintage: '2021Q1', Loans: 1, OriginalUpb: 100_000, DefaultedLoans: 1 });
    expect(v!.SeverityPct).toBeCloseTo(19, 1);
    const ca = (await t.request({ method: 'GET', url: '/api/vintages?state=CA&yearTo=2020', token })).json() as Vintage[];
    // CA in 2020: A, C and E, 200k each.
    expect(ca.map((x) => [x.Vintage, x.Loans, x.OriginalUpb])).toEqual([['2020', 3, 600_000]]);
  });

  it('refuses a filter out of range with a message naming it', async () => {
    const res = await t.request({ method: 'GET', url: '/api/vintages?ficoMin=200', token: await t.token('user') });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toContain('ficoMin must be between 300 and 850');
    const bad = await t.request({ method: 'GET', url: '/api/vintages?purpose=P,Z', token: await t.token('user') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toContain('purpose takes P, C, N, R');
  });

  it('stratifies by FICO with weighted averages and default rates per bucket', async () => {
    const res = await t.request({ method: 'GET', url: '/api/vintages/strats?dimension=state', token: await t.token('user') });
    const rows = res.json() as { Bucket: string; Loans: number; OriginalUpb: number; DefaultedUpb: number; WaFico: number }[];
    // CA: serials 1, 3, 5, 7 (200k + 200k + 200k + 100k), C defaulted; TX: 2, 4, 6 (100k each), D and F defaulted.
    expect(rows.map((r) => [r.Bucket, r.Loans, r.OriginalUpb])).toEqual([['CA', 4, 700_000], ['TX', 3, 300_000]]);
    expect(rows[0]!.DefaultedUpb).toBeCloseTo(uC, 2);
    expect(rows[0]!.WaFico).toBeCloseTo((701 * 2 + 703 * 2 + 705 * 2 + 707) / 7, 1);
  });

  it('adds nothing when the same file is uploaded again, and lists the files', async () => {
    const admin = await t.token('admin');
    const started = await t.request({
      method: 'POST', url: '/api/loan-data/uploads?name=again.txt', token: admin,
      headers: { 'content-type': 'application/octet-stream' }, payload: readFileSync(path.join(dir, 'perf.txt')),
    });
    let job = started.json() as ImportJob;
    while (job.State === 'importing') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await t.request({ method: 'GET', url: `/api/loan-data/uploads/${job.Id}`, token: admin })).json() as ImportJob;
    }
    expect(job.Outcome).toMatchObject({ Files: 0, PerformanceRows: 0, Skipped: ['again.txt'] });
    const files = (await t.request({ method: 'GET', url: '/api/loan-data/files', token: admin })).json() as { Name: string; Loans: number; PerformanceRows: number }[];
    expect(files.map((f) => [f.Name, f.Loans])).toEqual([['orig.txt', 7], ['perf.txt', 0]]);
    expect(files[1]!.PerformanceRows).toBe(24 + 5 + 16 + 12 + 5 + 14 + 24);
    const user = await t.request({ method: 'POST', url: '/api/loan-data/uploads?name=x.txt', token: await t.token('user'), headers: { 'content-type': 'application/octet-stream' }, payload: 'x' });
    expect(user.statusCode).toBe(403);
  });
});
