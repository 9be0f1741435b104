/**
 * SQL of the deals module. Every read of a deal goes through the user's assignments
 * (user_deals) unless it says otherwise.
 */
import { folded } from '../../db/folded.ts';
import { sql } from 'kysely';
import type { CollateralGroupBy } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { dealsDb } from './deals.tables.ts';

/** Group-by field → loans column (or expression) of the collateral report. */
const GROUP_EXPRESSIONS: Record<CollateralGroupBy, ReturnType<typeof sql<string>>> = {
  Servicer: sql<string>`servicer`,
  State: sql<string>`state`,
  PropertyType: sql<string>`property_type`,
  LoanPurpose: sql<string>`purpose`,
  Seller: sql<string>`seller`,
  MortgageInsuranceType: sql<string>`coalesce(mi_type, 'None')`,
  ForbearanceFlag: sql<string>`case when assistance_plan = 'F' then 'Y' else 'N' end`,
  // Credit buckets (issue 34 #3): the GSE disclosure bands; a bucket's label sorts in its order.
  FicoBucket: sql<string>`case when credit_score is null then 'Unknown' when credit_score < 620 then '1: < 620'
    when credit_score < 680 then '2: 620-679' when credit_score < 720 then '3: 680-719' when credit_score < 760 then '4: 720-759'
    when credit_score < 800 then '5: 760-799' else '6: 800+' end`,
  LtvBucket: ltvBuckets(sql`ltv`),
  CltvBucket: ltvBuckets(sql`cltv`),
  DtiBucket: sql<string>`case when dti is null then 'Unknown' when dti <= 30 then '1: <= 30' when dti <= 36 then '2: 30.01-36'
    when dti <= 43 then '3: 36.01-43' when dti <= 50 then '4: 43.01-50' else '5: > 50' end`,
};

/** LTV-type bands of the GSE vintage tables: up to 60, 60.01-80, 80.01-90, 90.01-97, over 97. */
function ltvBuckets(column: ReturnType<typeof sql>) {
  return sql<string>`case when ${column} is null then 'Unknown' when ${column} <= 60 then '1: <= 60' when ${column} <= 80 then '2: 60.01-80'
    when ${column} <= 90 then '3: 80.01-90' when ${column} <= 97 then '4: 90.01-97' else '5: > 97' end`;
}

export function createDealsRepository(baseDb: Db) {
  const db = dealsDb(baseDb);
  const assigned = (userId: number) => db.selectFrom('deals')
    .innerJoin('user_deals', 'user_deals.deal_name', 'deals.deal_name')
    .where('user_deals.user_id', '=', userId);
  return {
    /** Catalog rows of the user's deals, by deal id. */
    listAssigned: (userId: number) => assigned(userId).selectAll('deals').orderBy('deals.deal_id').orderBy('deals.deal_name').execute(),

    /** Every catalog deal name. */
    allNames: async () => (await db.selectFrom('deals').select('deal_name').orderBy('deal_name').execute()).map((r) => r.deal_name),

    /** The user's deal names. */
    assignedNames: async (userId: number) =>
      (await assigned(userId).select('deals.deal_name').orderBy('deals.deal_name').execute()).map((r) => r.deal_name),

    /** One deal if it exists and is assigned to the user (case-insensitive name). */
    findAssigned: (userId: number, name: string) =>
      assigned(userId).selectAll('deals').where(sql`lower(deals.deal_name)`, '=', folded(name)).executeTakeFirst(),

    bonds: (dealName: string) => db.selectFrom('deal_bonds').selectAll().where('deal_name', '=', dealName).orderBy('ord').execute(),

    replines: (dealName: string) => db.selectFrom('deal_replines').selectAll().where('deal_name', '=', dealName).orderBy('ord').execute(),

    remitHistory: (dealName: string) =>
      db.selectFrom('deal_remit_history').selectAll().where('deal_name', '=', dealName).orderBy('date', 'desc').execute(),

    collateralHistory: (dealName: string) =>
      db.selectFrom('collateral_history').selectAll().where('deal_name', '=', dealName).orderBy('date', 'desc').execute(),

    bondHistory: (dealName: string, bondName: string) => db.selectFrom('bond_remit_history').selectAll()
      .where('deal_name', '=', dealName).where('bond_name', '=', bondName).orderBy('date', 'desc').execute(),

    /** Every bond's remittance row on one date. */
    bondRowsOn: (dealName: string, date: number) =>
      db.selectFrom('bond_remit_history').selectAll().where('deal_name', '=', dealName).where('date', '=', date).execute(),

    /** Every bond's first remittance row (initial coupons). */
    firstBondRows: (dealName: string) => db.selectFrom('bond_remit_history').selectAll()
      .where('deal_name', '=', dealName)
      .where('date', '=', db.selectFrom('deal_remit_history').select((eb) => eb.fn.min('date').as('d')).where('deal_name', '=', dealName))
      .execute(),

    /** A bond by CUSIP among the user's deals. */
    findByCusip: (userId: number, cusip: string) => db.selectFrom('deal_bonds')
      .innerJoin('user_deals', 'user_deals.deal_name', 'deal_bonds.deal_name')
      .select(['deal_bonds.deal_name', 'deal_bonds.bond_name'])
      .where('user_deals.user_id', '=', userId)
      .where(sql`upper(deal_bonds.cusip)`, '=', cusip.toUpperCase())
      .executeTakeFirst(),

    /** Reporting periods (YYYYMMDD) of a deal's loan tape. */
    loanPeriods: async (dealName: string) =>
      (await db.selectFrom('loans').select('as_of_date').distinct().where('deal_name', '=', dealName).execute()).map((r) => r.as_of_date),

    /** Loan tape grouped by one field for one reporting period. */
    loanReport: (dealName: string, asOfDate: number, groupBy: CollateralGroupBy) => {
      const key = GROUP_EXPRESSIONS[groupBy];
      return db.selectFrom('loans')
        .select([
          key.as('group_key'),
          sql<number>`coalesce(sum(issuance_upb), 0)`.as('original_balance'),
          sql<number>`coalesce(sum(current_upb), 0)`.as('current_balance'),
          sql<number>`coalesce(sum(current_upb) filter (where delinquency_status = '1'), 0)`.as('dq30'),
          sql<number>`coalesce(sum(current_upb) filter (where delinquency_status = '2'), 0)`.as('dq60'),
          sql<number>`coalesce(sum(current_upb) filter (where delinquency_status not in ('0', '1', '2')), 0)`.as('dq90'),
          sql<number>`count(*) filter (where current_upb > 0)`.as('loans_count'),
        ])
        .where('deal_name', '=', dealName)
        .where('as_of_date', '=', asOfDate)
        .groupBy(key)
        .orderBy(sql`sum(current_upb)`, 'desc')
        .execute();
    },
  };
}

export type DealsRepository = ReturnType<typeof createDealsRepository>;
