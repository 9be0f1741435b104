import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, VintageBacktest } from '@opencrt/contracts';
import { generatePopulation } from '../apps/server/src/modules/loan-data/gse-generator.ts';
import { writeGseFile } from '../apps/server/src/modules/loan-data/gse-generator.format.ts';
import { baseUrl, launchBrowser, newPage, passwordOf, signIn } from './support/browser.ts';

/** A seller of its own, so the screen's filter picks these loans whatever else the e2e server's store holds. */
const SELLER = 'E2E BACKTEST BANK';
const LOANS = generatePopulation({ years: [2006], loansPerYear: 150, months: 48, seed: 9 }).map((l) => ({ ...l, seller: SELLER }));

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: passwordOf('admin'), grant_type: 'password' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Uploads a file as the admin screen does and waits for its import (a re-upload is skipped by content hash). */
async function upload(file: string, token: string): Promise<void> {
  const started = await fetch(`${baseUrl()}/api/loan-data/uploads?name=${path.basename(file)}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: readFileSync(file),
  });
  let job = (await started.json()) as ImportJob;
  while (job.State === 'uploading' || job.State === 'importing') {
    await new Promise((r) => setTimeout(r, 200));
    job = (await (await fetch(`${baseUrl()}/api/loan-data/uploads/${job.Id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as ImportJob;
  }
  expect(job.State, job.Message ?? '').toBe('done');
}

describe('Data ▸ Vintages: the model\'s back-test over the actual curves (issue 33 #5)', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'opencrt-e2e-backtest-'));
    await writeGseFile(path.join(dir, 'backtest-orig.txt'), LOANS, 'freddie-origination');
    await writeGseFile(path.join(dir, 'backtest-perf.txt'), LOANS, 'freddie-performance');
    const token = await adminToken();
    await upload(path.join(dir, 'backtest-orig.txt'), token);
    await upload(path.join(dir, 'backtest-perf.txt'), token);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('toggles the dashed model curves for a vintage, switches the model, and exports the model\'s columns', async () => {
    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'analyst');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/vintages');
    await page.fill('#v-seller', SELLER);
    await page.click('[data-testid=vintages-run]');
    await page.locator('[data-testid=vintages-table]').waitFor();
    const backtestResponse = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/vintages/backtest', { timeout: 120_000 });
    const [first] = await Promise.all([backtestResponse(), page.check('[data-testid=v-show-model]')]);
    expect(first.status()).toBe(200);
    const ldm3 = (await first.json()) as VintageBacktest;
    expect(new URL(first.url()).searchParams.get('seller')).toBe(SELLER);
    expect(ldm3).toMatchObject({ Vintage: '2006', Model: 'LDM_3', PopulationLoans: 150, ModelLoans: 150 });
    expect(ldm3.Months).toHaveLength(48);
    const summary = page.locator('[data-testid=vintage-model-summary]');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('LDM 3.0 on 150 of 150 loans');
    await page.locator('[data-testid=vintage-chart-CumulativeDefaultPct] canvas').first().waitFor();
    await page.locator('[data-testid=vintage-model-controls]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(tmpdir(), 'opencrt-vintage-backtest-1400.png') });

    const [second] = await Promise.all([backtestResponse(), page.selectOption('[data-testid=v-model]', 'LDM')]);
    const ldm = (await second.json()) as VintageBacktest;
    expect(ldm.Model).toBe('LDM');
    await page.locator('[data-testid=vintage-model-summary]', { hasText: 'LDM 2.2 on 150' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("CSV")')]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Model cumulative default % (LDM 2.2)');
    expect(csv).toContain('Model CPR % (LDM 2.2)');

    await page.uncheck('[data-testid=v-show-model]');
    await summary.waitFor({ state: 'detached' });
    await context.close();
  }, 240_000);
});
