// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { StacrAcisDeal } from '@opencrt/contracts';
import { buildQuickModel, CUM_LOSS_TEST_VALUES, QUICK_MODEL_CONVENTION, QUICK_MODEL_PERIODS } from './quick-model.ts';

const deal: StacrAcisDeal = {
  Type: 'STACR_ACIS', Name: 'STACR 2026-QM1', DependantNames: ['ACIS 2026-QM1'],
  STACR: {
    Name: 'STACR 2026-QM1',
    CollateralInformation: [{ ReferencePoolBalance: 600_000_000, Wac: 6, Wam: 360, Wala: 0 }, { ReferencePoolBalance: 400_000_000, Wac: 4.5, Wam: 240, Wala: 12 }],
    ContractInformation: { ClosingDate: 20260130, FirstPayDate: 20260225, MaturityDate: 20560225, EarlyRedemptionDate: 20310225, CancellationPct: 10 },
    Structure: { CETarget: 1, DlqTarget: 50, DlqMonthsAverage: 6, UseCumLossTest: true },
    Liability: [
      { BondName: 'A', Detachment: 100, Thickness: 97, Balance: 970_000_000, Coupon: 0, Spread: 0 },
      { BondName: 'M1', Detachment: 3, Thickness: 3, Balance: 30_000_000, Coupon: 0, Spread: 2.5 },
    ],
  },
  ACIS: { Name: 'ACIS 2026-QM1', Structure: { EffectiveDate: 20260130, MaturityDate: 20380130, MonthsToCall: 60 }, Liability: [{ BondName: 'M1', OfferedPct: 100, Balance: 30_000_000, Premium: 3, CallMultiplier: 1 }] },
};

const dir = mkdtempSync(join(tmpdir(), 'quick-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the workbook in headless LibreOffice, which recalculates every formula, and saves it again with the values. */
async function recalculated(wb: ExcelJS.Workbook, name: string): Promise<ExcelJS.Workbook> {
  const input = join(dir, `${name}.xlsx`);
  writeFileSync(input, Buffer.from(await wb.xlsx.writeBuffer()));
  const out = join(dir, 'out');
  execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--calc', '--convert-to', 'xlsx', '--outdir', out, input], { stdio: 'pipe', timeout: 120_000 });
  const back = new ExcelJS.Workbook();
  const bytes = readFileSync(join(out, `${name}.xlsx`));
  await back.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return back;
}

/** A recalculated cell's number. LibreOffice saves a formula whose value is 0 without a cached value: read as 0; an error stays NaN. */
const value = (ws: ExcelJS.Worksheet, cell: string): number => {
  const v = ws.getCell(cell).value as number | { formula?: string; result?: number | { error: string } } | null;
  if (typeof v === 'number') return v;
  if (v && 'formula' in v && v.result === undefined) return 0;
  return typeof v?.result === 'number' ? v.result : NaN;
};

/**
 * The engine's stacr-ppm step order for one line (packages/engine project-rep-lines.ts
 * `projectPpmLines`), by hand in integer cents as the engine keeps them: credit events and
 * prepayments on the beginning balance, the survivors' level payment, loss at the event.
 * (The web may not import the engine; deal-create.e2e compares the sheet with the engine's run.)
 */
function expectedLine(balance: number, wacPct: number, wam: number, cpr: number, cdr: number, sev: number, periods: number) {
  const c = wacPct / 1200;
  const smm = 1 - (1 - cpr) ** (1 / 12);
  const mdr = 1 - (1 - cdr) ** (1 / 12);
  let b = Math.round(balance * 100);
  const rows: { begin: number; end: number; scheduled: number; prepaid: number; defaults: number; loss: number; interest: number }[] = [];
  for (let k = 1; k <= periods; k++) {
    const n = wam - k + 1;
    const ce = Math.round(b * mdr);
    const pre = Math.min(Math.round(b * smm), b - ce);
    const x = b - ce - pre;
    const ix = Math.round(x * c);
    const pmt = n <= 1 ? x + ix : Math.round((x * c * (1 + c) ** n) / ((1 + c) ** n - 1));
    const sched = Math.min(x, pmt - ix);
    rows.push({ begin: b, end: x - sched, scheduled: sched, prepaid: pre, defaults: ce, loss: sev * ce, interest: Math.round((b - ce) * c) });
    b = x - sched;
  }
  return rows;
}

describe('quick-model spreadsheet', () => {
  it('recomputes the stacr-ppm collateral flows to the cent in LibreOffice, and follows a changed input', async () => {
    const wb = buildQuickModel(deal, { cprPct: 12, cdrPct: 1, severityPct: 25 });
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Deal Info', 'Collateral', 'Bonds', 'Groups', 'Tests', 'Line 1', 'Line 2', 'Pool']);
    expect((wb.getWorksheet('Deal Info') as ExcelJS.Worksheet).getCell('B11').value).toBe(QUICK_MODEL_CONVENTION);
    const tests = wb.getWorksheet('Tests') as ExcelJS.Worksheet;
    expect(Array.from({ length: 13 }, (_, i) => tests.getCell(`B${7 + i}`).value)).toEqual(CUM_LOSS_TEST_VALUES);
    expect(CUM_LOSS_TEST_VALUES[0]).toBe(0.1);
    expect(CUM_LOSS_TEST_VALUES.at(-1)).toBe(1.3);

    const back = await recalculated(wb, 'base');
    const pool = back.getWorksheet('Pool') as ExcelJS.Worksheet;
    const a = expectedLine(600_000_000, 6, 360, 0.12, 0.01, 0.25, QUICK_MODEL_PERIODS);
    const b = expectedLine(400_000_000, 4.5, 240, 0.12, 0.01, 0.25, QUICK_MODEL_PERIODS);
    const cents = (x: number) => Math.round(x * 100);
    for (let k = 1; k <= QUICK_MODEL_PERIODS; k++) {
      const r = k + 1;
      const ea = a[k - 1] as (typeof a)[number];
      const eb = b[k - 1] as (typeof b)[number];
      // Every flow to the cent (the sheet rounds as it goes; the pool's loss is rounded once).
      expect(cents(value(pool, `B${r}`)), `period ${k} begin`).toBe(ea.begin + eb.begin);
      expect(cents(value(pool, `C${r}`)), `period ${k} scheduled`).toBe(ea.scheduled + eb.scheduled);
      expect(cents(value(pool, `D${r}`)), `period ${k} prepaid`).toBe(ea.prepaid + eb.prepaid);
      expect(cents(value(pool, `E${r}`)), `period ${k} credit events`).toBe(ea.defaults + eb.defaults);
      expect(cents(value(pool, `F${r}`)), `period ${k} loss`).toBe(Math.round(ea.loss + eb.loss));
      expect(cents(value(pool, `G${r}`)), `period ${k} end`).toBe(ea.end + eb.end);
      expect(cents(value(pool, `H${r}`)), `period ${k} interest`).toBe(ea.interest + eb.interest);
    }
    // Losses at the credit event: period 1 already loses 25 % of its credit events (no recovery lag).
    expect(value(pool, 'F2')).toBeGreaterThan(0);
    expect(value(pool, 'F2')).toBeCloseTo(0.25 * value(pool, 'E2'), 2);

    // A live model: change the CPR on sheet 1 only, and every period follows.
    const faster = buildQuickModel(deal, { cprPct: 12, cdrPct: 1, severityPct: 25 });
    (faster.getWorksheet('Deal Info') as ExcelJS.Worksheet).getCell('B8').value = 30;
    const pool30 = (await recalculated(faster, 'faster')).getWorksheet('Pool') as ExcelJS.Worksheet;
    const a30 = expectedLine(600_000_000, 6, 360, 0.3, 0.01, 0.25, 12);
    const b30 = expectedLine(400_000_000, 4.5, 240, 0.3, 0.01, 0.25, 12);
    expect(cents(value(pool30, 'G13'))).toBe((a30[11]?.end ?? 0) + (b30[11]?.end ?? 0));
    expect(value(pool30, 'G13')).toBeLessThan(value(pool, 'G13'));
  }, 300_000);
});
