import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 12 item 6: duplicates saved at the same moment, and names JavaScript and PostgreSQL fold
 * differently. Each used to end in a 500 from a unique violation; now the second writer gets a 409
 * with a Message (or the documented skip), and the duplicate check folds case as the index does.
 */
describe('concurrent duplicates and case folding', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ signInRequestsPerMinute: 1000 });
    admin = await t.token('admin');
  });
  afterAll(async () => { await t.close(); });

  const post = (url: string, payload: unknown, token: string | undefined = admin) =>
    t.request({ method: 'POST', url, payload: payload as object, token });
  const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
  const messages = (responses: { statusCode: number; json(): unknown }[]) =>
    responses.filter((r) => r.statusCode >= 400).map((r) => (r.json() as { Message?: string }).Message);

  it('registering one user name twice at once: one account, the other request refused with a Message', async () => {
    const form = (n: number) => ({
      Username: 'twin', Email: `twin${n}@example.com`, Password: 'twin-password-1', ConfirmPassword: 'twin-password-1',
      FirstName: 'T', LastName: 'W', CompanyName: 'C',
    });
    const responses = await Promise.all([post('/api/register', form(1), undefined), post('/api/register', form(2), undefined)]);
    expect(statuses(responses)[0]).toBe(200);
    expect([400, 409]).toContain(statuses(responses)[1]);
    expect(messages(responses)[0]).toMatch(/already taken/);
  });

  it('saving the same vectors twice at once never fails with a 500', async () => {
    const list = [{ Name: 'ramp', Value: [1, 2, 3] }, { Name: 'flat', Value: [5] }];
    const responses = await Promise.all([post('/api/vectors', list), post('/api/vectors', list), post('/api/vectors', list)]);
    for (const r of responses) expect([200, 409]).toContain(r.statusCode);
    expect((await t.request({ method: 'GET', url: '/api/vectors', token: admin })).json()).toHaveLength(2);
  });

  const scenario = (name: string) => ({ ScenarioName: name, Cpr: [5], Cdr: [1], LossSeverity: [30], Delinquency: [2] });

  it('the same scenario key saved twice at once with SaveMode skip: one created, the other skipped or 409', async () => {
    const body = { SaveMode: 'skip', Scenarios: [scenario('Same key')] };
    const responses = await Promise.all([post('/api/scenarios/bulk', body), post('/api/scenarios/bulk', body)]);
    for (const r of responses) expect([200, 409]).toContain(r.statusCode);
    const created = responses.filter((r) => r.statusCode === 200).map((r) => (r.json() as { Created: number }).Created);
    expect(created.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('cloning one scenario twice at once gives two copies or a 409, never a 500', async () => {
    const saved = await post('/api/scenarios/bulk', { SaveMode: 'override', Scenarios: [scenario('Clone me')] });
    const id = (saved.json() as { Ids: number[] }).Ids[0];
    const responses = await Promise.all([post(`/api/scenarios/${id}`, {}), post(`/api/scenarios/${id}`, {})]);
    for (const r of responses) expect([200, 409]).toContain(r.statusCode);
  });

  it('one portfolio name created twice at once: one portfolio, the other 409 with a Message', async () => {
    const body = { Name: 'Twin book', PortfolioType: 'Bonds', PortfolioEntries: [] };
    const responses = await Promise.all([post('/api/portfolios/', body), post('/api/portfolios/', body)]);
    expect(statuses(responses)).toEqual([200, 409]);
    expect(messages(responses)[0]).toMatch(/already exists/);
  });

  it('two catalogue reloads at once both finish (serialised), leaving one copy of every deal', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/deals/names', token: admin })).json() as string[];
    const responses = await Promise.all([post('/api/administrator/loadCatalogue', {}), post('/api/administrator/loadCatalogue', {})]);
    expect(statuses(responses)).toEqual([200, 200]);
    expect((await t.request({ method: 'GET', url: '/api/deals/names', token: admin })).json()).toEqual(before);
  });

  // 'İ' lowers to 'i' + combining dot in JavaScript, a final 'Σ' to 'ς': PostgreSQL folds both otherwise.
  const unicodeName = 'ΟΔΟΣ İSTANBUL';

  it('a name JavaScript and PostgreSQL fold differently is found again on the second save (portfolio)', async () => {
    const body = { Name: unicodeName, PortfolioType: 'Bonds', PortfolioEntries: [] };
    expect((await post('/api/portfolios/', body)).statusCode).toBe(200);
    const again = await post('/api/portfolios/', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ Message: `Portfolio named ${unicodeName} already exists.` });
  });

  it('a name JavaScript and PostgreSQL fold differently is found again on the second save (scenario, skip)', async () => {
    const body = { SaveMode: 'skip', Scenarios: [scenario(unicodeName)] };
    expect((await post('/api/scenarios/bulk', body)).json()).toMatchObject({ Created: 1 });
    const again = await post('/api/scenarios/bulk', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ Created: 0, Skipped: 1 });
  });
});
