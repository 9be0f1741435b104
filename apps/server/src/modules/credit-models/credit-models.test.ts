import { CreditModelRunSchema } from '@opencrt/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const libor = [0, 0.0365786];
const ldm3 = {
  DealName: DNA1, SettlementDate: 20260217, PrepaymentModel: 'LDM_3', Libor: libor,
  Hpi: [0, 0.03], Tsy2Year: [0, 0.036], Tsy10Year: [0, 0.042], NationalUnemploymentForecast: [0, 0.044], TuneCpr: 1, TuneCdr: 1, TuneSeverity: 1,
};

interface Row { CprRate: number; CdrRate: number; LossSeverityRate: number; DelinquencyRate: number; Defaults: number; Losses: number }
interface SimBody { CollateralCashflow: Row[]; BondsCashflows: { BondName: string; Wal: number }[]; ProjectedLosses: number; Message?: string }

const sum = (rows: Row[], pick: (r: Row) => number, n = rows.length) => rows.slice(0, n).reduce((s, r) => s + pick(r), 0);

describe('credit-model runs (LDM 2.2, LDM 3.0, AFT)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const run = async (payload: object, user: 'analyst' | 'user' | 'admin' = 'analyst', url = '/api/simulate') =>
    t.request({ method: 'POST', url, token: await t.token(user), payload });

  it('runs LDM 3.0 at loan level on the deal tape: model vectors drive the cashflows', async () => {
    const res = await run({ ...ldm3, RunLoanLevel: true });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as SimBody).CollateralCashflow;
    expect(rows.length).toBeGreaterThan(24);
    // Model output, not a flat input: speeds move month to month, defaults and a 60+ pipeline appear.
    expect(new Set(rows.slice(0, 24).map((r) => r.CprRate.toFixed(6))).size).toBeGreaterThan(6);
    expect(sum(rows, (r) => r.Defaults)).toBeGreaterThan(0);
    expect(rows[24]?.DelinquencyRate).toBeGreaterThan(0);
    expect(rows.every((r) => r.CprRate >= 0 && r.CprRate <= 0.95 && r.LossSeverityRate >= 0 && r.LossSeverityRate <= 1)).toBe(true);
  });

  it('responds to its inputs: lower mortgage rates prepay faster, a home-price fall and unemployment default more', async () => {
    const body = async (over: object) => (await run({ ...ldm3, ...over })).json() as SimBody;
    const cheap = await body({ Mtg30Year: [0, 0.045] });
    const dear = await body({ Mtg30Year: [0, 0.08] });
    expect(sum(cheap.CollateralCashflow, (r) => r.CprRate, 12)).toBeGreaterThan(sum(dear.CollateralCashflow, (r) => r.CprRate, 12) * 1.5);
    const base = await body({});
    const crash = await body({ Hpi: [0, -0.25] });
    expect(sum(crash.CollateralCashflow, (r) => r.Defaults, 60)).toBeGreaterThan(sum(base.CollateralCashflow, (r) => r.Defaults, 60));
    expect(crash.ProjectedLosses).toBeGreaterThan(base.ProjectedLosses);
    const jobless = await body({ NationalUnemploymentForecast: [0, 0.1] });
    expect(sum(jobless.CollateralCashflow, (r) => r.Defaults, 60)).toBeGreaterThan(sum(base.CollateralCashflow, (r) => r.Defaults, 60));
    // LDM 2.2 does not read unemployment.
    const ldm22 = async (u: number) => sum(((await run({ ...ldm3, PrepaymentModel: 'LDM', NationalUnemploymentForecast: [0, u] })).json() as SimBody).CollateralCashflow, (r) => r.Defaults);
    expect(await ldm22(0.1)).toBeCloseTo(await ldm22(0.04), 6);
  });

  it('answers the model\'s own vectors beside the rows: loan level (what the waterfall ran on) and the rep line for the same inputs (issue 24)', async () => {
    const res = await run(ldm3);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SimBody & { CreditModel?: unknown };
    const cm = CreditModelRunSchema.parse(body.CreditModel);
    expect(cm.Model).toBe('LDM_3');
    expect(cm.Loans).toBeGreaterThan(100);
    expect(cm.RepLines).toBeGreaterThan(1);
    expect(cm.LoanLevel.Cpr.length).toBe(cm.RepLine?.Cdr.length);
    // Loan level = the vectors the rows ran on (the first payment date collects two months, so a
    // row's month is not its index: each row's rate is one of the model's months).
    for (const row of body.CollateralCashflow.slice(1, 13)) expect(cm.LoanLevel.Cpr.some((x) => Math.abs(x - row.CprRate) < 1e-6)).toBe(true);
    // The dispersed tape defaults more than its average loan (convexity of the roll in MTMCLTV and score).
    const total = (v: readonly number[]) => v.slice(0, 60).reduce((a, x) => a + x, 0);
    const rep = cm.RepLine as NonNullable<typeof cm.RepLine>;
    expect(total(cm.LoanLevel.Cdr)).toBeGreaterThan(total(rep.Cdr) * 1.2);
    expect(total(cm.LoanLevel.Cpr)).not.toBeCloseTo(total(rep.Cpr), 2);
    // Shallow answers and runs on user vectors carry none.
    expect((await run(ldm3, 'analyst', '/api/simulate?useShallowResponse=true')).json()).not.toHaveProperty('CreditModel');
    expect((await run({ DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.3], Delinquency: [0, 0], Libor: libor })).json()).not.toHaveProperty('CreditModel');
  });

  it('checks each input set and its bounds with the screen labels', async () => {
    const missing = await run({ DealName: DNA1, PrepaymentModel: 'AFT', Libor: libor });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ Message: 'Missing required: HPA, 30Yr MTG' });
    const aft = await run({ DealName: DNA1, SettlementDate: 20260217, PrepaymentModel: 'AFT', Libor: libor, Hpa: [0, 0.02], Mtg30Year: [0, 0.065], Mtg15Year: [0, 0.058] });
    expect(aft.statusCode).toBe(200);
    expect((await run({ ...ldm3, NationalUnemploymentForecast: null })).json()).toEqual({ Message: 'Missing required: Unemployment' });
    expect((await run({ ...ldm3, Mtg30Year: [0, 0.4] })).json()).toEqual({ Message: 'Missing valid: 30Yr MTG' });
    const outOfBounds = await run({ ...ldm3, Hpi: [0, 5] });
    expect(outOfBounds.statusCode).toBe(400);
    expect((await run({ ...ldm3, TuneCdr: 50 })).statusCode).toBe(400);
  });

  it('refuses every model run kind to a user without the model role (403), including ACIS and CIRT', async () => {
    const scenario = { Hpi: [0, 0.03], Tsy10Year: [0, 0.042], Hpa: [0, 0.03], Mtg30Year: [0, 0.065], NationalUnemploymentForecast: [0, 0.04], Libor: libor };
    for (const model of ['LDM', 'LDM_3', 'AFT']) {
      const deal = await run({ DealName: DNA1, PrepaymentModel: model, ...scenario }, 'user');
      expect(deal.statusCode).toBe(403);
      const bond = await run({ DealName: DNA1, BondName: 'M-1', Price: 100, PrepaymentModel: model, ...scenario }, 'user', '/api/simulate/yield');
      expect(bond.statusCode).toBe(403);
      const acis = await run({ DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', SettlementDate: 20200624, PrepaymentModel: model, ...scenario, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01 }, 'user', '/api/simulate/acis');
      expect(acis.statusCode).toBe(403);
      const cirt = await run({ DealName: 'CIRT 2023-9', SettlementDate: 20230901, PrepaymentModel: model, ...scenario, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0 }, 'user', '/api/simulate/cirt');
      expect(cirt.statusCode).toBe(403);
      expect((cirt.json() as { Message: string }).Message).toMatch(model === 'AFT' ? /AFT_User/ : /LDM_User/);
    }
  });

  it('an LDM-only user may run LDM but not AFT', async () => {
    const db = t.handle.db;
    const analyst = await db.selectFrom('users').select('id').where('username', '=', 'analyst').executeTakeFirstOrThrow();
    await sql`delete from user_roles where user_id = ${analyst.id} and role = 'AFT_User'`.execute(db);
    t.ctx.authEvents.userChanged(analyst.id);
    try {
      const aft = await run({ DealName: DNA1, PrepaymentModel: 'AFT', Libor: libor, Hpa: [0, 0.02], Mtg30Year: [0, 0.065] });
      expect(aft.statusCode).toBe(403);
      expect((await run(ldm3)).statusCode).toBe(200);
    } finally {
      await sql`insert into user_roles (user_id, role) values (${analyst.id}, 'AFT_User')`.execute(db);
      t.ctx.authEvents.userChanged(analyst.id);
    }
  });

  it('runs a model under ACIS and CIRT for a model user', async () => {
    const scenario = { PrepaymentModel: 'LDM', Hpi: [0, -0.1], Tsy2Year: [0, 0.03], Tsy10Year: [0, 0.04], Libor: libor };
    const acis = await run({ DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', SettlementDate: 20200624, ...scenario, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01 }, 'analyst', '/api/simulate/acis');
    expect(acis.statusCode).toBe(200);
    const cirt = await run({ DealName: 'CIRT 2023-9', SettlementDate: 20230901, ...scenario, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0 }, 'analyst', '/api/simulate/cirt');
    expect(cirt.statusCode).toBe(200);
    const rows = (cirt.json() as { CirtCashflow: { CprRate: number; CdrRate: number }[] }).CirtCashflow;
    expect(rows.some((r) => r.CdrRate > 0)).toBe(true);
  });

  it('stores a model run as a scenario and reuses it: the saved monthly vectors reproduce the run', async () => {
    const name = `LDM3 base ${Date.now()}`;
    const saved = await run({ ...ldm3, RunLoanLevel: true }, 'analyst', `/api/simulate/save_scenario/${encodeURIComponent(name)}?useShallowResponse=true`);
    expect(saved.statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: `/api/scenarios?dealName=${encodeURIComponent(DNA1)}`, token: await t.token('analyst') });
    const scenario = (list.json() as { Id: number; ScenarioName: string }[]).find((s) => s.ScenarioName === name);
    expect(scenario).toBeDefined();
    const model = (await run({ ...ldm3, RunLoanLevel: true })).json() as SimBody;
    const reused = (await run({ DealName: DNA1, SettlementDate: 20260217, PrepaymentModel: 'UserDefined', SelectedScenarioId: scenario?.Id, Libor: libor, RunLoanLevel: true })).json() as SimBody;
    // The scenario holds the model's monthly vectors (percent, 1e-8): the replay matches the run.
    model.CollateralCashflow.slice(0, 60).forEach((row, i) => {
      expect(reused.CollateralCashflow[i]?.CprRate).toBeCloseTo(row.CprRate, 6);
      expect(reused.CollateralCashflow[i]?.Losses).toBeCloseTo(row.Losses, 0);
    });
  });
});
