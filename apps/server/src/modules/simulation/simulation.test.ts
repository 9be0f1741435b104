import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COLUMNS_MEDIA_TYPE, cutAfterPayoff, fromColumnarSimulation, type ColumnarSimulation } from '@opencrt/contracts';
import type { SimulationResponse } from '@opencrt/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sampleCashflowLists } from '../user-cashflows/sample-cashflow.ts';

const DNA1 = 'STACR 2026-DNA1';
const base = { DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };

interface SimBody {
  ProjectedLosses: number;
  CollateralCashflow: { Balance: number; ScheduledPrincipal: number; PrepaidPrincipal: number; Defaults: number }[];
  BondsCashflows: { BondName: string; Wal: number; PrincipalWindow: string; BondCashflow: { Balance: number; Principal: number }[] }[];
  MiscVariables: { Triggers: unknown[]; RedemptionPeriod: number | null };
  RunTime?: number;
  Message?: string;
}

describe('POST /api/simulate', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('runs STACR 2026-DNA1 to the call: Table 1 WALs, and Σ tranche balances = pool balance before it', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate', token: await t.token('analyst'), payload: { ...base, Cancellation: true } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SimBody;
    expect(body.RunTime).toBeUndefined();
    const wal = (name: string) => Math.round((body.BondsCashflows.find((b) => b.BondName === name)?.Wal ?? NaN) * 100) / 100;
    // Offering memorandum Table 1 (10% CPR, no credit events, early redemption at PD 60).
    expect([wal('A-1'), wal('M-1'), wal('M-2A'), wal('M-2B')]).toEqual([1.59, 1.75, 4.11, 4.79]);
    expect(body.BondsCashflows.find((b) => b.BondName === 'M-1')?.PrincipalWindow).toBe('1-45');
    const tranches = ['A-H', 'A-1', 'A-1H', 'M-1', 'M-1H', 'M-2A', 'M-2AH', 'M-2B', 'M-2BH', 'B-1H', 'B-2H', 'B-3H'];
    const rows = body.CollateralCashflow;
    expect(rows.length).toBeGreaterThan(12);
    // Until the call pays every note off (PD 60), the tranche stack and the pool move together.
    const redemption = body.MiscVariables.RedemptionPeriod ?? rows.length + 1;
    expect(redemption).toBe(60);
    rows.slice(0, redemption - 1).forEach((row, i) => {
      const sum = tranches.reduce((s, name) => s + (body.BondsCashflows.find((b) => b.BondName === name)?.BondCashflow[i]?.Balance ?? 0), 0);
      expect(Math.abs(sum - row.Balance)).toBeLessThan(0.01);
    });
    expect(body.MiscVariables.Triggers.length).toBe(rows.length);
  });

  it('gives admins the run time, and drops rows in a shallow response', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate?useShallowResponse=true', token: await t.token('admin'), payload: base });
    const body = res.json() as SimBody;
    expect(body.RunTime).toBeGreaterThan(0);
    expect(body.CollateralCashflow).toEqual([]);
    expect(body.BondsCashflows.every((b) => b.BondCashflow.length === 0)).toBe(true);
    expect(body.BondsCashflows.find((b) => b.BondName === 'M-1')?.Wal).toBeGreaterThan(0);
  });

  it('answers the compact layout the deal screen asks for, compressed by the run worker as the client accepts', async () => {
    const token = await t.token('analyst');
    const payload = { ...base, Cpr: [0, 0.0712345], Cdr: [0, 0.004] };
    const rows = (await t.request({ method: 'POST', url: '/api/simulate', token, payload })).json() as SimulationResponse;
    const plain = await t.request({ method: 'POST', url: '/api/simulate?layout=columns', token, payload });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compact = plain.json() as ColumnarSimulation;
    expect(compact.Layout).toBe('columns');
    expect(plain.rawPayload.byteLength).toBeLessThan(JSON.stringify(rows).length / 3);
    // Read back, it is the rows answer cut after each pay-off (spec 000 §4), at the contract precision.
    const back = fromColumnarSimulation(compact);
    const cents = (x: number) => Math.round(x * 100) / 100;
    expect(back.BondsCashflows.map((b) => b.BondName)).toEqual(rows.BondsCashflows.map((b) => b.BondName));
    back.BondsCashflows.forEach((bond, b) => {
      const full = cutAfterPayoff(rows.BondsCashflows[b]!.BondCashflow);
      expect(bond.BondCashflow.map((r) => [r.Period, r.PaymentDate, r.Balance, r.Principal, r.Interest, r.ActualWriteDown]))
        .toEqual(full.map((r) => [r.Period, r.PaymentDate, cents(r.Balance), cents(r.Principal), cents(r.Interest), cents(r.ActualWriteDown)]));
      expect(bond.BondCashflow.every((r, i) => Math.abs(r.CprRate - full[i]!.CprRate) <= 5e-9)).toBe(true);
      expect(bond.Wal).toBe(rows.BondsCashflows[b]!.Wal);
    });
    expect(back.CollateralCashflow.map((r) => cents(r.Balance))).toEqual(cutAfterPayoff(rows.CollateralCashflow).map((r) => cents(r.Balance)));
    expect(back.MiscVariables.Triggers).toHaveLength(rows.MiscVariables.Triggers.length);
    expect(back.TriggerTimeline).toEqual(rows.TriggerTimeline);

    // br (and gzip) written by the worker: the bytes decompress to the same answer.
    const br = await t.request({ method: 'POST', url: '/api/simulate?layout=columns', token, payload, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(compact);
    const gzip = await t.request({ method: 'POST', url: '/api/simulate?layout=columns', token, payload, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(compact);
    // The rows answer compresses the same way, to the same rows.
    const rowsBr = await t.request({ method: 'POST', url: '/api/simulate', token, payload, headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(brotliDecompressSync(rowsBr.rawPayload).toString('utf8'))).toEqual(rows);
    // Admins' answers carry RunTime, added after the worker: still readable, compressed or not.
    const admin = await t.request({ method: 'POST', url: '/api/simulate?layout=columns', token: await t.token('admin'), payload, headers: { 'accept-encoding': 'br' } });
    const adminBody = JSON.parse(brotliDecompressSync(admin.rawPayload).toString('utf8')) as ColumnarSimulation & { RunTime: number };
    expect(adminBody.RunTime).toBeGreaterThanOrEqual(0);
    expect(adminBody.BondsCashflows).toEqual(compact.BondsCashflows);
  });

  it('answers the compact layout to a client that names its media type in Accept, rows to any other', async () => {
    const token = await t.token('analyst');
    const ask = (accept: string, url = '/api/simulate') => t.request({ method: 'POST', url, token, payload: base, headers: { accept } });
    const layoutOf = async (accept: string, url?: string) => ((await ask(accept, url)).json() as { Layout?: string }).Layout ?? 'rows';
    expect(await layoutOf(`${COLUMNS_MEDIA_TYPE}, application/json;q=0.5`)).toBe('columns');
    expect(await layoutOf('*/*')).toBe('rows');
    expect(await layoutOf('application/json')).toBe('rows');
    // The query parameter wins.
    expect(await layoutOf(COLUMNS_MEDIA_TYPE, '/api/simulate?layout=rows')).toBe('rows');
    expect((await ask('*/*')).headers.vary).toMatch(/accept,/i);
  });

  it('refuses a layout it does not know', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate?layout=csv', token: await t.token('analyst'), payload: base });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { Message: string }).Message).toMatch(/layout/i);
  });

  it('names missing and invalid inputs with the spec messages', async () => {
    const token = await t.token('user');
    const missing = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: DNA1, Cpr: [0, 0.1] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ Message: 'Missing required: CDR, Loss Severity, Delinquency, LIBOR' });
    const invalid = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...base, Cpr: '5,,7', LossSeverity: [0, 1.5] } });
    // A severity of 1.5 reads as percent: its unit and range are stated (issue 23 #5).
    expect(invalid.json()).toEqual({ Message: 'Missing valid: CPR\nLoss Severity must be from 0 to 1 (a fraction: 25 % is 0.25)' });
    const both = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...base, Cpr: '5,,7', LossSeverity: [0, -0.5] } });
    // A negative severity is a number out of range: its range, not a bare 'Missing valid' (issue 23 #4).
    expect(both.json()).toEqual({ Message: 'Missing valid: CPR\nLoss Severity must be from 0 to 1 (a fraction: 25 % is 0.25)' });
    // A settlement date that is no calendar day is refused, not echoed back.
    for (const SettlementDate of [20261345, '20260230']) {
      const bad = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...base, SettlementDate } });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { Message: string }).Message).toContain('Settlement Date must be a calendar date (YYYYMMDD)');
    }
    const details = await t.request({ method: 'GET', url: `/api/deals/${encodeURIComponent(DNA1)}/details?settlementDate=20261345`, token });
    expect(details.statusCode).toBe(400);
    expect((details.json() as { Message: string }).Message).toContain('settlementDate must be a calendar date');
  });

  it('accepts comma text and a named user vector for CPR', async () => {
    const token = await t.token('analyst');
    const text = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...base, Cpr: '0,0.1' } });
    expect(text.statusCode).toBe(200);
    const unknown = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...base, Cpr: 'FastPrepay' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ Message: 'FastPrepay vector was not found.' });
    await t.request({ method: 'POST', url: '/api/vectors', token, payload: [{ Name: 'FastPrepay', Value: [10, 20, 30], Shared: false }] });
    const named = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...base, Cpr: 'FastPrepay' } });
    expect(named.statusCode).toBe(200);
    const rows = (named.json() as { CollateralCashflow: { CprRate: number }[] }).CollateralCashflow;
    expect(rows.slice(0, 3).map((r) => r.CprRate)).not.toEqual([0.1, 0.1, 0.1]);
  });

  it('refuses unknown deals and bonds, and loan-level runs without the role', async () => {
    const user = await t.token('user');
    const noDeal = await t.request({ method: 'POST', url: '/api/simulate', token: user, payload: { ...base, DealName: 'NOPE 2020-1' } });
    expect(noDeal.statusCode).toBe(404);
    expect(noDeal.json()).toEqual({ Message: 'Deal file could not be opened' });
    const noBond = await t.request({ method: 'POST', url: '/api/simulate', token: user, payload: { ...base, BondName: 'Z-9' } });
    expect(noBond.json()).toEqual({ Message: `Bond Z-9 was not found in ${DNA1}.` });
    const loans = await t.request({ method: 'POST', url: '/api/simulate?loanLevel=true', token: user, payload: base });
    expect(loans.statusCode).toBe(403);
    // LDM needs the LDM_User role; an LDM user must give the model's inputs.
    const model = await t.request({ method: 'POST', url: '/api/simulate', token: user, payload: { ...base, PrepaymentModel: 'LDM' } });
    expect(model.statusCode).toBe(403);
    const analystModel = await t.request({ method: 'POST', url: '/api/simulate', token: await t.token('analyst'), payload: { ...base, PrepaymentModel: 'LDM' } });
    expect(analystModel.json()).toEqual({ Message: 'Missing required: HPI, 10Yr TSY' });
  });

  it('runs loan level for an LDM user from the deal tape', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate?loanLevel=true', token: await t.token('analyst'), payload: base });
    expect(res.statusCode).toBe(200);
    expect((res.json() as SimBody).CollateralCashflow.length).toBeGreaterThan(12);
  });
});

describe('POST /api/simulate/{type}/matrix', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('returns 9 CDR rows × 8 CPR columns of WAL and write-down for a bond', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate/wal/matrix', token: await t.token('user'), payload: { ...base, BondName: 'M-1' } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { Cpr: number[]; Cdr: number[]; Wal: number[][]; WritedownPct: number[][] };
    expect(body.Cpr).toEqual([0, 5, 10, 15, 20, 25, 30, 35]);
    expect(body.Cdr).toEqual([0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5]);
    expect(body.Wal).toHaveLength(9);
    expect(body.Wal.every((row) => row.length === 8)).toBe(true);
    // Faster prepayments shorten the bond; more defaults never reduce its write-down.
    const noLoss = body.Wal[0] as number[];
    expect(noLoss[7]).toBeLessThan(noLoss[1] as number);
    expect((body.WritedownPct[8] as number[])[0]).toBeGreaterThanOrEqual((body.WritedownPct[0] as number[])[0] as number);
  });

  it('refuses models, prerun cashflows, empty axes and a missing bond with the spec messages', async () => {
    const token = await t.token('user');
    const post = (payload: object) => t.request({ method: 'POST', url: '/api/simulate/yield/matrix', token, payload });
    expect((await post({ ...base, BondName: 'M-1', PrepaymentModel: 'AFT' })).json()).toEqual({ Message: 'Matrix does not support prepayment models.' });
    expect((await post({ ...base, BondName: 'M-1', UserCollateralCashflow: { CollateralCashflow: sampleCashflowLists(3, 1e6) } })).json()).toEqual({ Message: 'Matrix does not support prerun cashflows.' });
    expect((await post({ ...base, BondName: 'M-1', MatrixCpr: [] })).json()).toEqual({ Message: 'A matrix needs at least one CPR and one CDR.' });
    expect((await post({ ...base })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/simulate/other/matrix', token, payload: { ...base, BondName: 'M-1' } })).statusCode).toBe(400);
  });
});
