import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ModelCalibration, Vintage, VintageBacktest } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { generatePopulation } from './gse-generator.ts';
import { writeGseFile } from './gse-generator.format.ts';
import { saveCalibration } from './model-calibrations.repository.ts';

/** Generated Freddie files: 120 loans of 2007 (into the crisis, on the macro path) and 20 of 2023 (after it ends), 36 months each. */
const LOANS = [
  ...generatePopulation({ years: [2007], loansPerYear: 120, months: 36, seed: 5 }),
  ...generatePopulation({ years: [2023], loansPerYear: 20, months: 12, seed: 6 }),
];

describe('GET /api/vintages/backtest over generated Freddie files', () => {
  let t: TestApp;
  let dir: string;
  let analyst: string;
  let actual: Vintage;
  let model: VintageBacktest;
  const get = (query: string, token = analyst) => t.request({ method: 'GET', url: `/api/vintages/backtest?${query}`, token });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'opencrt-backtest-'));
    await writeGseFile(path.join(dir, 'orig.txt'), LOANS, 'freddie-origination');
    await writeGseFile(path.join(dir, 'perf.txt'), LOANS, 'freddie-performance');
    t = await createTestApp({ loanData: { location: path.join(dir, 'store'), scratchDir: path.join(dir, 'scratch'), memoryLimit: '256MB' } });
    const admin = await t.token('admin');
    for (const name of ['orig.txt', 'perf.txt']) {
      let job = (await t.request({
        method: 'POST', url: `/api/loan-data/uploads?name=${name}`, token: admin,
        headers: { 'content-type': 'application/octet-stream' }, payload: readFileSync(path.join(dir, name)),
      })).json() as ImportJob;
      while (job.State === 'uploading' || job.State === 'importing') {
        await new Promise((r) => setTimeout(r, 100));
        job = (await t.request({ method: 'GET', url: `/api/loan-data/uploads/${job.Id}`, token: admin })).json() as ImportJob;
      }
      expect(job.State, job.Message ?? '').toBe('done');
    }
    analyst = await t.token('analyst');
    actual = ((await t.request({ method: 'GET', url: '/api/vintages?yearFrom=2007&yearTo=2007', token: analyst })).json() as Vintage[])[0]!;
    const res = await get('vintage=2007&model=LDM_3');
    expect(res.statusCode, res.body).toBe(200);
    model = res.json() as VintageBacktest;
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('draws the model curve on the same months on book as the actual one, cumulative default never falling', () => {
    expect(actual.Vintage).toBe('2007');
    expect(model).toMatchObject({ Vintage: '2007', Model: 'LDM_3', Calibration: null, TuneCdr: 1, PopulationLoans: 120, ModelLoans: 120, Note: null });
    expect(model.Cohorts).toBe(4); // one per origination quarter's first payment month
    expect(model.Months.map((m) => m.MonthOnBook)).toEqual(actual.Months.map((m) => m.MonthOnBook));
    for (let i = 1; i < model.Months.length; i++) {
      expect(model.Months[i]!.CumulativeDefaultPct).toBeGreaterThanOrEqual(model.Months[i - 1]!.CumulativeDefaultPct);
      expect(model.Months[i]!.CumulativeNetLossPct).toBeGreaterThanOrEqual(model.Months[i - 1]!.CumulativeNetLossPct);
    }
    expect(model.CumulativeDefaultPct).toBeGreaterThan(0); // 2007 loans meet the crisis within 36 months
    expect(model.Months.some((m) => m.Cpr > 0)).toBe(true);
    expect(model.Error.Months).toBe(36);
    expect(model.Error.RmseCpr).toBeGreaterThan(0);
  });

  it('runs a seeded sample past maxLoans, and a saved calibration\'s factors for its own model', async () => {
    const sample = (await get('vintage=2007&model=LDM_3&maxLoans=100')).json() as VintageBacktest;
    expect(sample).toMatchObject({ PopulationLoans: 120, ModelLoans: 100 });
    await saveCalibration(t.ctx.db, {
      Name: 'gen-2007', Model: 'LDM_3', TuneCpr: 1, TuneCdr: 2, TuneSeverity: 1, Population: 'yearFrom=2007&yearTo=2007', Vintages: ['2007'], Loans: 120,
      Error: { Months: 36, RmseCumulativeDefaultPct: 1, RmseCumulativeNetLossPct: 1, RmseCpr: 1, Objective: 1 },
    });
    const tuned = (await get('vintage=2007&model=LDM_3&calibration=gen-2007')).json() as VintageBacktest;
    expect(tuned).toMatchObject({ Calibration: 'gen-2007', TuneCdr: 2 });
    expect(tuned.CumulativeDefaultPct).toBeGreaterThan(model.CumulativeDefaultPct * 1.3);
    const listed = (await t.request({ method: 'GET', url: '/api/vintages/calibrations', token: analyst })).json() as ModelCalibration[];
    expect(listed.map((c) => [c.Name, c.Model, c.TuneCdr])).toEqual([['gen-2007', 'LDM_3', 2]]);
    const other = await get('vintage=2007&model=LDM&calibration=gen-2007');
    expect(other.statusCode).toBe(400);
    expect(other.json().Message).toMatch(/fitted to LDM_3/);
  });

  it('refuses bad parameters with 400 naming the field, an unknown vintage or calibration with 404, the macro path\'s end with 400', async () => {
    const cases: [string, RegExp][] = [
      ['vintage=07', /vintage is an origination year/],
      ['model=LDM_3', /vintage/],
      ['vintage=2007&model=XYZ', /model takes LDM, LDM_3, AFT/],
      ['vintage=2007&maxLoans=5', /maxLoans must be between 100 and 50000/],
      ['vintage=2007&calibration=no%20spaces', /calibration is a saved calibration's name/],
      ['vintage=2007&ficoMin=200', /ficoMin must be between 300 and 850/],
      ['vintage=2007&model=AFT&calibration=gen-2007', /AFT runs untuned/],
      ['vintage=2023', /macro path .* covers 2004-01 to 2021-12/],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().Message, query).toMatch(message);
    }
    expect((await get('vintage=2010')).statusCode).toBe(404);
    expect((await get('vintage=2007&calibration=nope')).statusCode).toBe(404);
  });

  it('needs a login, and the model\'s role', async () => {
    expect((await t.request({ method: 'GET', url: '/api/vintages/backtest?vintage=2007' })).statusCode).toBe(401);
    const user = await get('vintage=2007&model=LDM_3', await t.token('user'));
    expect(user.statusCode).toBe(403);
    expect(user.json().Message).toMatch(/LDM_User/);
  });
});
