/**
 * Shipped reports on the application database (issue 15): the historical reports the deal and bond
 * screens run ('Deal Historical', 'Bond Historical') and a few demo reports so a new user sees the
 * feature work. Seeded once per database (app_settings key); an administrator may then edit or
 * delete them like any other report. History tables keep percentages as percent: the queries
 * divide by 100 so the Percent format (a fraction shown ×100) reads right.
 */
import { sql } from 'kysely';
import type { ReportInput } from '@opencrt/contracts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { reportsDb } from './reports.tables.ts';

const SEED_KEY = 'reports.demo_seed_version';
const SEED_VERSION = '1';

const monthOf = (column: string) => `case when ${column} > 10000101 then to_date(${column}::text, 'YYYYMMDD') end`;
const dealParameter = { Order: 0, DbName: 'deal', Name: 'Deal', Type: 'select', SubType: 'deals', Value: null, DefaultValue: null } as const;
const col = (Order: number, DbName: string, Name: string, DataType: string, Total = false) => ({ Order, DbName, Name, DataType, Total }) as ReportInput['Columns'][number];

export const DEMO_REPORTS: (ReportInput & { Id: 0 })[] = [
  {
    Id: 0, Name: 'Deal Historical', Source: 2, Historical: 'Deal',
    Query: `select ${monthOf('h.date')} as month, h.current_balance, h.factor,
  h.cpr_1mo / 100 as cpr_1mo, h.current_loss_pct / 100 as current_loss_pct, h.cumulated_loss_pct / 100 as cumulated_loss_pct,
  h.delinquency30_pct / 100 as dq30, h.delinquency60_pct / 100 as dq60, h.delinquency90plus_pct / 100 as dq90plus,
  h.modified_balance_pct / 100 as modified_pct, h.cumulative_loss
from deal_remit_history h
where h.deal_name = @deal
order by h.date`,
    Parameters: [dealParameter],
    Columns: [
      col(0, 'month', 'Month', 'DateShort'), col(1, 'current_balance', 'Current Balance', 'Number2'), col(2, 'factor', 'Factor', 'Number4'),
      col(3, 'cpr_1mo', 'CPR 1 Month', 'Percent4'), col(4, 'current_loss_pct', 'Current Loss', 'Percent4'), col(5, 'cumulated_loss_pct', 'Cumulated Loss', 'Percent4'),
      col(6, 'dq30', 'Delinquency 30', 'Percent4'), col(7, 'dq60', 'Delinquency 60', 'Percent4'), col(8, 'dq90plus', 'Delinquency 90+', 'Percent4'),
      col(9, 'modified_pct', 'Modified Balance', 'Percent4'), col(10, 'cumulative_loss', 'Cumulative Loss', 'Number2'),
    ],
  },
  {
    Id: 0, Name: 'Bond Historical', Source: 2, Historical: 'Bond',
    Query: `select b.bond_name, ${monthOf('b.date')} as month, b.starting_balance, b.principal, b.write_down,
  b.current_balance, b.factor, b.interest, b.coupon / 100 as coupon
from bond_remit_history b
left join deal_bonds o on o.deal_name = b.deal_name and o.bond_name = b.bond_name
where b.deal_name = @deal
order by o.ord, b.bond_name, b.date`,
    Parameters: [dealParameter],
    Columns: [
      col(0, 'bond_name', 'Bond', 'StringLeft'), col(1, 'month', 'Month', 'DateShort'), col(2, 'starting_balance', 'Starting Balance', 'Number2'),
      col(3, 'principal', 'Principal', 'Number2', true), col(4, 'write_down', 'Write Down', 'Number2', true), col(5, 'current_balance', 'Current Balance', 'Number2'),
      col(6, 'factor', 'Factor', 'Number4'), col(7, 'interest', 'Interest', 'Number2', true), col(8, 'coupon', 'Coupon', 'Percent4'),
    ],
  },
  {
    Id: 0, Name: 'Deal factors and losses by month', Source: 2, Historical: 'None',
    Query: `-- One row per remittance month from the given date on.
select ${monthOf('h.date')} as month, h.factor, h.current_balance,
  h.cumulative_loss - coalesce(lag(h.cumulative_loss) over (order by h.date), 0) as month_loss,
  h.cumulative_loss, h.cumulated_loss_pct / 100 as cumulated_loss_pct
from deal_remit_history h
where h.deal_name = @deal and h.date >= to_char(@from::date, 'YYYYMMDD')::int
order by h.date`,
    Parameters: [dealParameter, { Order: 1, DbName: 'from', Name: 'From', Type: 'date', SubType: null, Value: null, DefaultValue: '2020-01-01' }],
    Columns: [
      col(0, 'month', 'Month', 'DateShort'), col(1, 'factor', 'Factor', 'Number4'), col(2, 'current_balance', 'Current Balance', 'Number2'),
      col(3, 'month_loss', 'Loss in Month', 'Number2', true), col(4, 'cumulative_loss', 'Cumulative Loss', 'Number2'), col(5, 'cumulated_loss_pct', 'Cumulative Loss %', 'Percent4'),
    ],
  },
  {
    Id: 0, Name: 'Delinquency by deal', Source: 2, Historical: 'None',
    Query: `-- Each deal's latest remittance at or before the month given.
select distinct on (h.deal_name) h.deal_name, d.deal_type, ${monthOf('h.date')} as month, h.current_balance,
  h.delinquency30_pct / 100 as dq30, h.delinquency60_pct / 100 as dq60, h.delinquency90plus_pct / 100 as dq90plus
from deal_remit_history h
join deals d on d.deal_name = h.deal_name
where h.date <= to_char(@as_of::date, 'YYYYMMDD')::int
order by h.deal_name, h.date desc`,
    Parameters: [{ Order: 0, DbName: 'as_of', Name: 'As of', Type: 'date', SubType: null, Value: null, DefaultValue: '2025-12-31' }],
    Columns: [
      col(0, 'deal_name', 'Deal', 'StringLeft'), col(1, 'deal_type', 'Type', 'StringCenter'), col(2, 'month', 'Month', 'DateShort'),
      col(3, 'current_balance', 'Current Balance', 'Number2', true), col(4, 'dq30', 'Delinquency 30', 'Percent4'),
      col(5, 'dq60', 'Delinquency 60', 'Percent4'), col(6, 'dq90plus', 'Delinquency 90+', 'Percent4'),
    ],
  },
  {
    Id: 0, Name: 'Saved calculations by portfolio', Source: 2, Historical: 'None',
    Query: `-- Lines of one saved vendor-grid calculation, per scenario.
select c.portfolio_name, c.name as calculation, c.settlement_date, r.ordinal_number, r.deal_name, r.bond_name, r.scenario_name, r.owned_face_amt,
  case when (r.metrics->>'Yield') ~ '^-?[0-9.]+([eE][-+]?[0-9]+)?$' then (r.metrics->>'Yield')::float8 end as yield,
  case when (r.metrics->>'WAL') ~ '^-?[0-9.]+([eE][-+]?[0-9]+)?$' then (r.metrics->>'WAL')::float8 end as wal
from portfolio_calculations c
join portfolio_calculation_results r on r.calculation_id = c.id
where c.id = @calculation
order by r.ordinal_number, r.scenario_name`,
    Parameters: [{ Order: 0, DbName: 'calculation', Name: 'Calculation', Type: 'select', SubType: 'calculations', Value: null, DefaultValue: null }],
    Columns: [
      col(0, 'portfolio_name', 'Portfolio', 'StringLeft'), col(1, 'calculation', 'Calculation', 'StringLeft'), col(2, 'settlement_date', 'Settlement', 'DateShort'),
      col(3, 'ordinal_number', 'Line', 'Integer'), col(4, 'deal_name', 'Deal', 'StringLeft'), col(5, 'bond_name', 'Bond', 'StringCenter'),
      col(6, 'scenario_name', 'Scenario', 'StringLeft'), col(7, 'owned_face_amt', 'Owned Face', 'Number2', true),
      col(8, 'yield', 'Yield', 'Number4'), col(9, 'wal', 'WAL', 'Number2'),
    ],
  },
];

/** Seeds the shipped reports once per database. */
export const reportsSeeder = {
  name: 'reports',
  async run({ db }: SeedContext): Promise<void> {
    const done = await sql<{ value: string }>`select value from app_settings where key = ${SEED_KEY}`.execute(db);
    if (done.rows[0]?.value === SEED_VERSION) return;
    await reportsDb(db).transaction().execute(async (trx) => {
      for (const report of DEMO_REPORTS) {
        const exists = await trx.selectFrom('reports').select('id').where('name', '=', report.Name).executeTakeFirst();
        if (exists) continue;
        const { id } = await trx.insertInto('reports').values({
          name: report.Name, source: report.Source ?? 2, query: report.Query, historical: report.Historical ?? 'None', is_demo: true, updated_by: null,
        }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('report_parameters').values(report.Parameters.map((p) => ({
          report_id: id, ord: p.Order, db_name: p.DbName, name: p.Name, type: p.Type ?? 'int', sub_type: p.SubType ?? null,
          value: p.Value ?? null, default_value: p.DefaultValue ?? null,
        }))).execute();
        await trx.insertInto('report_columns').values(report.Columns.map((c) => ({
          report_id: id, ord: c.Order, db_name: c.DbName, name: c.Name, total: c.Total, data_type: c.DataType ?? 'Auto',
        }))).execute();
      }
      await sql`insert into app_settings (key, value) values (${SEED_KEY}, ${SEED_VERSION})
        on conflict (key) do update set value = excluded.value`.execute(trx);
    });
  },
};
