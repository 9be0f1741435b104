import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VectorListPage } from './pages/vector-list.page.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

interface Vector { Name: string; Value: number[]; Shared: boolean; Owned: boolean }

async function vectors(page: Page): Promise<Vector[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'crt_token')?.value ?? '';
  return (await (await page.request.get('/api/vectors', { headers: { authorization: `Bearer ${token}` } })).json()) as Vector[];
}

describe('vectors', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('adds vectors, fills one from ranges and one by paste, saves, loads a spreadsheet and runs one by name', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'user');
    const screen = new VectorListPage(page);
    await screen.open();
    await page.getByTestId('vector-empty').waitFor();

    await screen.add('');
    await screen.alert('danger', 'Vector name cannot be empty.').first().waitFor();
    await screen.add('Ramp');
    await screen.add('ramp');
    await screen.alert('danger', 'A vector with this name already exists.').first().waitFor();
    await screen.add('Pasted');
    expect(await screen.columns()).toEqual(['Ramp', 'Pasted']);
    expect(await page.getByTestId('vector-table').locator('tbody tr').count()).toBe(360);

    await screen.ranges('Ramp', [[1, 5, 2, 10], [8, 10, 10, 4]]);
    await page.getByTestId('range-startPeriod-0').fill('0');
    await page.getByTestId('range-issues').getByText('Start period must be at least 1.').waitFor();
    expect(await page.getByTestId('range-apply').isDisabled()).toBe(true);
    await page.getByTestId('range-startPeriod-0').fill('1');
    await page.getByTestId('range-endPeriod-1').fill('8');
    await page.getByTestId('range-issues').getByText('End period must be greater than start period.').waitFor();
    await page.getByTestId('range-endPeriod-1').fill('10');
    await page.getByTestId('range-apply').click();
    expect(await screen.cell('Ramp', 3).inputValue()).toBe('6');

    await screen.paste('Pasted', 1, '1\n2.5\nabc');
    await screen.alert('danger', 'Failed to parse the pasted value.').first().waitFor();
    await screen.paste('Pasted', 1, '1\n2.5\n\n4');
    expect(await screen.cell('Pasted', 2).inputValue()).toBe('2.5');

    await screen.save();
    await screen.alert('success', 'Sucessfully saved vectors').first().waitFor();
    const saved = await vectors(page);
    const ramp = saved.find((v) => v.Name === 'Ramp')!;
    expect(ramp.Value.length).toBe(360);
    expect(ramp.Value.slice(0, 11)).toEqual([2, 4, 6, 8, 10, 10, 10, 10, 7, 4, 4]);
    const pasted = saved.find((v) => v.Name === 'Pasted')!;
    expect(pasted.Value.slice(0, 6)).toEqual([1, 2.5, 2.5, 4, 4, 4]);
    expect(pasted.Value.length).toBe(360);

    await screen.loadSheet();
    await expect.poll(() => screen.columns()).toEqual(['Pasted', 'Ramp', 'SampleRamp', 'SampleFlat']);
    await page.getByTestId('vector-unsaved').waitFor();
    // Leaving asks to save; yes saves.
    const asked: string[] = [];
    page.on('dialog', (d) => { asked.push(d.message()); void d.accept(); });
    await page.getByTestId('navbar').getByText('Deal Catalog').click();
    await page.waitForURL('**/deal_catalog');
    expect(asked).toEqual(['You have unsaved changes! Do you want to save them?']);
    const after = await vectors(page);
    expect(after.map((v) => [v.Name, v.Value.length])).toEqual([['Pasted', 360], ['Ramp', 360], ['SampleFlat', 12], ['SampleRamp', 24]]);

    // The saved vector by name in the CPR input of deal analysis: the run equals the API run with
    // the vector's values written out (percent → fraction, after the period-0 element).
    await page.goto('/deal_analysis?dealName=STACR%202026-DNA1');
    await page.locator('[data-testid=deal-title]').waitFor();
    await page.fill('#input-cpr', 'Ramp');
    await page.fill('#input-cdr', '0');
    await page.fill('#input-libor', '0');
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/simulate') && r.method() === 'POST'),
      page.click('[data-testid=run-scenario]'),
    ]);
    await page.locator('[data-testid=results-panel]').waitFor();
    const body = sent.postDataJSON() as Record<string, unknown>;
    expect(body.Cpr).toBe('Ramp');
    const token = (await page.context().cookies()).find((c) => c.name === 'crt_token')?.value ?? '';
    const rampValues = after.find((v) => v.Name === 'Ramp')!.Value.map((x) => x / 100);
    const direct = await page.request.post('/api/simulate', {
      headers: { authorization: `Bearer ${token}` }, data: { ...body, Cpr: [0, ...rampValues] },
    });
    expect(direct.status()).toBe(200);
    const rows = ((await direct.json()) as { CollateralCashflow: { Balance: number; CprRate: number }[] }).CollateralCashflow;
    // Ramp's rising CPR shows in the run: 2 %, then 4 %, 6 % ... as annual rates.
    expect(rows[1]!.CprRate).toBeGreaterThan(rows[0]!.CprRate);
    for (let i = 0; i < 3; i++) {
      const text = await page.locator(`[data-testid=collateral-table] [row-index="${i}"] [col-id="c2"]`).textContent();
      expect(Math.abs(Number(text?.replaceAll(',', '')) - rows[i]!.Balance), `row ${i}: ${text}`).toBeLessThanOrEqual(0.005 + 1e-6);
    }
  });
});
