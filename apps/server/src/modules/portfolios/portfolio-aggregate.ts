/**
 * Sums portfolio lines into the run response's parts (spec 002 "Portfolio run response"):
 * AcisPortfolio, CirtPortfolio, BondPortfolio and TotalPortfolio. Rows of different lines are
 * summed by payment month (ACIS and CIRT pay on the 25th, bonds on their own day: the month is
 * the common key). Rates in summed rows are weighted by the balance they apply to.
 *
 * Portfolio yield: insurance parts use 12 × the monthly IRR of the summed net cashflow (the same
 * rule as one line); the bond part and the total use the line yields weighted by the money put in
 * (bond: price × current face; insurance: the collateral posted at period 0), since a bond IRR
 * needs prices the summed rows no longer carry.
 */
import type { PortfolioPart, PortfolioRunEntryResult, PortfolioRunResponse } from '@opencrt/contracts';
import type { BondCashflowRow, InsuranceRow, InsuranceYield } from '@opencrt/engine';
import { insurancePortfolioLineMetrics, insurancePortfolioYield, type PortfolioLineOutput } from './portfolio-line.task.ts';

export interface RanLine {
  ordinal: number;
  dealName: string;
  bondName: string;
  ownedFaceAmt: number;
  /** Money put in at settlement (weights of the blended yield). */
  invested: number;
  output: PortfolioLineOutput;
}

const monthOf = (date: string | number): string => String(date).replace(/-/g, '').slice(0, 6);
const sumOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

const INSURANCE_SUMS = [
  'RemainingLiability', 'ReductionInLiability', 'InsurerPaidLosses', 'InsurancePremium', 'CollateralTrustAccount', 'CollateralAccountChange',
  'CollateralAccountInterest', 'NetInsuranceCashflow', 'CollateralBalance', 'CollateralLosses',
] as const;
const INSURANCE_RATES = ['CprRate', 'CdrRate', 'LossSeverityRate', 'DelinquencyRate'] as const;
const BOND_SUMS = ['Balance', 'Interest', 'Principal', 'Cash', 'ActualWriteDown'] as const;
const BOND_RATES = ['Rate', 'CprRate', 'CdrRate', 'LossSeverityRate', 'DelinquencyRate'] as const;

/** Insurance rows of many lines summed by month (period 0 rows of every line meet in period 0). */
export function sumInsuranceRows(lines: readonly (readonly InsuranceRow[])[]): InsuranceRow[] {
  const byKey = new Map<string, { row: InsuranceRow; weight: number }>();
  for (const rows of lines) {
    for (const r of rows) {
      if (r.IsHistorical) continue;
      const key = r.Period === 0 ? '0' : monthOf(r.PaymentDate);
      const cur = byKey.get(key);
      const w = r.RemainingLiability + r.ReductionInLiability + r.InsurerPaidLosses;
      if (!cur) { byKey.set(key, { row: { ...r, ...Object.fromEntries(INSURANCE_RATES.map((k) => [k, r[k] * w])) }, weight: w }); continue; }
      for (const k of INSURANCE_SUMS) cur.row[k] += r[k];
      for (const k of INSURANCE_RATES) cur.row[k] += r[k] * w;
      cur.weight += w;
      if (r.PaymentDate < cur.row.PaymentDate) cur.row.PaymentDate = r.PaymentDate;
    }
  }
  const keys = [...byKey.keys()].sort((a, b) => (a === '0' ? -1 : b === '0' ? 1 : a.localeCompare(b)));
  return keys.map((k, i) => {
    const { row, weight } = byKey.get(k) as { row: InsuranceRow; weight: number };
    for (const r of INSURANCE_RATES) row[r] = weight > 0 ? row[r] / weight : 0;
    return { ...row, Period: i };
  });
}

/** Bond rows of many lines summed by month; the rates weighted by the balance before the payment. */
export function sumBondRows(lines: readonly (readonly BondCashflowRow[])[]): BondCashflowRow[] {
  const byKey = new Map<string, { row: BondCashflowRow; weight: number }>();
  for (const rows of lines) {
    for (const r of rows) {
      const key = monthOf(r.PaymentDate);
      const w = r.Balance + r.Principal + r.ActualWriteDown;
      const cur = byKey.get(key);
      if (!cur) { byKey.set(key, { row: { ...r, ...Object.fromEntries(BOND_RATES.map((k) => [k, r[k] * w])) }, weight: w }); continue; }
      for (const k of BOND_SUMS) cur.row[k] += r[k];
      for (const k of BOND_RATES) cur.row[k] += r[k] * w;
      cur.weight += w;
      if (r.PaymentDate < cur.row.PaymentDate) cur.row.PaymentDate = r.PaymentDate;
    }
  }
  return [...byKey.keys()].sort().map((k, i) => {
    const { row, weight } = byKey.get(k) as { row: BondCashflowRow; weight: number };
    for (const r of BOND_RATES) row[r] = weight > 0 ? row[r] / weight : 0;
    return { ...row, Period: i + 1 };
  });
}

/** Weighted average of the successful values; fails with the first message when none succeeds. */
function blendedYield(pairs: readonly { y: InsuranceYield; w: number }[]): InsuranceYield {
  const ok = pairs.filter((p) => p.y.IsSuccessful && p.y.Value !== null && p.w > 0);
  const w = sumOf(ok.map((p) => p.w));
  if (ok.length === 0 || !(w > 0)) return { IsSuccessful: false, Value: null, ErrorMessage: pairs.find((p) => !p.y.IsSuccessful)?.y.ErrorMessage ?? "Can't compute Yield." };
  return { IsSuccessful: true, Value: sumOf(ok.map((p) => (p.y.Value as number) * p.w)) / w, ErrorMessage: null };
}

export function entryResult(l: RanLine): PortfolioRunEntryResult {
  const o = l.output;
  return {
    OrdinalNumber: l.ordinal, DealName: l.dealName, BondName: l.bondName, Kind: o.kind, OwnedFaceAmt: l.ownedFaceAmt,
    ProjectedLosses: o.projectedLosses, OriginalBalance: o.originalBalance, CurrentBalance: o.currentBalance,
    Yield: o.yield, Spread: o.spread, LineMetrics: o.lineMetrics, Characteristics: { Wal: o.wal, WritedownPct: o.writedownPct },
    CollateralLossesPct: o.collateralLossesPct,
  };
}

function weightedBy(lines: readonly RanLine[], pick: (o: PortfolioLineOutput) => number, weight: (l: RanLine) => number): number {
  const w = sumOf(lines.map(weight));
  return w > 0 ? sumOf(lines.map((l) => pick(l.output) * weight(l))) / w : 0;
}

function misc(lines: readonly RanLine[], y: InsuranceYield): PortfolioPart['MiscVariables'] {
  const face = (l: RanLine) => l.output.originalBalance;
  const orig = sumOf(lines.map(face));
  return {
    Yield: y, OwnedFaceAmt: sumOf(lines.map((l) => l.ownedFaceAmt)), CurrentBalance: sumOf(lines.map((l) => l.output.currentBalance)),
    ProjectedLosses: sumOf(lines.map((l) => l.output.projectedLosses)), Wal: weightedBy(lines, (o) => o.wal, (l) => l.output.currentBalance),
    WritedownPct: orig > 0 ? (100 * sumOf(lines.map((l) => l.output.projectedLosses))) / orig : 0,
  };
}

/** Typed rows as the contract's generic row records. */
const asRows = (rows: readonly object[]) => rows as unknown as PortfolioPart['PortfolioCashflow'];

function insurancePart(lines: readonly RanLine[]): PortfolioPart | null {
  if (lines.length === 0) return null;
  const rows = sumInsuranceRows(lines.map((l) => l.output.insuranceRows));
  const totals = Object.fromEntries(['ReductionInLiability', 'InsurerPaidLosses', 'InsurancePremium', 'CollateralAccountChange', 'NetInsuranceCashflow', 'CollateralLosses']
    .map((k) => [k, sumOf(rows.map((r) => r[k as keyof InsuranceRow] as number))]));
  const y = insurancePortfolioYield(rows);
  return { PortfolioEntries: lines.map(entryResult), PortfolioCashflow: asRows(rows), PortfolioCashflowTotals: totals, LineMetrics: insurancePortfolioLineMetrics(rows), MiscVariables: misc(lines, y) };
}

function bondPart(lines: readonly RanLine[]): PortfolioPart | null {
  if (lines.length === 0) return null;
  const rows = sumBondRows(lines.map((l) => l.output.bondRows));
  const totals = Object.fromEntries(['Interest', 'Principal', 'Cash', 'ActualWriteDown'].map((k) => [k, sumOf(rows.map((r) => r[k as keyof BondCashflowRow]))]));
  const y = blendedYield(lines.map((l) => ({ y: l.output.yield, w: l.invested })));
  return { PortfolioEntries: lines.map(entryResult), PortfolioCashflow: asRows(rows), PortfolioCashflowTotals: totals, LineMetrics: { RateOnLine: null, LossOnLine: null, ReturnOnLine: null }, MiscVariables: misc(lines, y) };
}

interface TotalInput { period0: boolean; date: string | number; balance: number; cash: number; losses: number }
type TotalRow = { Period: number; PaymentDate: number; Balance: number; Cash: number; Losses: number };
/** A row's date as the API's YYYYMMDD number (insurance rows carry ISO text, bond rows numbers). */
const ymdOf = (date: string | number): number => Number(String(date).replace(/-/g, '').slice(0, 8));

/**
 * Total rows: the money columns every family has (liability or balance, cash to the holder,
 * losses), summed by month. Period 0 is the lines' period-0 rows (the insurance start, dated the
 * earliest of them) and a month dated before it joins it, so no later period is ever dated before
 * period 0 (issue 23 #7); without a period-0 row (bonds only) periods count from 1 as the bond
 * rows do. Dates are YYYYMMDD numbers, one format in the part.
 */
export function totalPortfolioRows(insurance: readonly TotalInput[], bonds: readonly TotalInput[]): TotalRow[] {
  const all = [...insurance, ...bonds];
  const starts = all.filter((r) => r.period0).map((r) => ymdOf(r.date));
  const start = starts.length ? Math.min(...starts) : null;
  const byKey = new Map<string, TotalRow>();
  for (const r of all) {
    const date = ymdOf(r.date);
    const key = r.period0 || (start !== null && date < start) ? '0' : String(date).slice(0, 6);
    const cur = byKey.get(key) ?? { Period: 0, PaymentDate: key === '0' ? (start ?? date) : date, Balance: 0, Cash: 0, Losses: 0 };
    if (key !== '0' && date < cur.PaymentDate) cur.PaymentDate = date;
    cur.Cash += r.cash; cur.Losses += r.losses;
    // Period 0's balance is the starting balance of its period-0 rows; cash paid before the start only adds cash.
    if (key !== '0' || r.period0) cur.Balance += r.balance;
    byKey.set(key, cur);
  }
  const first = byKey.has('0') ? 0 : 1;
  return [...byKey.keys()].sort((a, b) => (a === '0' ? -1 : b === '0' ? 1 : a.localeCompare(b)))
    .map((k, i) => ({ ...(byKey.get(k) as TotalRow), Period: i + first }));
}

/** The whole answer of POST /simulate/portfolio from the lines that ran. */
export function portfolioResponse(lines: readonly RanLine[]): PortfolioRunResponse {
  const acis = insurancePart(lines.filter((l) => l.output.kind === 'ACIS'));
  const cirt = insurancePart(lines.filter((l) => l.output.kind === 'CIRT'));
  const bond = bondPart(lines.filter((l) => l.output.kind === 'Bond'));
  const totalRows = totalPortfolioRows(
    [acis, cirt].flatMap((part) => (part?.PortfolioCashflow ?? []) as unknown as InsuranceRow[])
      .map((r) => ({ period0: r.Period === 0, date: r.PaymentDate, balance: r.RemainingLiability, cash: r.NetInsuranceCashflow, losses: r.InsurerPaidLosses })),
    ((bond?.PortfolioCashflow ?? []) as unknown as BondCashflowRow[])
      .map((r) => ({ period0: false, date: r.PaymentDate, balance: r.Balance, cash: r.Cash, losses: r.ActualWriteDown })),
  );
  const insuranceLines = lines.filter((l) => l.output.kind !== 'Bond');
  const y = blendedYield(lines.map((l) => ({ y: l.output.yield, w: l.invested })));
  const total: PortfolioPart = {
    PortfolioEntries: lines.map(entryResult),
    PortfolioCashflow: totalRows,
    PortfolioCashflowTotals: { Cash: sumOf(totalRows.map((r) => r.Cash)), Losses: sumOf(totalRows.map((r) => r.Losses)) },
    LineMetrics: insuranceLines.length > 0
      ? insurancePortfolioLineMetrics(sumInsuranceRows(insuranceLines.map((l) => l.output.insuranceRows)))
      : { RateOnLine: null, LossOnLine: null, ReturnOnLine: null },
    MiscVariables: misc(lines, y),
  };
  return { TotalOwnedFaceAmt: sumOf(lines.map((l) => l.ownedFaceAmt)), AcisPortfolio: acis, CirtPortfolio: cirt, BondPortfolio: bond, TotalPortfolio: total };
}
