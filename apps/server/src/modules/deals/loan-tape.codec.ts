/**
 * Loan records ⇄ the public pipe-delimited layouts (loan-tape.layouts.ts). Parsing collects
 * every problem with its line and field; a caller rejects the whole file when any is found.
 */
import type { LoanRecord } from './loan-record.ts';
import { FANNIE_CRT, FREDDIE_ORIGINATION, FREDDIE_PERFORMANCE, type ParsedValue, formatLine, parseLine } from './loan-tape.layouts.ts';

const yyyymmToMmyyyy = (n: number): string => {
  const s = String(n);
  return s.slice(4, 6) + s.slice(0, 4);
};

/** Freddie origination line (32 fields). */
export function formatFreddieOrigination(l: LoanRecord): string {
  return formatLine(32, {
    1: l.creditScore ?? 9999, 2: l.firstPaymentDate, 3: l.firstTimeBuyer ?? '9', 4: l.maturityDate, 5: l.msa, 6: l.miPct, 7: l.units,
    8: l.occupancy, 9: l.cltv ?? 999, 10: l.dti ?? 999, 11: l.originalUpb.toFixed(2), 12: l.ltv, 13: l.noteRate, 14: l.channel,
    15: 'N', 16: 'FRM', 17: l.state, 18: l.propertyType, 19: `${l.zip3}00`, 20: l.loanId, 21: l.purpose, 22: l.originalTerm,
    23: l.borrowers ?? 99, 24: l.seller, 25: l.servicer, 26: '', 27: '', 28: '9', 29: '', 30: '9', 31: 'N', 32: l.miPct > 0 ? 'N' : '7',
  });
}

/** Freddie monthly performance line (32 fields) for the loan's as-of period. */
export function formatFreddiePerformance(l: LoanRecord): string {
  return formatLine(32, {
    1: l.loanId, 2: Math.floor(l.asOfDate / 100), 3: l.currentUpb.toFixed(2), 4: l.zeroBalanceCode ? '0' : l.delinquencyStatus,
    5: l.loanAge, 6: l.remainingMonths, 8: l.modified ? 'Y' : '', 9: l.zeroBalanceCode, 11: l.currentRate,
    12: '0', 30: l.assistancePlan ?? '', 32: l.currentUpb.toFixed(2),
  });
}

/** Fannie CRT performance line (110 fields). */
export function formatFannie(l: LoanRecord, dealName: string): string {
  return formatLine(110, {
    1: '', 2: l.loanId, 3: yyyymmToMmyyyy(Math.floor(l.asOfDate / 100)), 4: l.channel, 5: l.seller, 6: l.servicer, 7: 'Fannie Mae',
    8: l.noteRate, 9: l.currentRate, 10: l.originalUpb.toFixed(2), 11: l.issuanceUpb.toFixed(2), 12: l.currentUpb.toFixed(2),
    13: l.originalTerm, 15: yyyymmToMmyyyy(l.firstPaymentDate), 16: l.loanAge, 17: l.remainingMonths, 18: l.remainingMonths,
    19: yyyymmToMmyyyy(l.maturityDate), 20: l.ltv, 21: l.cltv, 22: l.borrowers, 23: l.dti, 24: l.creditScore, 26: l.firstTimeBuyer,
    27: l.purpose, 28: l.propertyType, 29: l.units, 30: l.occupancy, 31: l.state, 32: l.msa, 33: l.zip3, 34: l.miPct || null,
    35: 'FRM', 36: 'N', 37: 'N', 40: l.zeroBalanceCode ? '' : l.delinquencyStatus.padStart(2, '0'), 42: l.modified ? 'Y' : 'N',
    44: l.zeroBalanceCode, 73: l.miType, 102: l.assistancePlan, 104: dealName,
  });
}

export interface ParseResult {
  loans: LoanRecord[];
  errors: string[];
}

const num = (v: ParsedValue | undefined): number | null => (typeof v === 'number' ? v : null);
const str = (v: ParsedValue | undefined): string | null => (v === null || v === undefined ? null : String(v));
const lines = (text: string): [string, number][] =>
  text.split(/\r?\n/).map((l, i) => [l, i + 1] as [string, number]).filter(([l]) => l.trim() !== '');

/** Freddie months-delinquent code as stored ('0', '1', … or 'RA'). */
function normaliseStatus(raw: string | null): string {
  if (!raw) return '0';
  return /^\d+$/.test(raw) ? String(Number(raw)) : raw;
}

/**
 * Parse a Freddie origination file and, optionally, its performance file (the latest period
 * per loan gives the current fields). `asOfDate` (YYYYMMDD) stamps loans without performance.
 */
export function parseFreddieTape(origination: string, performance: string | null, asOfDate: number): ParseResult {
  const errors: string[] = [];
  const perf = new Map<string, Record<string, ParsedValue>>();
  if (performance !== null) {
    const perfErrors: string[] = [];
    for (const [line, no] of lines(performance)) {
      const row = parseLine(line, no, FREDDIE_PERFORMANCE, perfErrors);
      const id = str(row?.['Loan Sequence Number']);
      if (!row || !id) continue;
      const prev = perf.get(id);
      if (!prev || (num(prev['Monthly Reporting Period']) ?? 0) <= (num(row['Monthly Reporting Period']) ?? 0)) perf.set(id, row);
    }
    errors.push(...perfErrors.map((e) => `performance ${e}`));
  }
  const loans: LoanRecord[] = [];
  const seen = new Set<string>();
  for (const [line, no] of lines(origination)) {
    const o = parseLine(line, no, FREDDIE_ORIGINATION, errors);
    if (!o) continue;
    const id = String(o['Loan Sequence Number']);
    if (seen.has(id)) {
      errors.push(`line ${no}: duplicate Loan Sequence Number ${id}`);
      continue;
    }
    seen.add(id);
    const p = perf.get(id);
    const upb = num(o['Original UPB']) ?? 0;
    const term = num(o['Original Loan Term']) ?? 0;
    const score = num(o['Credit Score']);
    loans.push({
      loanId: id,
      asOfDate: p ? (num(p['Monthly Reporting Period']) ?? 0) * 100 + 25 : asOfDate,
      creditScore: score === 9999 ? null : score,
      firstPaymentDate: num(o['First Payment Date']) ?? 0,
      maturityDate: num(o['Maturity Date']) ?? 0,
      firstTimeBuyer: o['First Time Homebuyer Flag'] === 'Y' ? 'Y' : o['First Time Homebuyer Flag'] === 'N' ? 'N' : null,
      msa: str(o['MSA']),
      miPct: [null, 999].includes(num(o['Mortgage Insurance Percentage'])) ? 0 : (num(o['Mortgage Insurance Percentage']) ?? 0),
      miType: null,
      units: num(o['Number of Units']) ?? 1,
      occupancy: (o['Occupancy Status'] === '9' ? 'P' : o['Occupancy Status']) as LoanRecord['occupancy'],
      cltv: num(o['Original CLTV']) === 999 ? null : num(o['Original CLTV']),
      dti: num(o['Original DTI Ratio']) === 999 ? null : num(o['Original DTI Ratio']),
      originalUpb: upb,
      issuanceUpb: upb,
      currentUpb: p ? (num(p['Current Actual UPB']) ?? 0) : upb,
      ltv: num(o['Original LTV']) ?? 0,
      noteRate: num(o['Original Interest Rate']) ?? 0,
      currentRate: p ? (num(p['Current Interest Rate']) ?? 0) : (num(o['Original Interest Rate']) ?? 0),
      channel: String(o['Channel']),
      state: String(o['Property State']),
      propertyType: String(o['Property Type']),
      zip3: (str(o['Postal Code']) ?? '').slice(0, 3),
      purpose: String(o['Loan Purpose']),
      originalTerm: term,
      borrowers: num(o['Number of Borrowers']) === 99 ? null : num(o['Number of Borrowers']),
      seller: String(o['Seller Name']),
      servicer: String(o['Servicer Name']),
      loanAge: p ? (num(p['Loan Age']) ?? 0) : 0,
      remainingMonths: p ? (num(p['Remaining Months to Legal Maturity']) ?? term) : term,
      delinquencyStatus: p ? normaliseStatus(str(p['Current Loan Delinquency Status'])) : '0',
      modified: p?.['Modification Flag'] === 'Y' || p?.['Modification Flag'] === 'P',
      zeroBalanceCode: p ? str(p['Zero Balance Code']) : null,
      assistancePlan: p ? str(p['Borrower Assistance Status Code']) : null,
    });
  }
  if (performance !== null) {
    for (const id of perf.keys()) if (!seen.has(id)) errors.push(`performance: loan ${id} has no origination record`);
  }
  return { loans, errors };
}

/** Parse a Fannie CRT performance file; the latest reporting period per loan is kept. */
export function parseFannieTape(text: string): ParseResult {
  const errors: string[] = [];
  const latest = new Map<string, Record<string, ParsedValue>>();
  for (const [line, no] of lines(text)) {
    const row = parseLine(line, no, FANNIE_CRT, errors);
    const id = str(row?.['Loan Identifier']);
    if (!row || !id) continue;
    const prev = latest.get(id);
    if (!prev || (num(prev['Monthly Reporting Period']) ?? 0) <= (num(row['Monthly Reporting Period']) ?? 0)) latest.set(id, row);
  }
  const loans: LoanRecord[] = [...latest.entries()].map(([id, r]) => {
    const upb = num(r['Original UPB']) ?? 0;
    const term = num(r['Original Loan Term']) ?? 0;
    const status = str(r['Current Loan Delinquency Status']);
    return {
      loanId: id,
      asOfDate: (num(r['Monthly Reporting Period']) ?? 0) * 100 + 25,
      creditScore: num(r['Borrower Credit Score at Origination']),
      firstPaymentDate: num(r['First Payment Date']) ?? 0,
      maturityDate: num(r['Maturity Date']) ?? 0,
      firstTimeBuyer: r['First Time Home Buyer Indicator'] === 'Y' ? 'Y' : r['First Time Home Buyer Indicator'] === 'N' ? 'N' : null,
      msa: str(r['Metropolitan Statistical Area (MSA)']),
      miPct: num(r['Mortgage Insurance Percentage']) ?? 0,
      miType: (str(r['Mortgage Insurance Type']) as LoanRecord['miType']) ?? null,
      units: num(r['Number of Units']) ?? 1,
      occupancy: (r['Occupancy Status'] === 'U' ? 'P' : r['Occupancy Status']) as LoanRecord['occupancy'],
      cltv: num(r['Original Combined Loan to Value Ratio (CLTV)']),
      dti: num(r['Debt-To-Income (DTI)']),
      originalUpb: upb,
      issuanceUpb: num(r['UPB at Issuance']) ?? upb,
      currentUpb: num(r['Current Actual UPB']) ?? 0,
      ltv: num(r['Original Loan to Value Ratio (LTV)']) ?? 0,
      noteRate: num(r['Original Interest Rate']) ?? 0,
      currentRate: num(r['Current Interest Rate']) ?? num(r['Original Interest Rate']) ?? 0,
      channel: String(r['Channel']),
      state: String(r['Property State']),
      propertyType: String(r['Property Type']),
      zip3: str(r['Zip Code Short']) ?? '',
      purpose: String(r['Loan Purpose']),
      originalTerm: term,
      borrowers: num(r['Number of Borrowers']),
      seller: String(r['Seller Name']),
      servicer: str(r['Servicer Name']) ?? '',
      loanAge: num(r['Loan Age']) ?? 0,
      remainingMonths: num(r['Remaining Months To Maturity']) ?? term,
      delinquencyStatus: normaliseStatus(status),
      modified: r['Modification Flag'] === 'Y',
      zeroBalanceCode: str(r['Zero Balance Code']),
      assistancePlan: str(r['Borrower Assistance Plan']),
    };
  });
  return { loans, errors };
}
