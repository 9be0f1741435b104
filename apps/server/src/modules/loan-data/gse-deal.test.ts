import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GSE_DEAL_BONDS, type CollateralHistoryRow, type GseDealCreated } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadModelTape } from '../credit-models/model-tape.loader.ts';
import { loadDealStart } from '../deals/deal-state.service.ts';
import { type GeneratedLoan, type LoanStory, firstPaymentPeriod, freddieLoanId, loanHistory } from './gse-generator.ts';
import { writeGseFile } from './gse-generator.format.ts';
import { importGseFiles } from './gse-import.service.ts';
import { openLoanDataStore } from './loan-data.store.ts';

/**
 * A deal built from a generated Fannie reference pool (CA01) and from the same loans as a Freddie
 * population, against figures worked out by hand from the stories (gse-generator.ts; 6 % 30-year
 * loans, balances after k payments rounded to cents: 200,000 after 4: 199,197.60; 100,000 after 4: 99,598.80):
 * A performing 200k; B prepays at age 5 (100k); C REO (200k, missed from age 5: 180+ at age 10, disposed of at 16);
 * D short sale (100k, 180+ at 10, 03 at 12); E repurchased at 5 (200k). All first paying 04/2020, 24 months.
 */
const loan = (serial: number, story: LoanStory, upb: number, eventAge: number): GeneratedLoan => ({
  loanId: freddieLoanId(2020, 1, serial), year: 2020, quarter: 1, creditScore: 700 + serial, ltv: 80, cltv: 80, dti: 35, originalUpb: upb, rate: 6,
  term: 360, purpose: 'P', occupancy: 'P', propertyType: 'SF', channel: 'R', state: serial % 2 ? 'CA' : 'TX', seller: 'Other sellers',
  firstTimeBuyer: 'N', miPct: 0, story, eventAge, months: 24, curtailment: 0,
});
const LOANS = [loan(1, 'performing', 200_000, 0), loan(2, 'prepay', 100_000, 5), loan(3, 'reo', 200_000, 5), loan(4, 'short-sale', 100_000, 5), loan(5, 'repurchase', 200_000, 5)];
const uC = 199_197.6;
const uD = 99_598.8;
// Net losses (sale 70 %, expenses 8 %, delinquent interest 0.5 % a month, cents): C 87,646.95 at age 16, D 41,831.49 at age 12.
const lossC = 87_646.95;
const lossD = 41_831.49;

/** A pool whose modified loan's capitalised arrears outweigh all principal paid that month: the pool grows. */
const MODIFIED_POOL = [loan(6, 'modification', 200_000, 5), loan(7, 'performing', 50_000, 0)];

/** The pool month by month straight from the generator's stories (independent of the store and its SQL). */
function expectedHistory() {
  const byAge = new Map<number, { begin: number; end: number; sched: number; loss: number; defaults: number; dq30: number; dq60: number; dq90: number; loans: number }>();
  for (const l of LOANS) {
    let prev = l.originalUpb;
    let defaulted = false;
    for (const m of loanHistory(l)) {
      const row = byAge.get(m.age) ?? { begin: 0, end: 0, sched: 0, loss: 0, defaults: 0, dq30: 0, dq60: 0, dq90: 0, loans: 0 };
      row.begin += prev;
      row.end += m.upb;
      row.sched += m.scheduledPrincipal;
      row.loss += m.loss ? -m.loss.actualLoss : 0;
      const status = m.status === 'RA' ? 99 : m.status;
      if (!defaulted && (status >= 6 || ['02', '03', '09', '15'].includes(m.zeroBalanceCode ?? ''))) { defaulted = true; row.defaults += m.upb || prev; }
      if (m.upb > 0) {
        row.loans += 1;
        if (status === 1) row.dq30 += m.upb;
        if (status === 2) row.dq60 += m.upb;
        if (status >= 3) row.dq90 += m.upb;
      }
      byAge.set(m.age, row);
      prev = m.upb;
    }
  }
  return [...byAge.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
}

describe('POST /api/loan-data/deals: a reference pool or a population becomes a deal with its reported history', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;
  const created: Record<string, GseDealCreated> = {};
  const history: Record<string, CollateralHistoryRow[]> = {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'opencrt-gse-deal-'));
    const loanData = { location: path.join(dir, 'store'), scratchDir: path.join(dir, 'scratch'), memoryLimit: '256MB' };
    t = await createTestApp({ loanData });
    await writeGseFile(path.join(dir, 'orig.txt'), LOANS, 'freddie-origination');
    await writeGseFile(path.join(dir, 'perf.txt'), LOANS, 'freddie-performance');
    await writeGseFile(path.join(dir, 'cas.txt'), LOANS, 'fannie-crt', { id: 'CA01', dealName: 'CAS 2026-R01' });
    await writeGseFile(path.join(dir, 'cas-mod.txt'), MODIFIED_POOL, 'fannie-crt', { id: 'CA02', dealName: 'CAS 2026-R02' });
    const store = await openLoanDataStore(t.ctx.config.loanData);
    try {
      await importGseFiles(store, t.ctx.db, ['orig.txt', 'perf.txt', 'cas.txt', 'cas-mod.txt'].map((f) => ({ path: path.join(dir, f) })));
    } finally { await store.close(); }
    admin = await t.token('admin');
    for (const [name, population] of [['CAS GSE CA01', { source: 'fannie', referencePool: 'CA01' }], ['STACR GSE 2020', { source: 'freddie', yearFrom: 2020, yearTo: 2020 }]] as const) {
      const res = await t.request({ method: 'POST', url: '/api/loan-data/deals', token: admin, payload: { Name: name, Population: population, Bonds: DEFAULT_GSE_DEAL_BONDS } });
      expect(res.statusCode, res.body).toBe(201);
      created[name] = res.json() as GseDealCreated;
      const h = await t.request({ method: 'GET', url: `/api/deals/${encodeURIComponent(name)}/collateral/history`, token: await t.token('user') });
      expect(h.statusCode, h.body).toBe(200);
      history[name] = (h.json() as CollateralHistoryRow[]).reverse();
    }
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the pool\'s size, months and losses (hand-computed)', () => {
    const a = loanHistory(LOANS[0]!).at(-1)!.upb;
    expect(firstPaymentPeriod(LOANS[0]!)).toBe(202004);
    for (const c of Object.values(created)) {
      expect(c).toMatchObject({ Loans: 5, FirstPeriod: 202004, LastPeriod: 202203, Months: 24, OriginalBalance: 800_000, TapeLoans: 1 });
      expect(c.CurrentBalance).toBeCloseTo(a, 2);
      expect(c.CumulativeNetLoss).toBeCloseTo(lossC + lossD, 2);
    }
  });

  it('stores the monthly history the loans reported: balance, principal, defaults, losses, delinquency', () => {
    const expected = expectedHistory();
    for (const [name, rows] of Object.entries(history)) {
      expect(rows.length, name).toBe(24);
      // Payment dates: the 25th of the month after each reporting month.
      expect([rows[0]!.Date, rows.at(-1)!.Date]).toEqual([20200525, 20220425]);
      rows.forEach((r, i) => {
        const e = expected[i]!;
        expect(r.CurrentBalance, `${name} month ${i + 1}`).toBeCloseTo(e.end, 2);
        expect(r.NetLoss!).toBeCloseTo(e.loss, 2);
        expect(r.Defaults!).toBeCloseTo(e.defaults, 2);
        expect(r.LoansCount).toBe(e.loans);
        const pct = (x: number) => (e.end > 0 ? (100 * x) / e.end : 0);
        expect([r.Delinquency30, r.Delinquency60, r.Delinquency90Plus].map((x) => Math.round(x * 1e4))).toEqual([e.dq30, e.dq60, e.dq90].map((x) => Math.round(pct(x) * 1e4)));
        // Conservation: start − end = scheduled + unscheduled + liquidated balance (liquidated = loss + recovered principal).
        const liquidated = (i === 11 ? uD : 0) + (i === 15 ? uC : 0);
        expect(r.ScheduledPrincipal! + r.UnscheduledPrincipal! + liquidated).toBeCloseTo(e.begin - e.end, 1);
      });
      // Age 5: B pays off (99,598.80 after four payments) and E is repurchased (199,197.60): unscheduled principal.
      expect(rows[4]!.UnscheduledPrincipal!).toBeCloseTo(uD + uC, 1);
      // Age 10: C and D reach 180 days: defaults at their frozen balances.
      expect(rows[9]!.Defaults).toBeCloseTo(uC + uD, 2);
      expect([rows[11]!.NetLoss, rows[15]!.NetLoss]).toEqual([lossD, lossC]);
    }
    // Fannie reports the scheduled principal: the generator's, to the cent.
    history['CAS GSE CA01']!.forEach((r, i) => expect(r.ScheduledPrincipal!).toBeCloseTo(expected[i]!.sched, 2));
  });

  it('writes the bonds down from the bottom and starts runs from the last month with the tape', async () => {
    const bonds = await t.ctx.db.withTables<{ bond_remit_history: { deal_name: string; bond_name: string; date: number; current_balance: number; write_down: number } }>()
      .selectFrom('bond_remit_history').select(['bond_name', 'current_balance', 'write_down', 'date']).where('deal_name', '=', 'CAS GSE CA01').execute();
    const lastDate = Math.max(...bonds.map((b) => b.date));
    const end = Object.fromEntries(bonds.filter((b) => b.date === lastDate).map((b) => [b.bond_name, Number(b.current_balance)]));
    const written = bonds.reduce((s, b) => s + Number(b.write_down), 0);
    expect(written).toBeCloseTo(lossC + lossD, 2);
    // 129,478.44 of loss: B-1 (8,000), M-2 (12,000), M-1 (12,000) gone, A-H written down by the rest.
    expect([end['B-1'], end['M-2'], end['M-1']]).toEqual([0, 0, 0]);
    const a = created['CAS GSE CA01']!.CurrentBalance;
    expect(end['A-H']).toBeCloseTo(a, 2);

    const start = await loadDealStart(t.ctx.db, 'CAS GSE CA01', 20220601);
    expect(start?.remitDate).toBe(20220425);
    expect(start?.state?.lastPaymentDateNumber).toBe(24);
    expect(start?.state?.poolBalance).toBeCloseTo(a, 2);
    expect(start?.state?.cumulativeNetLoss).toBeCloseTo(lossC + lossD, 2);
    const model = await loadModelTape(t.ctx.db, 'CAS GSE CA01', 20220601, a, []);
    expect(model.fromLoans).toBe(true);
    expect(Array.from(model.tape.balance)).toEqual([a]);
    expect(model.tape.age[0]).toBe(24);
  });

  it('runs the deals from the last reported month (POST /api/simulate)', async () => {
    for (const name of Object.keys(created)) {
      const res = await t.request({ method: 'POST', url: '/api/simulate', token: await t.token('analyst'),
        payload: { DealName: name, SettlementDate: 20220425, Cpr: [0, 0.1], Cdr: [0, 0.0005], LossSeverity: [0, 0.2], Delinquency: [0, 0], Libor: [0, 0.0005] } });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
      const body = res.json() as { CollateralCashflow: { Balance: number }[] };
      expect(body.CollateralCashflow[0]!.Balance).toBeLessThanOrEqual(created[name]!.CurrentBalance + 0.01);
    }
  });

  it('enforces roles and answers 400 naming the field, 409 for a name in use', async () => {
    const body = { Name: 'CAS GSE X', Population: { referencePool: 'CA01' }, Bonds: DEFAULT_GSE_DEAL_BONDS };
    expect((await t.request({ method: 'POST', url: '/api/loan-data/deals', payload: body })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/loan-data/deals', token: await t.token('user'), payload: body })).statusCode).toBe(403);
    const bad = await t.request({ method: 'POST', url: '/api/loan-data/deals', token: admin, payload: { ...body, Name: 'My deal' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Name starts with STACR or CAS/);
    const stack = await t.request({ method: 'POST', url: '/api/loan-data/deals', token: admin, payload: { ...body, Bonds: [{ BondName: 'A', AttachmentPct: 5, SpreadPct: 0 }, { BondName: 'B', AttachmentPct: 6, SpreadPct: 1 }] } });
    expect(stack.statusCode).toBe(400);
    expect(stack.body).toMatch(/AttachmentPct must fall from the senior bond down/);
    const empty = await t.request({ method: 'POST', url: '/api/loan-data/deals', token: admin, payload: { ...body, Population: { referencePool: 'NOPE' } } });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.body).toMatch(/Population/);
    const taken = await t.request({ method: 'POST', url: '/api/loan-data/deals', token: admin, payload: { ...body, Name: 'CAS GSE ca01' } });
    expect(taken.statusCode).toBe(409);
  });

  it('a month in which the pool grows (capitalised modification arrears) accretes the senior class: the classes still sum to the pool, and the deal runs', async () => {
    const admin2 = await t.token('admin');
    const res = await t.request({ method: 'POST', url: '/api/loan-data/deals', token: admin2, payload: { Name: 'CAS GSE CA02', Population: { source: 'fannie', referencePool: 'CA02' }, Bonds: DEFAULT_GSE_DEAL_BONDS } });
    expect(res.statusCode, res.body).toBe(201);
    const h = await t.request({ method: 'GET', url: `/api/deals/${encodeURIComponent('CAS GSE CA02')}/collateral/history`, token: await t.token('user') });
    const rows = (h.json() as CollateralHistoryRow[]).reverse();
    const grew = rows.findIndex((r, i) => i > 0 && r.CurrentBalance > rows[i - 1]!.CurrentBalance + 1);
    expect(grew, 'the generated modification grows the pool in some month').toBeGreaterThan(0);
    const bonds = await t.ctx.db.withTables<{ bond_remit_history: { deal_name: string; bond_name: string; date: number; current_balance: number } }>()
      .selectFrom('bond_remit_history').select(['date', 'current_balance']).where('deal_name', '=', 'CAS GSE CA02').execute();
    const byDate = new Map<number, number>();
    for (const b of bonds) byDate.set(b.date, (byDate.get(b.date) ?? 0) + Number(b.current_balance));
    for (const r of rows) expect(byDate.get(r.Date), `classes on ${r.Date}`).toBeCloseTo(r.CurrentBalance, 2);
    const run = await t.request({ method: 'POST', url: '/api/simulate', token: await t.token('analyst'),
      payload: { DealName: 'CAS GSE CA02', SettlementDate: 20220425, Cpr: [0, 0.1], Cdr: [0, 0.0005], LossSeverity: [0, 0.2], Delinquency: [0, 0], Libor: [0, 0.0005] } });
    expect(run.statusCode, run.body.slice(0, 300)).toBe(200);
  });
});
