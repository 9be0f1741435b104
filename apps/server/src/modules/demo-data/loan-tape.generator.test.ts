import { describe, expect, it } from 'vitest';
import { loadDealRecords } from '../deals/deal-catalog.loader.ts';
import { generateDealHistory } from './deal-history.generator.ts';
import { generateLoanTape } from './loan-tape.generator.ts';

const records = loadDealRecords().filter((r) => r.file.loanTape);
const cents = (x: number): number => Math.round(x * 100);

describe('generateLoanTape', () => {
  it('covers every STACR and CAS demo deal', () => {
    const all = loadDealRecords().filter((r) => r.file.dealType === 'STACR' || r.file.dealType === 'CAS');
    expect(all.every((r) => r.file.loanTape)).toBe(true);
  });

  it.each(records.map((r) => [r.file.dealName, r] as const))('%s: totals tie to the pool and rep lines', (_n, r) => {
    const h = generateDealHistory(r);
    const last = h.pool.at(-1);
    if (!last) throw new Error('no history');
    const loans = generateLoanTape(r, last);
    expect(loans.length).toBe(r.file.loanTape?.loans);
    expect(loans.reduce((s, l) => s + cents(l.issuanceUpb), 0)).toBe(cents(r.file.collateral?.originalBalance ?? 0));
    expect(loans.reduce((s, l) => s + cents(l.currentUpb), 0)).toBe(last.endCents);
    const total = loans.reduce((s, l) => s + l.issuanceUpb, 0);
    const wac = loans.reduce((s, l) => s + l.noteRate * l.issuanceUpb, 0) / total;
    const repWac = r.repLines.reduce((s, l) => s + l.wacPct * l.balance, 0) / r.repLines.reduce((s, l) => s + l.balance, 0);
    expect(Math.abs(wac - repWac)).toBeLessThan(0.001);
    // every loan ages consistently and carries its rep line's rate and term
    const lineKeys = new Set(r.repLines.map((l) => `${l.wacPct}/${l.wam + l.wala}`));
    for (const l of loans) {
      expect(l.loanAge + l.remainingMonths === l.originalTerm || l.remainingMonths === 0).toBe(true);
      if (r.repLines.length > 1) expect(lineKeys.has(`${l.noteRate}/${l.originalTerm}`)).toBe(true);
    }
    const wamAtCutOff = loans.reduce((s, l) => s + (l.originalTerm - r.repLines[0]!.wala) * l.issuanceUpb, 0) / total;
    if (r.repLines.length === 1) expect(wamAtCutOff).toBeCloseTo(r.repLines[0]!.wam, 6);
    expect(new Set(loans.map((l) => l.loanId)).size).toBe(loans.length);
  });

  it('draws attributes in the documented ranges and is deterministic', () => {
    const r = records[0];
    if (!r) throw new Error('no deal');
    const last = generateDealHistory(r).pool.at(-1);
    if (!last) throw new Error('no history');
    const a = generateLoanTape(r, last);
    expect(generateLoanTape(r, last)).toEqual(a);
    for (const l of a) {
      expect(l.creditScore).toBeGreaterThanOrEqual(620);
      expect(l.creditScore).toBeLessThanOrEqual(850);
      expect(l.ltv).toBeGreaterThan(60);
      expect(l.ltv).toBeLessThanOrEqual(80);
    }
    const ca = a.filter((l) => l.state === 'CA').length / a.length;
    expect(ca).toBeGreaterThan(0.08);
    expect(ca).toBeLessThan(0.22);
  });
});
