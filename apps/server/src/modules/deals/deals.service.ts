/**
 * Deal catalog, details and histories as the spec's contract objects. Domain errors carry the
 * spec's messages: an unknown (or unassigned) deal is 'Deal file could not be opened'.
 */
import type {
  AcisStructure, Bond, BondRemitHistoryRow, CollateralGroupBy, CollateralHistoryRow, CollateralReportRow, DealCatalogRow,
  DealDetail, DealRemitHistoryRow, DealType, IdByCusipResponse, Repline,
} from '@opencrt/contracts';
import { csvLine, DEAL_CATALOG_CSV_COLUMNS, DEAL_CATALOG_CSV_KINDS } from '@opencrt/contracts';
import type { Selectable } from 'kysely';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { CouponFile } from './deal-file.schema.ts';
import type { DealsRepository } from './deals.repository.ts';
import type { DealBondsTable, DealsTable } from './deals.tables.ts';

export const DEAL_NOT_FOUND = 'Deal file could not be opened';

type DealRow = Selectable<DealsTable>;
type BondRow = Selectable<DealBondsTable>;

const round = (x: number, dp: number): number => Math.round(x * 10 ** dp) / 10 ** dp;

function catalogRow(d: DealRow): DealCatalogRow {
  return {
    DealName: d.deal_name, DealId: d.deal_id, DealType: d.deal_type as DealType, IssueDate: d.issue_date, MaturityDate: d.maturity_date,
    OriginalBalance: Number(d.original_balance), CurrentBalance: Number(d.current_balance), DealFactor: Number(d.deal_factor),
    FactorDate: d.factor_date, FirstProjectedDate: d.first_projected_date, EarlyRedemptionPct: Number(d.early_redemption_pct),
    EarlyRedemptionDate: d.early_redemption_date,
    CustomDealId: d.custom_deal_id,
    CustomDealType: d.custom_deal_id === null ? null : d.deal_type === 'CIRT' ? 'CIRT' : d.deal_type === 'STACR' || d.deal_type === 'ACIS' ? 'STACR_ACIS' : 'PYTHON',
  };
}

function floaterFormula(c: CouponFile): string | null {
  return c.kind === 'floater' ? `${c.index} + ${c.marginPct.toFixed(2)}%` : null;
}

export function createDealsService(repo: DealsRepository) {
  async function dealOf(userId: number, name: string): Promise<DealRow> {
    const deal = await repo.findAssigned(userId, name);
    if (!deal) throw new NotFound(DEAL_NOT_FOUND);
    return deal;
  }

  /** Bonds as of a remittance date (null = at issue), with current enhancement and thickness. */
  async function bondsAt(deal: DealRow, date: number | null, poolBalance: number): Promise<Bond[]> {
    const bonds = (await repo.bonds(deal.deal_name)) as BondRow[];
    const rows = new Map((date === null ? [] : await repo.bondRowsOn(deal.deal_name, date)).map((r) => [r.bond_name, r]));
    const first = new Map((await repo.firstBondRows(deal.deal_name)).map((r) => [r.bond_name, r]));
    const current = (b: BondRow): number => Number(rows.get(b.bond_name)?.current_balance ?? b.original_balance);
    // Layer balances in stack order (senior first) give the current enhancement below each layer.
    const layers: { name: string; balance: number }[] = [];
    for (const b of bonds.filter((x) => x.in_stack)) {
      const layer = layers.find((l) => l.name === b.layer) ?? layers[layers.push({ name: b.layer, balance: 0 }) - 1];
      if (layer) layer.balance += current(b);
    }
    const below = (layer: string): number => {
      const i = layers.findIndex((l) => l.name === layer);
      return layers.slice(i + 1).reduce((s, l) => s + l.balance, 0);
    };
    return bonds.map((b) => {
      const coupon = b.coupon as CouponFile;
      const bal = current(b);
      const original = Number(b.original_balance);
      const attach = b.attachment_pct === null ? null : Number(b.attachment_pct);
      const detach = b.detachment_pct === null ? null : Number(b.detachment_pct);
      const layerBal = layers.find((l) => l.name === b.layer)?.balance ?? 0;
      const couponNow = rows.get(b.bond_name)?.coupon ?? first.get(b.bond_name)?.coupon
        ?? (coupon.kind === 'fixed' ? coupon.ratePct : 0);
      return {
        BondName: b.bond_name,
        Cusip: b.cusip,
        OriginalBalance: original,
        CurrentBalance: bal,
        Factor: original ? round(bal / original, 10) : 0,
        Coupon: Number(couponNow),
        OriginalCoupon: coupon.kind === 'premium' ? (coupon.annualPctOfLimit ?? null) : Number(first.get(b.bond_name)?.coupon ?? couponNow),
        FloaterFormula: floaterFormula(coupon),
        BondType: b.bond_type,
        OriginalEnhance: attach,
        OriginalThickness: attach === null || detach === null ? null : round(detach - attach, 7),
        CurrentEnhance: b.in_stack && poolBalance > 0 ? round((below(b.layer) / poolBalance) * 100, 7) : null,
        CurrentThickness: b.in_stack && poolBalance > 0 ? round((layerBal / poolBalance) * 100, 7) : null,
        IsMACR: b.is_macr,
        CollateralGroups: b.collateral_groups as number[],
      };
    });
  }

  /**
   * The index rate behind the floaters' coupons on a remittance date: a floater's coupon is
   * max(0, index + margin), so any floater paying above 0 gives the index back exactly. LIBOR is
   * shown as SOFR (spec 000 §3).
   */
  async function indexRateOf(deal: DealRow, bonds: Bond[], date: number): Promise<DealDetail['IndexRate']> {
    const coupons = new Map(bonds.map((b) => [b.BondName, b.Coupon]));
    for (const b of (await repo.bonds(deal.deal_name)) as BondRow[]) {
      const file = b.coupon as CouponFile;
      const now = coupons.get(b.bond_name);
      if (file.kind !== 'floater' || now === null || now === undefined || now <= 0) continue;
      return { Name: 'SOFR', RatePct: round(now - file.marginPct, 5), Date: date };
    }
    return null;
  }

  async function detailAt(deal: DealRow, settlementDate: number): Promise<DealDetail> {
    const settle = Math.max(settlementDate, deal.issue_date);
    const history = await repo.remitHistory(deal.deal_name);
    const remit = history.find((r) => r.date <= settle) ?? null;
    const original = Number(deal.original_balance);
    const poolBalance = remit ? Number(remit.current_balance) : original;
    const elapsed = remit ? history.filter((r) => r.date <= remit.date).length : 0;
    const factor = original ? round(poolBalance / original, 10) : 0;
    const totalElapsed = history.length;
    const wam = Number(deal.wam) + totalElapsed - elapsed;
    const wala = Number(deal.wala) - totalElapsed + elapsed;
    const replines: Repline[] = (await repo.replines(deal.deal_name)).map((r) => (r.pool_number
      ? { CollateralGroup: r.collateral_group, mbs_data: null,
        reremic_data: { PoolNumber: r.pool_number, CurrentBalance: round(Number(r.balance) * factor, 2), OrigCommittedBalance: Number(r.orig_committed_balance) } }
      : { CollateralGroup: r.collateral_group, reremic_data: null,
        mbs_data: {
          CurrentBalance: round(Number(r.balance) * factor, 2), WAC: Number(r.wac), NWAC: Number(r.nwac ?? Number(r.wac) - 0.25),
          WAM: Math.max(0, Number(r.wam) - elapsed), WALA: Number(r.wala) + elapsed,
        } }));
    const losses = remit ? Number(remit.cumulative_loss) : 0;
    const bonds = await bondsAt(deal, remit?.date ?? null, poolBalance);
    return {
      DealName: deal.deal_name, DealId: deal.deal_id, DealType: deal.deal_type as DealType, ParentDealName: deal.parent_deal_name,
      IssueDate: deal.issue_date, FirstPaymentDate: deal.first_payment_date, SettlementDate: settle,
      FactorDate: remit?.date ?? deal.issue_date, FirstProjectedDate: remit ? nextMonth(remit.date) : deal.first_payment_date,
      MaturityDate: deal.maturity_date, EarlyRedemptionPct: Number(deal.early_redemption_pct), EarlyRedemptionDate: deal.early_redemption_date,
      OptionalCancellationDate: deal.optional_cancellation_date, Cancellation: deal.optional_cancellation_date !== 101,
      CollateralOriginalBalance: original, CollateralCurrentBalance: poolBalance, CollateralLosses: losses, DealFactor: factor,
      Wac: Number(deal.wac), Wam: wam, Wala: wala,
      DatesOfAvailableUpdates: history.map((r) => r.date),
      Bonds: bonds,
      Replines: replines,
      CollateralInfo: { OriginalBalance: original, CurrentBalance: poolBalance, DealFactor: factor, WAC: Number(deal.wac), WAM: wam, WALA: wala, ProjectedLosses: losses },
      Source: { Kind: deal.source_kind as DealDetail['Source']['Kind'], Reference: deal.source_reference, Notes: deal.source_notes as unknown as string[] },
      Structure: deal.structure ?? null,
      Custom: deal.is_custom,
      IndexRate: await indexRateOf(deal, bonds, remit?.date ?? deal.issue_date),
    };
  }

  return {
    async catalog(userId: number): Promise<DealCatalogRow[]> {
      return (await repo.listAssigned(userId)).map((d) => catalogRow(d as DealRow));
    },

    /** The catalog as CSV (header = contract field names), rows in catalog order, in the export convention (dates YYYY-MM-DD, numbers rounded to their kind). */
    async catalogCsv(userId: number): Promise<string> {
      const rows = await this.catalog(userId);
      const kinds = DEAL_CATALOG_CSV_COLUMNS.map((c) => DEAL_CATALOG_CSV_KINDS[c]);
      const lines = [DEAL_CATALOG_CSV_COLUMNS.join(','), ...rows.map((r) => csvLine(DEAL_CATALOG_CSV_COLUMNS.map((c) => r[c]), kinds))];
      return `${lines.join('\r\n')}\r\n`;
    },

    names: () => repo.allNames(),
    userNames: (userId: number) => repo.assignedNames(userId),

    /** Detail at the deal's factor date. */
    async detail(userId: number, name: string): Promise<DealDetail> {
      const deal = await dealOf(userId, name);
      return detailAt(deal as DealRow, deal.factor_date);
    },

    /** Detail as of a settlement date: the last remittance on or before it. */
    async detailOn(userId: number, name: string, settlementDate: number): Promise<DealDetail> {
      return detailAt((await dealOf(userId, name)) as DealRow, settlementDate);
    },

    async acis(userId: number, name: string): Promise<AcisStructure> {
      const deal = await dealOf(userId, name);
      if (!deal.acis) throw new NotFound(`${deal.deal_name} is not an ACIS deal`);
      return deal.acis as unknown as AcisStructure;
    },

    async idByCusip(userId: number, cusip: string): Promise<IdByCusipResponse> {
      const hit = await repo.findByCusip(userId, cusip.trim());
      if (!hit) throw new NotFound(`No deal found for CUSIP ${cusip.trim().toUpperCase()}`);
      return { DealName: hit.deal_name, BondName: hit.bond_name };
    },

    async remitHistory(userId: number, name: string): Promise<DealRemitHistoryRow[]> {
      const deal = await dealOf(userId, name);
      return (await repo.remitHistory(deal.deal_name)).map((r) => ({
        Date: r.date, CurrentBalance: Number(r.current_balance), Factor: Number(r.factor), Cpr1Mo: Number(r.cpr_1mo),
        CurrentLossPct: Number(r.current_loss_pct), CumulatedLossPct: Number(r.cumulated_loss_pct), Delinquency30Pct: Number(r.delinquency30_pct),
        Delinquency60Pct: Number(r.delinquency60_pct), Delinquency90PlusPct: Number(r.delinquency90plus_pct), ModifiedBalancePct: Number(r.modified_balance_pct),
      }));
    },

    async collateralHistory(userId: number, name: string): Promise<CollateralHistoryRow[]> {
      const deal = await dealOf(userId, name);
      return (await repo.collateralHistory(deal.deal_name)).map((r) => ({
        Date: r.date, CurrentBalance: Number(r.current_balance), OriginalBalance: Number(r.original_balance),
        Delinquency30: Number(r.delinquency30), Delinquency60: Number(r.delinquency60), Delinquency90Plus: Number(r.delinquency90plus),
        LoansCount: r.loans_count, ScheduledPrincipal: orNull(r.scheduled_principal), UnscheduledPrincipal: orNull(r.unscheduled_principal),
        Defaults: orNull(r.defaults), NetLoss: orNull(r.net_loss),
      }));
    },

    async bondHistory(userId: number, name: string, bond: string): Promise<BondRemitHistoryRow[]> {
      const deal = await dealOf(userId, name);
      const bonds = await repo.bonds(deal.deal_name);
      const match = bonds.find((b) => b.bond_name.toLowerCase() === bond.toLowerCase());
      if (!match) throw new NotFound(`Bond ${bond} was not found in ${deal.deal_name}`);
      return (await repo.bondHistory(deal.deal_name, match.bond_name)).map((r) => ({
        Date: r.date, StartingBalance: Number(r.starting_balance), Principal: Number(r.principal), WriteDown: Number(r.write_down),
        CurrentBalance: Number(r.current_balance), Factor: Number(r.factor), Interest: Number(r.interest), Coupon: Number(r.coupon),
      }));
    },

    /** Loan tape of one remittance month grouped by a field (spec 002 "Loans screen"). */
    async collateralReport(userId: number, name: string, month: string, groupBy: CollateralGroupBy): Promise<CollateralReportRow[]> {
      const deal = await dealOf(userId, name);
      if ((groupBy === 'MortgageInsuranceType' || groupBy === 'ForbearanceFlag') && deal.deal_type !== 'CAS') {
        throw new Invalid(`Group by ${groupBy} is available for CAS deals only.`);
      }
      const period = (await repo.loanPeriods(deal.deal_name)).find((d) => String(d).startsWith(month.slice(0, 6)));
      if (period === undefined) throw new NotFound(`Collateral data for ${deal.deal_name} was not found for ${month}`);
      return (await repo.loanReport(deal.deal_name, period, groupBy)).map((r) => {
        const cur = Number(r.current_balance);
        const pct = (x: number): number => (cur > 0 ? round((x / cur) * 100, 4) : 0);
        return {
          Group: r.group_key, OriginalBalance: Number(r.original_balance), CurrentBalance: cur, Delinquency30Pct: pct(Number(r.dq30)),
          Delinquency60Pct: pct(Number(r.dq60)), Delinquency90PlusPct: pct(Number(r.dq90)), LoansCount: Number(r.loans_count),
        };
      });
    },
  };
}

const orNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The same day one month later, YYYYMMDD. */
function nextMonth(yyyymmdd: number): number {
  const y = Math.floor(yyyymmdd / 10000);
  const m = Math.floor(yyyymmdd / 100) % 100;
  const d = yyyymmdd % 100;
  return m === 12 ? (y + 1) * 10000 + 100 + d : y * 10000 + (m + 1) * 100 + d;
}

export type DealsService = ReturnType<typeof createDealsService>;
