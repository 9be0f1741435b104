import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './main.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');

function run(args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(args, { out: (t) => { out += t; }, err: (t) => { err += t; } });
  return { code, out, err };
}

const bma = ['collateral', '--balance', '100000000', '--wac', '8', '--wam', '360', '--smm-vector', '1', '--mdr-vector', '1',
  '--severity', '20', '--lag', '12', '--advancing'];

describe('crt collateral', () => {
  it('prints the BMA Cash Flow A projection as JSON', () => {
    const r = run(bma);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out).CollateralCashflow as Record<string, number>[];
    expect(rows).toHaveLength(360);
    expect(Math.round(rows[0]!.Balance!)).toBe(97934244);
    expect(Math.round(rows[12]!.Losses!)).toBe(200000);
    expect(Math.round(rows[0]!.ForeclosureBalance!)).toBe(999329);
  });
  it('prints CSV with the spec columns', () => {
    const r = run([...bma, '--format', 'csv', '--first-date', '20260125']);
    const [header, first] = r.out.split('\n');
    expect(header).toBe('Period,PaymentDate,Balance,Interest,PassThru,ScheduledPrincipal,PrepaidPrincipal,Defaults,Losses,Recoveries,CumulativeLosses,CumulativeDefaults,InterestRate,PassThruRate,CprRate,CdrRate,LossSeverityRate,DelinquencyRate,ForeclosureBalance');
    expect(first!.startsWith('1,20260125,')).toBe(true);
  });
  it('accepts PSA/SDA and ramp vectors and the STACR convention', () => {
    const r = run(['collateral', '--balance', '1e6', '--wac', '6.5', '--wam', '357', '--wala', '3', '--psa', '150', '--cdr', '0.5 12R 2', '--severity', '35', '--convention', 'stacr']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out).CollateralCashflow as Record<string, number>[];
    expect(rows[0]!.CdrRate).toBeCloseTo(0.005, 10);
    expect(rows[12]!.CdrRate).toBeCloseTo(0.02, 10);
    expect(rows[0]!.CprRate).toBeCloseTo(0.012, 10); // 150 % PSA at age 4 = 1.2 % CPR
  });
  it.each([
    [['collateral', '--wac', '8', '--wam', '360', '--cpr', '5', '--cdr', '1', '--severity', '20'], 'missing required option(s): --balance'],
    [['collateral', '--balance', '1e6', '--wac', '8', '--wam', '360', '--cpr', '5', '--psa', '100', '--cdr', '1', '--severity', '20'], 'give exactly one of --cpr, --psa, --smm-vector'],
    [['collateral', '--balance', '-5', '--wac', '8', '--wam', '360', '--cpr', '5', '--cdr', '1', '--severity', '20'], '--balance must be a positive amount'],
    [['collateral', '--balance', '1e6', '--wac', '8', '--wam', '360', '--cpr', '5 x', '--cdr', '1', '--severity', '20'], "--cpr: 'x' is not a number"],
    [['collateral', '--balance', '1e6', '--wac', '8', '--wam', '360', '--cpr', '5', '--cdr', '1', '--severity', '20', '--format', 'xml'], '--format must be json or csv'],
    [['collateral', '--balance'], 'option --balance needs a value'],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['simulate'], 'simulate needs a request FILE'],
  ])('bad arguments exit 2 with a clear message: %j', (args, message) => {
    const r = run(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });
});

describe('crt simulate', () => {
  it('runs the shipped example request against STACR 2026-DNA1', () => {
    const r = run(['simulate', join(here, '..', 'examples', 'stacr-2026-dna1.request.json')]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const res = JSON.parse(r.out);
    expect(Object.keys(res)).toEqual(['ProjectedLosses', 'CollateralCashflow', 'BondsCashflows', 'MiscVariables']);
    expect(res.CollateralCashflow[0].PaymentDate).toBe(20260325);
    expect(res.BondsCashflows.map((b: { BondName: string }) => b.BondName)).toContain('M-1');
    expect(res.MiscVariables.Triggers[0].SeniorPct).toBeCloseTo(0.96475, 12);
  });
  it('rejects unknown deals and bad requests with exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crt-'));
    const f = join(dir, 'r.json');
    writeFileSync(f, JSON.stringify({ DealName: 'STACR 1999-XYZ', Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.2], Delinquency: [0, 0], Libor: 0.04 }));
    expect(run(['simulate', f]).err).toContain('Could not open deal: STACR 1999-XYZ');
    writeFileSync(f, JSON.stringify({ DealName: 'STACR 2026-DNA2', Cpr: [], Cdr: [0, 0], LossSeverity: [0, 0.2], Delinquency: [0, 0], Libor: 0.04 }));
    const r = run(['simulate', f]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Missing required: CPR');
    writeFileSync(f, '{not json');
    expect(run(['simulate', f]).err).toContain('is not valid JSON');
  });
  it('works as a real process via npm run crt', () => {
    const p = spawnSync('npm', ['run', '-s', 'crt', '--', 'simulate', 'apps/cli/examples/stacr-2026-dna1.request.json'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    expect(p.status).toBe(0);
    expect(JSON.parse(p.stdout).BondsCashflows.length).toBeGreaterThan(10);
    const bad = spawnSync('npm', ['run', '-s', 'crt', '--', 'collateral', '--wac', 'abc'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--wac must be');
  });
});
