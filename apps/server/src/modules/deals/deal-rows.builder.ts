/**
 * Database rows of one demo deal: the catalog/detail row, bonds, rep lines, the three
 * histories and the loan tape. Pure: the seeder writes what this returns.
 */
import type { Insertable } from 'kysely';
import type { AcisStructure } from '@opencrt/contracts';
import { NO_DATE } from '@opencrt/contracts';
import type { DealRecord } from './deal-record.builder.ts';
import type { DealHistory } from '../demo-data/deal-history.generator.ts';
import type { LoanRecord } from './loan-record.ts';
import { addMonths, isoToYyyymmdd } from './deal-dates.ts';
import type {
  BondRemitHistoryTable, CollateralHistoryTable, DealBondsTable, DealRemitHistoryTable, DealReplinesTable, DealsTable, LoansTable,
} from './deals.tables.ts';


export interface DealRows {
  deal: Insertable<DealsTable>;
  bonds: Insertable<DealBondsTable>[];
  replines: DealReplinesTable[];
  remit: DealRemitHistoryTable[];
  bondRemit: BondRemitHistoryTable[];
  collateral: CollateralHistoryTable[];
  loans: LoansTable[];
}

const dollars = (cents: number): number => cents / 100;
const round = (x: number, dp: number): number => Math.round(x * 10 ** dp) / 10 ** dp;
const dateOrNone = (iso: string | null): number => (iso ? isoToYyyymmdd(iso) : NO_DATE);

/** ACIS structure (spec 001 §3.2) at the factor date. */
function acisStructure(record: DealRecord, history: DealHistory): AcisStructure | null {
  const acis = record.file.acis;
  if (!acis) return null;
  return {
    DealName: record.file.dealName,
    StacrDealName: acis.stacrDealName,
    Bonds: acis.layers.map((layer) => {
      const bond = record.bonds.find((b) => b.name === layer.acisBondName);
      const current = dollars(history.bonds[layer.acisBondName]?.at(-1)?.endCents ?? 0);
      const original = bond?.originalBalance ?? 0;
      return {
        StacrBondName: layer.stacrBondName, AcisBondName: layer.acisBondName, OriginalBalance: original,
        CurrentBalance: current, Factor: original ? round(current / original, 10) : 0, Premium: layer.premiumPct,
      };
    }),
  };
}

/** Build every row of a deal. */
export function buildDealRows(record: DealRecord, history: DealHistory, loans: LoanRecord[]): DealRows {
  const f = record.file;
  const coll = f.collateral;
  if (!coll) throw new Error(`${f.dealName}: no collateral`);
  const name = f.dealName;
  const originalCents = Math.round(coll.originalBalance * 100);
  const last = history.pool.at(-1);
  const endCents = last?.endCents ?? originalCents;
  const months = history.pool.length;
  const deal: Insertable<DealsTable> = {
    deal_name: name,
    deal_id: f.dealId,
    deal_type: f.dealType,
    parent_deal_name: f.parentDealName,
    issue_date: isoToYyyymmdd(f.dates.issue),
    first_payment_date: isoToYyyymmdd(f.dates.firstPayment),
    settlement_date: isoToYyyymmdd(f.dates.issue),
    factor_date: isoToYyyymmdd(history.lastDate),
    first_projected_date: isoToYyyymmdd(addMonths(history.lastDate, 1)),
    maturity_date: isoToYyyymmdd(f.dates.maturity),
    early_redemption_pct: f.earlyRedemptionPct,
    early_redemption_date: dateOrNone(f.dates.earlyRedemption),
    optional_cancellation_date: dateOrNone(f.dates.optionalCancellation),
    original_balance: coll.originalBalance,
    current_balance: dollars(endCents),
    deal_factor: round(endCents / originalCents, 10),
    wac: coll.wacPct,
    wam: Math.max(0, coll.wam - months),
    wala: coll.wala + months,
    collateral_losses: dollars(history.cumulativeLossCents),
    source_kind: f.source.kind,
    source_reference: f.source.reference,
    source_notes: JSON.stringify(f.source.notes),
    structure: record.structure === null ? null : JSON.stringify(record.structure),
    acis: f.acis ? JSON.stringify(acisStructure(record, history)) : null,
    is_custom: false,
    is_demo: true,
  };
  const stackNames = new Set(record.stack.map((b) => b.name));
  const bonds = record.bonds.map((b, ord) => ({
    deal_name: name, ord, bond_name: b.name, cusip: b.cusip, layer: b.layer, is_senior: b.senior, in_stack: stackNames.has(b.name),
    original_balance: b.originalBalance, coupon: JSON.stringify(b.coupon), bond_type: b.bondType,
    attachment_pct: b.attachmentPct, detachment_pct: b.detachmentPct, is_macr: b.macr !== null,
    collateral_groups: JSON.stringify(b.collateralGroups), acis_stacr_bond: b.acis?.stacrBond ?? null, acis_share_pct: b.acis?.sharePct ?? null,
  }));
  const replines: DealReplinesTable[] = coll.pools
    ? coll.pools.map((p, ord) => ({
      deal_name: name, ord, collateral_group: p.group, balance: p.balance, wac: coll.wacPct, nwac: coll.netWacPct, wam: coll.wam,
      wala: coll.wala, pool_number: p.poolNumber, orig_committed_balance: p.origCommittedBalance,
    }))
    : record.repLines.map((l, ord) => ({
      deal_name: name, ord, collateral_group: l.group, balance: l.balance, wac: l.wacPct, nwac: l.netWacPct, wam: l.wam,
      wala: l.wala, pool_number: null, orig_committed_balance: null,
    }));
  let cumLoss = 0;
  const remit: DealRemitHistoryTable[] = history.pool.map((p) => {
    cumLoss += p.lossCents;
    return {
      deal_name: name, date: isoToYyyymmdd(p.date), current_balance: dollars(p.endCents), factor: round(p.endCents / originalCents, 10),
      cpr_1mo: round(p.cpr1MoPct, 6), current_loss_pct: round((p.lossCents / originalCents) * 100, 6),
      cumulated_loss_pct: round((cumLoss / originalCents) * 100, 6), delinquency30_pct: round(p.dq30Pct, 6),
      delinquency60_pct: round(p.dq60Pct, 6), delinquency90plus_pct: round(p.dq90PlusPct, 6),
      modified_balance_pct: round(p.modifiedPct, 6), cumulative_loss: dollars(cumLoss),
    };
  });
  const bondRemit: BondRemitHistoryTable[] = [];
  for (const b of record.bonds) {
    const original = Math.round(b.originalBalance * 100);
    for (const row of history.bonds[b.name] ?? []) {
      bondRemit.push({
        deal_name: name, bond_name: b.name, date: isoToYyyymmdd(row.date), starting_balance: dollars(row.startCents),
        principal: dollars(row.principalCents), write_down: dollars(row.writeDownCents), current_balance: dollars(row.endCents),
        factor: original ? round(row.endCents / original, 10) : 0, interest: dollars(row.interestCents), coupon: round(row.couponPct, 6),
      });
    }
  }
  const collateral: CollateralHistoryTable[] = history.pool.map((p) => ({
    deal_name: name, date: isoToYyyymmdd(p.date), current_balance: dollars(p.endCents), original_balance: coll.originalBalance,
    delinquency30: round(p.dq30Pct, 6), delinquency60: round(p.dq60Pct, 6), delinquency90plus: round(p.dq90PlusPct, 6),
    loans_count: p.loansCount, scheduled_principal: dollars(p.scheduledCents), unscheduled_principal: dollars(p.prepaidCents),
    defaults: dollars(p.defaultCents), net_loss: dollars(p.lossCents),
  }));
  return { deal, bonds, replines, remit, bondRemit, collateral, loans: loans.map((l) => loanRow(name, l)) };
}

/** A loan record as a `loans` row. */
export function loanRow(dealName: string, l: LoanRecord): LoansTable {
  return {
    deal_name: dealName, loan_id: l.loanId, as_of_date: l.asOfDate, credit_score: l.creditScore, first_payment_date: l.firstPaymentDate,
    maturity_date: l.maturityDate, first_time_buyer: l.firstTimeBuyer, msa: l.msa, mi_pct: l.miPct, mi_type: l.miType, units: l.units,
    occupancy: l.occupancy, cltv: l.cltv, dti: l.dti, original_upb: l.originalUpb, issuance_upb: l.issuanceUpb, current_upb: l.currentUpb,
    ltv: l.ltv, note_rate: l.noteRate, current_rate: l.currentRate, channel: l.channel, state: l.state, property_type: l.propertyType,
    zip3: l.zip3, purpose: l.purpose, original_term: l.originalTerm, borrowers: l.borrowers, seller: l.seller, servicer: l.servicer,
    loan_age: l.loanAge, remaining_months: l.remainingMonths, delinquency_status: l.delinquencyStatus, modified: l.modified,
    zero_balance_code: l.zeroBalanceCode, assistance_plan: l.assistancePlan,
  };
}
