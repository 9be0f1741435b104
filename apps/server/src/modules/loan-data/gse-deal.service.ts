/**
 * A deal from GSE loan-level data (issue 33 #4): a Fannie CAS/CIRT reference pool or a Freddie
 * population chosen by the vintage filters becomes a STACR-like reference deal (the user's
 * senior/mezzanine/first-loss stack) whose collateral history is what its loans reported
 * (gse-deal.sql.ts) and whose loan tape is the last reported month. The bonds follow that
 * history through the demo deals' stack allocation (stackHistory), so the deal's factor date is
 * the last reported month and every run (rep line and loan level) starts there, from the tape.
 */
import type { GseDealCreated, GseDealRequest } from '@opencrt/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { Conflict, Invalid } from '../../http/errors.ts';
import { insertJson } from '../deals/deals.catalogue.ts';
import { addMonths, isoToYyyymmdd } from '../deals/deal-dates.ts';
import type { BondFile, DealFile } from '../deals/deal-file.schema.ts';
import { syntheticCusip, type DealRecord } from '../deals/deal-record.builder.ts';
import { buildDealRows, type DealRows } from '../deals/deal-rows.builder.ts';
import { buildReferenceDealSpec } from '../deals/deal-structure.builder.ts';
import { dealsDb } from '../deals/deals.tables.ts';
import type { LoanRecord } from '../deals/loan-record.ts';
import { stackHistory, type PoolPeriod } from '../demo-data/deal-history.generator.ts';
import { poolHistorySql, poolLoansSql, poolMonthsSql, poolTapeSql } from './gse-deal.sql.ts';
import { loanFilterSql } from './loan-filter.sql.ts';
import type { LoanStore, Row } from './loan-store.ts';
import { storeFiles } from './vintage.service.ts';

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const cents = (v: unknown): number => Math.round(num(v) * 100);
const str = (v: unknown, fallback = ''): string => (v === null || v === undefined ? fallback : String(v));

/** A reporting month (YYYYMM) → its payment date (ISO): the 25th of the next month, as STACR and CAS pay. */
export function paymentDateOf(periodYm: number): string {
  const y = Math.floor(periodYm / 100);
  const m = periodYm % 100;
  return `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-25`;
}

/** What the store reports for the population: the monthly pool rows and the last month's tape. */
export async function readPoolData(store: LoanStore, db: Db, population: GseDealRequest['Population']): Promise<{ history: Row[]; tape: Row[] }> {
  const files = await storeFiles(store, db);
  if (!files.loans.length || !files.monthly.length) throw new Invalid('Population: no loans and monthly performance have been imported yet (Admin > Loan data).');
  return store.withConnection(async (c) => {
    await c.run(poolLoansSql(files.loans, loanFilterSql(population)));
    await c.run(poolMonthsSql(files.monthly));
    return { history: await c.rows(poolHistorySql), tape: await c.rows(poolTapeSql) };
  });
}

/** The pool's months as the history allocation reads them (cents, percents). */
export function poolPeriodsOf(history: Row[]): PoolPeriod[] {
  return history.map((h) => {
    const begin = cents(h.BeginUpb);
    const end = cents(h.EndUpb);
    const scheduled = cents(h.Scheduled);
    const prepaid = cents(h.Unscheduled);
    const pct = (v: unknown): number => (end > 0 ? (100 * cents(v)) / end : 0);
    const smm = begin - scheduled > 0 ? Math.min(1, Math.max(0, prepaid / (begin - scheduled))) : 0;
    return {
      date: paymentDateOf(num(h.PeriodYm)), beginCents: begin, endCents: end, scheduledCents: scheduled, prepaidCents: prepaid,
      defaultCents: cents(h.Defaults), lossCents: cents(h.NetLoss), cpr1MoPct: (1 - (1 - smm) ** 12) * 100,
      dq30Pct: pct(h.Dq30Upb), dq60Pct: pct(h.Dq60Upb), dq90PlusPct: pct(h.Dq90Upb), modifiedPct: pct(h.ModifiedUpb), loansCount: num(h.Loans),
    };
  });
}

/** The tape rows as the deal's loans on its factor date. */
export function tapeLoansOf(tape: Row[], asOfDate: number): LoanRecord[] {
  return tape.map((t) => {
    const firstPayment = num(t.FirstPaymentYm);
    const term = num(t.OriginalTerm);
    const maturityIso = addMonths(`${Math.floor(firstPayment / 100)}-${String(firstPayment % 100).padStart(2, '0')}-01`, Math.max(0, term - 1));
    const code = (v: unknown, values: string[]): string | null => (values.includes(str(v)) ? str(v) : null);
    return {
      loanId: str(t.LoanId), asOfDate, creditScore: t.CreditScore === null ? null : num(t.CreditScore), firstPaymentDate: firstPayment,
      maturityDate: Math.floor(isoToYyyymmdd(maturityIso) / 100), firstTimeBuyer: code(t.FirstTimeBuyer, ['Y', 'N']) as LoanRecord['firstTimeBuyer'],
      msa: null, miPct: num(t.MiPct), miType: code(t.MiType, ['1', '2', '3']) as LoanRecord['miType'], units: num(t.Units) || 1,
      occupancy: (code(t.Occupancy, ['P', 'S', 'I']) ?? 'P') as LoanRecord['occupancy'], cltv: t.Cltv === null ? null : num(t.Cltv),
      dti: t.Dti === null ? null : num(t.Dti), originalUpb: num(t.OriginalUpb), issuanceUpb: num(t.CutoffUpb), currentUpb: num(t.CurrentUpb),
      ltv: num(t.Ltv), noteRate: num(t.OriginalRate), currentRate: num(t.CurrentRate ?? t.OriginalRate), channel: str(t.Channel), state: str(t.State),
      propertyType: str(t.PropertyType), zip3: str(t.Zip3), purpose: str(t.Purpose), originalTerm: term, borrowers: null, seller: str(t.Seller),
      servicer: str(t.Servicer), loanAge: num(t.LoanAge), remainingMonths: num(t.RemainingMonths),
      delinquencyStatus: t.IsReo ? 'RA' : String(num(t.DqMonths)), modified: Boolean(t.Modified), zeroBalanceCode: null,
      assistancePlan: t.AssistancePlan === null ? null : str(t.AssistancePlan),
    };
  });
}

/** The user's stack, senior first: bond i detaches where the bond above attaches; the senior bond takes the cent residual. */
function stackBonds(request: GseDealRequest, pool: number, seed: number): BondFile[] {
  const rows = request.Bonds;
  const detach = rows.map((_, i) => (i === 0 ? 100 : (rows[i - 1] as (typeof rows)[number]).AttachmentPct));
  const balances = rows.map((b, i) => (i === 0 ? 0 : Math.round(pool * (detach[i] as number - b.AttachmentPct)) / 100));
  balances[0] = Math.round((pool - balances.slice(1).reduce((s, x) => s + x, 0)) * 100) / 100;
  return rows.map((b, i) => ({
    name: b.BondName, cusip: syntheticCusip('STACR', seed % 1000, i), layer: b.BondName, senior: i === 0,
    attachmentPct: b.AttachmentPct, detachmentPct: detach[i] as number, collateralGroups: [1], offered: i > 0, macr: null, acis: null,
    originalBalance: balances[i] as number,
    coupon: i === 0 ? { kind: 'none' } : { kind: 'floater', index: 'SOFR', marginPct: b.SpreadPct },
    bondType: i === 0 ? 'Senior' : i === rows.length - 1 ? 'First loss' : 'Mezzanine',
  }));
}

/** Every row of the deal: catalog row, bonds, rep line, the three histories and the tape. Pure. */
export function gseDealRows(request: GseDealRequest, history: Row[], tape: Row[], dealId: number): { rows: DealRows; loans: LoanRecord[] } {
  const pool = poolPeriodsOf(history);
  const first = pool[0];
  const last = pool.at(-1);
  if (!first || !last) throw new Invalid('Population: no imported loan has monthly performance; widen the filters or import the performance file.');
  const original = first.beginCents / 100;
  const current = last.endCents / 100;
  const loans = tapeLoansOf(tape, isoToYyyymmdd(last.date));
  const w = (f: (l: LoanRecord) => number): number => (current > 0 ? loans.reduce((s, l) => s + f(l) * l.currentUpb, 0) / current : 0);
  const months = pool.length;
  const wala = Math.max(0, Math.round(w((l) => l.loanAge)) - months);
  const wam = Math.round(w((l) => l.remainingMonths)) + months;
  const wac = Math.round(w((l) => l.currentRate) * 1000) / 1000;
  const maturity = loans.reduce((m, l) => Math.max(m, l.maturityDate), 0);
  const issue = addMonths(first.date, -1);
  const p = request.Population;
  const what = p.referencePool ? `${p.source === 'fannie' ? 'Fannie Mae' : 'GSE'} reference pool ${p.referencePool}` : `${p.source === 'fannie' ? 'Fannie Mae' : p.source === 'freddie' ? 'Freddie Mac' : 'GSE'} loans chosen by the vintage filters`;
  const file: DealFile = {
    id: `gse-${dealId}`, dealName: request.Name, dealId, dealType: 'STACR', parentDealName: null,
    source: {
      kind: 'synthetic', reference: `Built from imported loan-level data: ${what}`,
      notes: [`Filters: ${JSON.stringify(p)}`, 'Collateral history and loan tape as the loans reported them; the bond stack is the user\'s (STACR-like, senior/sub).'],
    },
    sourceFile: null, structureFile: null, historySeed: null,
    dates: {
      issue, firstPayment: first.date, factor: last.date, earlyRedemption: null, optionalCancellation: null,
      maturity: maturity ? `${Math.floor(maturity / 100)}-${String(maturity % 100).padStart(2, '0')}-25` : addMonths(last.date, 360),
    },
    earlyRedemptionPct: 10, cleanUpCallPct: null, index: { name: 'SOFR', valueAtIssuePct: null },
    waterfall: { mode: 'senior-sub', mceThresholdPct: null },
    collateral: {
      originalBalance: original, loanCount: num(history[0]?.ReportingLoans), wacPct: wac, netWacPct: null, wam, wala,
      replines: [{ group: 1, balance: original, wacPct: wac, netWacPct: null, wam, wala }], pools: null,
    },
    bonds: [], referenceTranches: null, acis: null, cirt: null,
    performance: { cprPct: 0, cdrPct: 0, severityPct: 0, dq30Pct: 0, dq60Pct: 0, dq90PlusPct: 0, modifiedPct: 0 }, loanTape: null,
  };
  const bonds = stackBonds(request, original, dealId);
  file.bonds = bonds;
  const base: DealRecord = { file, bonds, stack: bonds, repLines: file.collateral?.replines ?? [], structure: null, seniorCaps: {} };
  const record: DealRecord = { ...base, structure: buildReferenceDealSpec(base, { id: file.id, dealName: file.dealName, family: 'STACR' }) };
  const rows = buildDealRows(record, stackHistory(record, pool), loans);
  return { rows: { ...rows, deal: { ...rows.deal, is_custom: true, is_demo: false } }, loans };
}

/** Builds the deal from the store and stores it; every user is assigned it (as custom deals are). */
export async function createGseDeal(store: LoanStore, baseDb: Db, request: GseDealRequest): Promise<GseDealCreated> {
  const db = dealsDb(baseDb);
  const clash = async (): Promise<void> => {
    const taken = await db.selectFrom('deals').select('deal_name').where(sql<string>`lower(deal_name)`, '=', request.Name.toLowerCase()).executeTakeFirst();
    if (taken) throw new Conflict(`A deal named ${taken.deal_name} already exists.`);
  };
  await clash();
  const { history, tape } = await readPoolData(store, baseDb, request.Population);
  const next = await sql<{ id: number }>`select coalesce(max(deal_id), 0) + 1 as id from deals`.execute(db);
  const { rows } = gseDealRows(request, history, tape, Math.max(90_000, Number(next.rows[0]?.id)));
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(33004)`.execute(trx);
    const taken = await trx.selectFrom('deals').select('deal_name').where(sql<string>`lower(deal_name)`, '=', request.Name.toLowerCase()).executeTakeFirst();
    if (taken) throw new Conflict(`A deal named ${taken.deal_name} already exists.`);
    await trx.insertInto('deals').values(rows.deal).execute();
    await insertJson(trx, 'deal_bonds', rows.bonds.map((b) => ({ ...b, coupon: JSON.parse(String(b.coupon)), collateral_groups: JSON.parse(String(b.collateral_groups)) })));
    await insertJson(trx, 'deal_replines', rows.replines);
    await insertJson(trx, 'deal_remit_history', rows.remit);
    await insertJson(trx, 'bond_remit_history', rows.bondRemit);
    await insertJson(trx, 'collateral_history', rows.collateral);
    await insertJson(trx, 'loans', rows.loans);
    await sql`insert into user_deals (user_id, deal_name) select id, ${request.Name} from users on conflict do nothing`.execute(trx);
  });
  const last = rows.remit.at(-1);
  const firstDate = rows.remit[0]?.date ?? 0;
  const lastDate = last?.date ?? 0;
  const ym = (d: number): number => { const y = Math.floor(d / 10000); const m = Math.floor(d / 100) % 100; return m === 1 ? (y - 1) * 100 + 12 : y * 100 + m - 1; };
  return {
    DealName: request.Name, Loans: num(history[0]?.ReportingLoans), FirstPeriod: ym(firstDate), LastPeriod: ym(lastDate), Months: rows.remit.length,
    OriginalBalance: Number(rows.deal.original_balance), CurrentBalance: Number(rows.deal.current_balance),
    CumulativeNetLoss: last?.cumulative_loss ?? 0, TapeLoans: rows.loans.length,
  };
}
