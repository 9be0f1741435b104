/**
 * Synthetic loan-level tape for a STACR/CAS demo deal, generated at seed time from a seeded
 * PRNG (crt-domain.md §7 "Synthetic generator targets"). Totals tie to the deal: Σ issuance
 * UPB = the cut-off pool balance to the cent, each rep line's loans carry its rate and
 * remaining term (so WAC/WAM match), and Σ current UPB = the pool balance at the factor date.
 */
import type { DealRecord } from '../deals/deal-record.builder.ts';
import type { LoanRecord } from '../deals/loan-record.ts';
import type { PoolPeriod } from './deal-history.generator.ts';
import { type Random, createRandom } from './seeded-random.ts';
import { addMonths, isoToYyyymmdd } from '../deals/deal-dates.ts';

type Weighted<T> = readonly (readonly [T, number])[];

const STATES: Weighted<string> = [
  ['CA', 15], ['TX', 8], ['FL', 7], ['WA', 4], ['CO', 4], ['AZ', 4], ['NC', 4], ['GA', 4], ['VA', 4], ['NJ', 4],
  ['IL', 4], ['NY', 3.5], ['PA', 3], ['OH', 2.5], ['MI', 2.5], ['MA', 3], ['MD', 2.5], ['MN', 2], ['OR', 2],
  ['UT', 2], ['TN', 2], ['IN', 1.5], ['MO', 1.5], ['WI', 1.5], ['SC', 2], ['NV', 1.5],
];
const HIGH_LTV_STATES: Weighted<string> = STATES.map(([s, w]) => [s, s === 'CA' ? w * 0.6 : s === 'TX' || s === 'FL' ? w * 1.3 : w] as const);
// Top five sellers ≈ 35 % (crt-domain.md §7; UWM 8.9 % in a 2022 deal).
const SELLERS: Weighted<string> = [
  ['UNITED WHOLESALE MORTGAGE, LLC', 8.9], ['ROCKET MORTGAGE, LLC', 8], ['PENNYMAC LOAN SERVICES, LLC', 7],
  ['LOANDEPOT.COM, LLC', 6], ['WELLS FARGO BANK, N.A.', 5], ['U.S. BANK N.A.', 4], ['GUILD MORTGAGE COMPANY LLC', 3.5],
  ['CROSSCOUNTRY MORTGAGE, LLC', 3.5], ['FAIRWAY INDEPENDENT MORTGAGE CORPORATION', 3], ['Other sellers', 51.1],
];
const SERVICERS: Weighted<string> = [
  ['ROCKET MORTGAGE, LLC', 12], ['PENNYMAC LOAN SERVICES, LLC', 11], ['WELLS FARGO BANK, N.A.', 9], ['NEWREZ LLC', 8],
  ['LAKEVIEW LOAN SERVICING, LLC', 7], ['U.S. BANK N.A.', 6], ['MR. COOPER (NATIONSTAR MORTGAGE LLC)', 6],
  ['LOANDEPOT.COM, LLC', 5], ['Other servicers', 36],
];
const MSAS = ['31080', '35620', '19100', '26420', '33100', '12060', '47900', '16980', '38060', '42660', '19740', '41860', '00000'];

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}

/** Balance factor of a level-pay loan after `age` payments. */
function amortizedFactor(ratePct: number, term: number, age: number): number {
  const r = ratePct / 1200;
  if (r === 0) return 1 - age / term;
  return ((1 + r) ** term - (1 + r) ** age) / ((1 + r) ** term - 1);
}

/** Largest-remainder split of `total` integer units by weights, at least `min` each. */
function splitCount(total: number, weights: number[], min: number): number[] {
  const free = total - min * weights.length;
  const sum = weights.reduce((s, w) => s + w, 0);
  const raw = weights.map((w) => (free * w) / sum);
  const counts = raw.map((x) => Math.floor(x));
  let left = free - counts.reduce((s, c) => s + c, 0);
  const order = raw.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts.map((c) => c + min);
}

/** Split `cents` over weights exactly (the last share takes the rounding remainder). */
function splitCents(cents: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  let left = cents;
  return weights.map((w, i) => {
    const part = i === weights.length - 1 ? left : Math.round((cents * w) / sum);
    left -= part;
    return part;
  });
}

function ltvOf(rnd: Random, high: boolean): number {
  if (high) return rnd.pick([[85, 12], [90, 18], [95, 22], [97, 13], [rnd.int(81, 96), 35]]);
  return rnd.next() < 0.35 ? 80 : rnd.int(61, 79);
}

function miPctFor(ltv: number): number {
  return ltv <= 80 ? 0 : ltv <= 85 ? 12 : ltv <= 90 ? 25 : ltv <= 95 ? 30 : 35;
}

/**
 * Generate the tape. `last` is the history's last pool row (current balance and delinquency).
 */
export function generateLoanTape(record: DealRecord, last: PoolPeriod): LoanRecord[] {
  const f = record.file;
  const tape = f.loanTape;
  if (!tape) return [];
  const rnd = createRandom(`loans:${f.dealName}`);
  const high = tape.ltvBand === 'high';
  const fannie = tape.layout === 'fannie';
  const refiHeavy = f.dates.issue >= '2020-06' && f.dates.issue < '2022-06';
  const lines = record.repLines;
  const lineCents = lines.map((l) => Math.round(l.balance * 100));
  const perLine = splitCount(tape.loans, lineCents, 1);
  const cutOffIso = addMonths(f.dates.issue, -1);
  const asOf = isoToYyyymmdd(last.date);
  const loans: LoanRecord[] = [];
  const yy = f.dates.issue.slice(2, 4);
  const q = Math.floor((Number(f.dates.issue.slice(5, 7)) - 1) / 3) + 1;
  lines.forEach((line, li) => {
    const n = perLine[li] ?? 1;
    const weights = Array.from({ length: n }, () => Math.exp(rnd.normal(0, 0.45)));
    const cents = splitCents(lineCents[li] ?? 0, weights);
    const single = lines.length === 1;
    const rates = cents.map(() => (single ? Math.round((line.wacPct + rnd.normal(0, 0.35)) * 8) / 8 : line.wacPct));
    if (single) {
      // shift the spread so the balance-weighted rate equals the deal WAC (to 1/1000 %)
      const wac = rates.reduce((s, r, i) => s + r * (cents[i] ?? 0), 0) / (lineCents[li] ?? 1);
      for (let i = 0; i < rates.length; i++) rates[i] = Math.round(((rates[i] ?? 0) + line.wacPct - wac) * 1000) / 1000;
    }
    cents.forEach((c, i) => {
      const rate = rates[i] ?? line.wacPct;
      const term = line.wam + line.wala;
      const ltv = ltvOf(rnd, high);
      const firstPay = addMonths(cutOffIso, -line.wala + 1);
      const mi = miPctFor(ltv);
      const seq = loans.length + 1;
      loans.push({
        loanId: fannie ? String(100000000000 + hashId(f.dealId, seq)) : `F${yy}Q${q}${String(f.dealId).padStart(3, '0')}${String(seq).padStart(4, '0')}`,
        asOfDate: asOf,
        creditScore: Math.round(clamp(rnd.normal(high ? 752 : 756, 40), 620, 850)),
        firstPaymentDate: Math.floor(isoToYyyymmdd(firstPay) / 100),
        maturityDate: Math.floor(isoToYyyymmdd(addMonths(firstPay, term - 1)) / 100),
        firstTimeBuyer: rnd.next() < (high ? 0.45 : 0.3) ? 'Y' : 'N',
        msa: rnd.pick(MSAS.map((m) => [m, 1] as const)),
        miPct: mi,
        miType: mi === 0 ? null : rnd.pick([['1', 85], ['2', 13], ['3', 2]] as const),
        units: rnd.pick([[1, 97], [2, 2], [rnd.int(3, 4), 1]]),
        occupancy: rnd.pick([['P', high ? 94 : 90], ['I', high ? 2 : 6], ['S', high ? 4 : 4]] as const),
        cltv: Math.min(ltv + (rnd.next() < 0.1 ? rnd.int(1, 5) : 0), 105),
        dti: Math.round(clamp(rnd.normal(high ? 40 : 36, 8), 10, 50)),
        originalUpb: Math.round(c / amortizedFactor(rate, term, line.wala)) / 100,
        issuanceUpb: c / 100,
        currentUpb: c / 100,
        ltv,
        noteRate: rate,
        currentRate: rate,
        channel: rnd.pick([['R', 50], ['C', 35], ['B', 15]] as const),
        state: rnd.pick(high ? HIGH_LTV_STATES : STATES),
        propertyType: rnd.pick([['SF', 65], ['PU', 25], ['CO', 8], ['MH', 1], [fannie ? 'CP' : 'SF', 1]]),
        zip3: String(rnd.int(10, 999)).padStart(3, '0'),
        purpose: rnd.pick(refiHeavy
          ? [['P', 40], ['C', 25], [fannie ? 'R' : 'N', 35]]
          : [['P', high ? 90 : 70], ['C', high ? 3 : 15], [fannie ? 'R' : 'N', high ? 7 : 15]]),
        originalTerm: term,
        borrowers: rnd.next() < 0.5 ? 1 : 2,
        seller: rnd.pick(SELLERS),
        servicer: rnd.pick(SERVICERS),
        loanAge: line.wala,
        remainingMonths: line.wam,
        delinquencyStatus: '0',
        modified: false,
        zeroBalanceCode: null,
        assistancePlan: fannie ? 'N' : null,
      });
    });
  });
  ageToFactorDate(loans, record, last, rnd, fannie);
  return loans;
}

/** Deterministic 11-digit number for Fannie-style loan identifiers. */
function hashId(dealId: number, seq: number): number {
  return ((dealId * 1_000_003 + seq * 7_919) % 89_999_999_999) + 1;
}

/**
 * Move the tape to the factor date: some loans paid off (zero balance 01) or liquidated
 * (03/09) in proportion to the pool's factor and losses; survivors amortize and are scaled so
 * Σ current UPB equals the pool balance; delinquency states follow the last history row.
 */
function ageToFactorDate(loans: LoanRecord[], record: DealRecord, last: PoolPeriod, rnd: Random, fannie: boolean): void {
  const f = record.file;
  const months = Math.max(0, Math.round((Date.parse(last.date) - Date.parse(f.dates.firstPayment)) / (30.4375 * 86_400_000)) + 1);
  const targetCents = last.endCents;
  const issuance = loans.reduce((s, l) => s + Math.round(l.issuanceUpb * 100), 0);
  const amort = loans.reduce((s, l) => s + l.issuanceUpb * 100 * amortizedFactor(l.noteRate, l.remainingMonths, months), 0) / issuance;
  const offShare = clamp(1 - targetCents / issuance / amort, 0, 0.97);
  const survivors: LoanRecord[] = [];
  for (const l of loans) {
    l.loanAge += months;
    l.remainingMonths = Math.max(0, l.remainingMonths - months);
    if (targetCents === 0 || rnd.next() < offShare) {
      l.currentUpb = 0;
      l.zeroBalanceCode = rnd.next() < 0.995 ? '01' : rnd.pick([['03', 1], ['09', 1]] as const);
    } else {
      survivors.push(l);
    }
  }
  const raw = survivors.map((l) => l.issuanceUpb * amortizedFactor(l.noteRate, l.remainingMonths + months, months));
  const cents = splitCents(targetCents, raw.length ? raw : [1]);
  survivors.forEach((l, i) => {
    l.currentUpb = (cents[i] ?? 0) / 100;
    const u = rnd.next() * 100;
    const dq90 = last.dq90PlusPct;
    const dq60 = last.dq60Pct;
    const dq30 = last.dq30Pct;
    l.delinquencyStatus = u < dq90 ? String(rnd.int(3, 8)) : u < dq90 + dq60 ? '2' : u < dq90 + dq60 + dq30 ? '1' : '0';
    l.modified = rnd.next() * 100 < last.modifiedPct;
    if (fannie) l.assistancePlan = l.delinquencyStatus !== '0' && rnd.next() < 0.25 ? 'F' : rnd.next() < 0.003 ? 'R' : 'N';
    else if (l.delinquencyStatus !== '0' && rnd.next() < 0.25) l.assistancePlan = 'F';
  });
}
