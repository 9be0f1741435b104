/**
 * POST /simulate/portfolio/save (spec 002 §7 "Save portfolio analysis"): runs the grid, then per
 * the Options bit mask stores the calculation (bit 1, administrators only) in
 * portfolio_calculations / portfolio_calculation_results (read by the reports) and/or answers a
 * CSV file (bit 2) named from the portfolio name, date and time (YYYY-MM-DD_HHMMSS, UTC), written
 * in the export convention of every file (@opencrt/contracts export-format).
 */
import { csvLine, exportFileStampUtc, SAVE_OPTION_CSV, SAVE_OPTION_DATABASE, type ExportKind, type GridCell } from '@opencrt/contracts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Forbidden } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import { isAdmin } from '../simulation/simulation.service.ts';
import { planGrid, runGrid, type GridBody, type GridPlan } from './portfolio-grid.service.ts';
import { portfoliosDb } from './portfolios.tables.ts';

export const SAVE_ADMIN_ONLY = 'Only administrators can save portfolio calculations to the database.';

const METRICS = ['Yield', 'RateOnLine', 'LossOnLine', 'ReturnOnLine', 'CollateralLossesPct', 'Wal', 'WritedownPct', 'Spread'] as const;

/** "YYYYMMDD_HHMMSS" of a date (UTC): file and calculation names. */
export function stampOf(d: Date): string {
  return d.toISOString().slice(0, 19).replace(/-/g, '').replace(/:/g, '').replace('T', '_');
}

/** Column kinds of the CSV (the export convention, @opencrt/contracts export-format): rates as fractions to 6 places, WAL years to 2, percent fields to 4, face to the cent. */
const METRIC_KINDS: Record<(typeof METRICS)[number], ExportKind> = {
  Yield: 'fraction', RateOnLine: 'fraction', LossOnLine: 'fraction', ReturnOnLine: 'fraction', CollateralLossesPct: 'percent', Wal: 'years', WritedownPct: 'percent', Spread: 'fraction',
};
const CSV_KINDS: ExportKind[] = ['integer', 'text', 'text', 'money', 'text', 'text', ...METRICS.map((m) => METRIC_KINDS[m]), 'text'];

/** One CSV line per cell: entry, scenario, vendor, metrics, status (Missing scenario / the error); numbers rounded to their column's kind. */
export function calculationCsv(plan: GridPlan, cells: readonly GridCell[]): string {
  const entries = new Map(plan.portfolio.PortfolioEntries.map((e) => [e.OrdinalNumber, e]));
  const header = ['Line', 'DealName', 'BondName', 'OwnedFaceAmt', 'ScenarioName', 'Vendor', ...METRICS, 'Status'];
  const lines = cells.map((c) => {
    const e = entries.get(c.OrdinalNumber);
    const status = c.Missing ? 'Missing scenario' : c.Error ?? c.YieldError ?? '';
    return csvLine([c.OrdinalNumber, e?.DealName, e?.BondName, e?.OwnedFaceAmt, c.ScenarioName, c.Vendor, ...METRICS.map((m) => c[m]), status], CSV_KINDS);
  });
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** Stores the calculation and its cells in one transaction; returns its id and name. */
async function storeCalculation(ctx: ModuleContext, user: AuthUser, body: GridBody, plan: GridPlan, cells: readonly GridCell[], now: Date) {
  const name = `${plan.portfolio.Name} ${body.SettlementDate} ${stampOf(now)}`;
  const entries = new Map(plan.portfolio.PortfolioEntries.map((e) => [e.OrdinalNumber, e]));
  // A scenario name given by two vendors (vendor "All") is told apart by its vendor.
  const names = plan.columns.map((c) => c.name.toLowerCase());
  const label = (c: GridCell) => (names.filter((n) => n === c.ScenarioName.toLowerCase()).length > 1 && c.Vendor ? `${c.Vendor} / ${c.ScenarioName}` : c.ScenarioName);
  const iso = `${String(body.SettlementDate).slice(0, 4)}-${String(body.SettlementDate).slice(4, 6)}-${String(body.SettlementDate).slice(6, 8)}`;
  return portfoliosDb(ctx.db).transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('portfolio_calculations').values({
      name, portfolio_id: plan.portfolio.Id, portfolio_name: plan.portfolio.Name, owner_id: user.id, vendor: body.Vendor, settlement_date: iso, early_call: body.EarlyCall,
    }).returning('id').executeTakeFirstOrThrow();
    const rows = cells.map((c) => ({
      calculation_id: id, ordinal_number: c.OrdinalNumber, scenario_name: label(c), deal_name: entries.get(c.OrdinalNumber)?.DealName ?? '',
      bond_name: entries.get(c.OrdinalNumber)?.BondName ?? '', owned_face_amt: entries.get(c.OrdinalNumber)?.OwnedFaceAmt ?? 0,
      metrics: JSON.stringify({ ...Object.fromEntries(METRICS.map((m) => [m, c[m]])), Vendor: c.Vendor, Status: c.Missing ? 'Missing scenario' : c.Error ?? c.YieldError ?? null }),
    }));
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('portfolio_calculation_results').values(rows.slice(i, i + 500)).execute();
    return { CalculationId: id, Name: name };
  });
}

export interface SaveOutcome { saved: { CalculationId: number; Name: string } | null; csv: { fileName: string; text: string } | null }

export async function savePortfolioCalculation(ctx: ModuleContext, user: AuthUser, body: GridBody & { Options: number }, signal: AbortSignal | undefined): Promise<SaveOutcome> {
  const toDb = (body.Options & SAVE_OPTION_DATABASE) !== 0;
  const toCsv = (body.Options & SAVE_OPTION_CSV) !== 0;
  if (toDb && !isAdmin(user)) throw new Forbidden(SAVE_ADMIN_ONLY);
  const plan = await planGrid(ctx, user, body);
  const cells = await runGrid(ctx, user, plan, signal);
  const now = ctx.now();
  const saved = toDb ? await storeCalculation(ctx, user, body, plan, cells, now) : null;
  const safe = plan.portfolio.Name.replace(/[^A-Za-z0-9 _.-]+/g, '_').trim() || 'portfolio';
  return { saved, csv: toCsv ? { fileName: `${safe}_${exportFileStampUtc(now)}.csv`, text: calculationCsv(plan, cells) } : null };
}
