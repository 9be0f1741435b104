import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { backtestCommand } from './model-backtest.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const dir = mkdtempSync(join(tmpdir(), 'opencrt-backtest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const profile = (over: Record<string, unknown> = {}, loans: Record<string, unknown> = {}) => ({
  Model: 'LDM', Start: '2007-01', Months: 144, Macro: 'data/macro/us-macro-monthly-2004-2021.csv', ...over,
  Loans: { Count: 5000, Seed: 7, Fico: 720, Dti: 39.1, Ltv: 75.3, Cltv: 77.9, NoteRate: 6.33, TermMonths: 360, MiPct: 0, AverageBalance: 180000, ...loans },
});
let n = 0;
const file = (content: unknown) => {
  const path = join(dir, `profile-${n++}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
/** The command exactly as the checks call it. */
const npm = (path: string) => spawnSync('npm', ['run', '-s', 'model:backtest', '--', path], { cwd: root, encoding: 'utf8', timeout: 60_000 });

describe('npm run -s model:backtest -- PROFILE.json', () => {
  it('prints one JSON object with exactly the specified keys and monthly vectors in percent', () => {
    const out = npm(file(profile()));
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const r = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(Object.keys(r)).toEqual(['CumulativeDefaultPct', 'SeverityPct', 'NetLossPct', 'Cpr', 'Cdr', 'Severity']);
    for (const k of ['Cpr', 'Cdr', 'Severity']) expect(r[k]).toHaveLength(144);
    // The 2007 60-80 LTV vintage (published: default 10.5 %, severity 47.7 %, net loss 5.0 %).
    expect(r.CumulativeDefaultPct).toBeGreaterThan(10.5 * 0.75);
    expect(r.CumulativeDefaultPct).toBeLessThan(10.5 * 1.25);
    expect(Math.abs((r.SeverityPct as number) - 47.7)).toBeLessThanOrEqual(8);
    expect(r.NetLossPct).toBeGreaterThan(5.0 * 0.75);
    expect(r.NetLossPct).toBeLessThan(5.0 * 1.25);
  });

  it('a malformed profile: a clear message on stderr, nothing on stdout, non-zero exit', () => {
    const bad = npm(file(profile({ Model: 'FOO' }, { Fico: 'high' })));
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/Model must be "LDM", "LDM_3" or "AFT".*Loans.Fico must be a number/);
    const notJson = npm(file('{"Model": "LDM",'));
    expect(notJson.status).not.toBe(0);
    expect(notJson.stderr).toMatch(/is not JSON/);
  });

  it('a macro path too short for Start + Months is an error (not a shorter run)', () => {
    expect(() => backtestCommand([file(profile({ Start: '2012-01', Months: 144 }, { Count: 10 }))], root))
      .toThrow(/macro path too short: 144 months from 2012-01 need data to 2023-12, the path ends 2021-12/);
    expect(() => backtestCommand([file(profile({ Macro: 'no/such.csv' }, { Count: 10 }))], root)).toThrow(/cannot read macro path no\/such.csv/);
    expect(() => backtestCommand([], root)).toThrow(/usage/);
  });

  it('the Macro path may be relative to the profile folder; the same seed gives the same answer', () => {
    writeFileSync(join(dir, 'macro.csv'), 'month,fhfa_po_sa_hpi,mortgage30_pct,mortgage15_pct,treasury2_pct,treasury10_pct,unemployment_pct\n'
      + Array.from({ length: 30 }, (_, i) => `2010-${String((i % 12) + 1).padStart(2, '0')}`).slice(0, 12)
        .map((m, i) => `${m},${200 - i},4.5,3.9,0.8,3.2,9.5`).join('\n'));
    const p = file(profile({ Start: '2010-01', Months: 12, Macro: 'macro.csv' }, { Count: 200 }));
    const a = backtestCommand([p], '/');
    expect(a.Cpr).toHaveLength(12);
    expect(backtestCommand([p], '/')).toEqual(a);
  });
});
