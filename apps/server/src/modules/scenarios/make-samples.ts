/**
 * Writes the sample scenario files of the Saved Scenarios screen to data/samples/ (committed; the
 * web app serves copies as downloads and the parser tests read them). Run:
 *   npx tsx apps/server/src/modules/scenarios/make-samples.ts
 * Layouts are spec 000 §5: the XLSX scenario layout (rows 1–4 vendor, deal, name, vector type;
 * data from row 5; one vector per column from column B, columns of one scenario share rows 1–3)
 * and CL-RAMP (first sheet, data from row 6 in columns B–E: Cpr, Cdr, LossSeverity, Delinquency).
 * Values are percent per month; workbook dates are fixed so reruns give the same content.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/samples');
const WEB_PUBLIC = path.resolve(OUT, '../../apps/web/public/samples');
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** Linear from `from` to `to` over `months` months, then flat at `to`, rounded to 4 places. */
export function ramp(from: number, to: number, months: number, length: number): number[] {
  return Array.from({ length }, (_, i) => Number((i >= months ? to : from + ((to - from) * i) / months).toFixed(4)));
}

interface SampleScenario { vendor: string; deal: string; name: string; cpr: number[]; cdr: number[]; sev: number[]; del: number[] }

/** Three scenarios: two for STACR 2026-DNA1 from a vendor, one generic (blank deal and vendor). */
export const SAMPLE_SCENARIOS: SampleScenario[] = [
  { vendor: 'OpenCRT', deal: 'STACR 2026-DNA1', name: 'Sample Base', cpr: ramp(6, 12, 24, 60), cdr: ramp(0.1, 0.4, 24, 60), sev: Array(60).fill(25), del: ramp(0.5, 1.5, 36, 60) },
  { vendor: 'OpenCRT', deal: 'STACR 2026-DNA1', name: 'Sample Stress', cpr: ramp(4, 6, 12, 48), cdr: ramp(0.5, 3, 18, 48), sev: ramp(30, 45, 24, 48), del: ramp(1, 6, 18, 48) },
  { vendor: '', deal: '', name: 'Sample Generic Slow', cpr: Array(36).fill(5), cdr: Array(36).fill(0.25), sev: Array(36).fill(20), del: Array(36).fill(0) },
];

async function writeScenarioXlsx(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  const ws = wb.addWorksheet('Scenarios');
  ['Vendor', 'Deal', 'Scenario', 'Vector'].forEach((label, i) => { ws.getCell(i + 1, 1).value = label; });
  let col = 2;
  for (const s of SAMPLE_SCENARIOS) {
    for (const [type, values] of [['CPR', s.cpr], ['CDR', s.cdr], ['Sev', s.sev], ['del', s.del]] as const) {
      ws.getCell(1, col).value = s.vendor || null;
      ws.getCell(2, col).value = s.deal || null;
      ws.getCell(3, col).value = s.name;
      ws.getCell(4, col).value = type;
      values.forEach((v, i) => { ws.getCell(5 + i, col).value = v; });
      col++;
    }
  }
  for (let p = 1; p <= 60; p++) ws.getCell(4 + p, 1).value = p;
  await wb.xlsx.writeFile(file);
}

/** CL-RAMP: a title block in rows 1–5, then period, CPR, CDR, severity, delinquency from row 6. */
async function writeClRamp(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  const ws = wb.addWorksheet('CL-RAMP');
  ws.getCell('A1').value = 'CL-RAMP vectors (sample)';
  ws.getCell('A2').value = 'Deal';
  ws.getCell('B2').value = 'STACR 2026-DNA1';
  ws.getCell('A3').value = 'Units';
  ws.getCell('B3').value = 'percent per month';
  ['Period', 'CPR', 'CDR', 'Loss Severity', 'Delinquency'].forEach((h, i) => { ws.getCell(5, i + 1).value = h; });
  const cpr = ramp(8, 15, 30, 120);
  const cdr = ramp(0.2, 1, 30, 120);
  const sev = ramp(20, 35, 60, 120);
  const del = ramp(0.8, 2, 24, 120);
  for (let i = 0; i < 120; i++) {
    ws.getRow(6 + i).values = [i + 1, cpr[i]!, cdr[i]!, sev[i]!, del[i]!];
  }
  await wb.xlsx.writeFile(file);
}

/** Vectors sheet for /vector_list: first row names, values below (a shorter one shows padding). */
async function writeVectors(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  const ws = wb.addWorksheet('Vectors');
  const cols: [string, number[]][] = [['SampleRamp', ramp(2, 10, 12, 24)], ['SampleFlat', Array(12).fill(7.5)]];
  cols.forEach(([name, values], c) => {
    ws.getCell(1, c + 1).value = name;
    values.forEach((v, i) => { ws.getCell(2 + i, c + 1).value = v; });
  });
  await wb.xlsx.writeFile(file);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // The web app serves copies as static downloads (/samples/…), linked from the scenario and vector screens.
  for (const dir of [OUT, WEB_PUBLIC]) {
    mkdirSync(dir, { recursive: true });
    await writeScenarioXlsx(path.join(dir, 'scenarios-sample.xlsx'));
    await writeClRamp(path.join(dir, 'cl-ramp-sample.xlsx'));
    await writeVectors(path.join(dir, 'vectors-sample.xlsx'));
    console.log(`samples written to ${dir}`);
  }
}
