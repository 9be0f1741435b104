/**
 * The vendor grid (spec 002 "Vendor grid"): portfolio lines × chosen scenarios, one batch on the
 * run service, cells reported as they finish. A scenario the deal has no data for is the
 * 'Missing scenario' cell and does not run. A column may be one of the caller's uploaded collateral
 * cashflows (ScenarioCashflowLabels): entries of its deal run on the uploaded rows (prepared as a
 * portfolio run with that UserCashflowLabel), entries of other deals are 'Missing scenario'.
 */
import {
  gridRunError, type GridCell, type PortfolioEntryOut, type PortfolioGridRequestSchema, type PortfolioScenario,
} from '@opencrt/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/authenticate.ts';
import type { ModuleContext } from '../module.ts';
import { createScenariosRepository } from '../scenarios/scenarios.repository.ts';
import { scenariosDb } from '../scenarios/scenarios.tables.ts';
import { Invalid } from '../../http/errors.ts';
import { checkSettlementBeforeMaturity } from '../acis-cirt/reinsurance-inputs.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { cirtActivityDate, prepareLines, type PreparedLine, type RunEntry } from './portfolio-lines.prepare.ts';
import type { PortfolioCellMetrics, PortfolioLineInput, ScenarioVectors } from './portfolio-line.task.ts';
import { MONTHS_BACK } from './portfolio-runs.service.ts';
import { portfolioScenarios } from './portfolio-scenarios.service.ts';
import { getPortfolioById } from './portfolios.service.ts';

export type GridBody = z.output<typeof PortfolioGridRequestSchema>;

/** A column: a saved scenario's name (and vendor), or a user cashflow by label (`cashflow`). */
export interface GridColumn { name: string; vendor: string | null; cashflow: string | null }

export interface GridPlan {
  portfolio: { Id: number; Name: string; PortfolioType: 'Reinsurance' | 'Bonds'; PortfolioEntries: PortfolioEntryOut[] };
  columns: GridColumn[];
  /** Cells in row-major order (entry, then column). */
  cells: {
    ordinal: number; column: GridColumn; line: PreparedLine | null; lineError: string | null;
    /** The saved scenario (its vectors replace the line's), or the cashflow row (the line already runs on it); null: missing. */
    scenarioId: number | null;
    prerun: boolean;
  }[];
}

/** A stored entry as a run entry with the grid's settings (rates: percent → fractions). */
function runEntryOf(e: PortfolioEntryOut, type: 'Reinsurance' | 'Bonds', body: GridBody): RunEntry {
  return {
    OrdinalNumber: e.OrdinalNumber, DealName: e.DealName, BondName: e.BondName, OwnedFaceAmt: e.OwnedFaceAmt,
    Margin: type === 'Reinsurance' ? e.Margin / 100 : null, InterestRate: body.InterestRate, Price: type === 'Bonds' ? e.Margin : null,
    Cancellation: body.EarlyCall, CleanupCall: body.EarlyCall, CancellationDate: null,
    // The scenario replaces these four; they only need to pass the request checks.
    Cpr: 0, Cdr: 0, LossSeverity: 0, Delinquency: 0, Libor: body.Libor,
  };
}

const matches = (s: PortfolioScenario, c: GridColumn) => (c.cashflow !== null
  ? (s.UserCashflowLabel ?? '').toLowerCase() === c.cashflow.toLowerCase()
  : !s.UserCashflowLabel && s.ScenarioName.toLowerCase() === c.name.toLowerCase() && (c.vendor === null || (s.Vendor ?? '').toLowerCase() === c.vendor.toLowerCase()));

/**
 * 'Line N: The settlement date must be before the maturity date …' for each line whose deal has
 * matured by the date it runs at (CIRT: the activity date). Such a grid is refused whole (400), as a
 * portfolio run is, instead of a grid of error cells (issue 23 #1).
 */
async function linesPastMaturity(ctx: ModuleContext, user: AuthUser, entries: readonly RunEntry[], settlement: number, monthsBack: number): Promise<string[]> {
  const repo = createDealsRepository(ctx.db);
  const messages: string[] = [];
  for (const e of entries) {
    const deal = e.DealName ? await repo.findAssigned(user.id, e.DealName) : undefined;
    if (!deal) continue;
    try {
      checkSettlementBeforeMaturity(deal.deal_type === 'CIRT' ? cirtActivityDate(settlement, monthsBack) : settlement, deal.maturity_date);
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      messages.push(`Line ${e.OrdinalNumber}: ${error.message}`);
    }
  }
  return messages;
}

/** Resolves the portfolio, its lines and, per cell, the scenario that applies (or none: missing). */
export async function planGrid(ctx: ModuleContext, user: AuthUser, body: GridBody): Promise<GridPlan> {
  const portfolio = await getPortfolioById(ctx.db, user, body.PortfolioId);
  const scenarios = await portfolioScenarios(ctx.db, user.id, portfolio, body.Vendor);
  const columns: GridColumn[] = body.ScenarioNames.map((name, i) => ({ name, vendor: body.ScenarioVendors?.[i] ?? null, cashflow: body.ScenarioCashflowLabels?.[i] ?? null }));
  const entries = portfolio.PortfolioEntries.map((e) => runEntryOf(e, portfolio.PortfolioType, body));
  const settle = [body.SettlementDate, body.SettlementDateMonthsBackAdjustment ?? MONTHS_BACK] as const;
  const matured = await linesPastMaturity(ctx, user, entries, ...settle);
  if (matured.length) throw new Invalid(matured.join('\n'));
  const { lines, problems } = await prepareLines(ctx, user, entries, ...settle, portfolio.PortfolioType);
  const problemOf = new Map(problems.map((p) => [p.ordinal, p.message]));
  const found = portfolio.PortfolioEntries.map((e) => columns.map((column) => {
    // A cashflow is its deal's only; otherwise the deal's own scenario of that name first, then a common one (the '' key).
    const own = body.UseGenericScenarios ? [] : (scenarios[e.DealName] ?? []);
    return own.find((s) => matches(s, column)) ?? (column.cashflow !== null ? undefined : (scenarios[''] ?? []).find((s) => matches(s, column)));
  }));
  // Entries under a cashflow column are prepared again with it as their collateral (as a portfolio run with UserCashflowLabel).
  const prerunLine = new Map<string, { line: PreparedLine | null; error: string | null }>();
  for (const [i, row] of found.entries()) {
    for (const [j, s] of row.entries()) {
      const entry = entries[i];
      if (!s?.UserCashflowLabel || !entry) continue;
      const one = await prepareLines(ctx, user, [{ ...entry, UserCashflowLabel: s.UserCashflowLabel }], ...settle, portfolio.PortfolioType);
      prerunLine.set(`${i}:${j}`, { line: one.lines[0] ?? null, error: one.problems[0]?.message ?? null });
    }
  }
  const cells: GridPlan['cells'] = [];
  portfolio.PortfolioEntries.forEach((e, i) => {
    columns.forEach((column, j) => {
      const s = found[i]?.[j];
      const own = prerunLine.get(`${i}:${j}`);
      cells.push(own
        ? { ordinal: e.OrdinalNumber, column, line: own.line, lineError: own.error, scenarioId: s?.Id ?? null, prerun: true }
        : { ordinal: e.OrdinalNumber, column, line: lines[i] ?? null, lineError: problemOf.get(e.OrdinalNumber) ?? null, scenarioId: s?.Id ?? null, prerun: false });
    });
  });
  return { portfolio, columns, cells };
}

const blank = (ordinal: number, c: GridColumn): GridCell => ({
  OrdinalNumber: ordinal, ScenarioName: c.name, Vendor: c.vendor, UserCashflowLabel: c.cashflow, Missing: false, Error: null, Yield: null, YieldError: null,
  RateOnLine: null, LossOnLine: null, ReturnOnLine: null, CollateralLossesPct: null, Wal: null, WritedownPct: null, Spread: null, CurrentBalance: null,
});

/** A cell from its task's metrics; an engine failure gets the spec's 'Line N, Scneario S: text'. */
export function cellOf(ordinal: number, c: GridColumn, m: PortfolioCellMetrics): GridCell {
  return { ...blank(ordinal, c), ...m, Error: m.Error === null ? null : gridRunError(ordinal, c.name, m.Error) };
}

/** The grid as work: cells known without the engine (missing scenario, line not runnable) and the task inputs of the rest. */
export interface GridWork {
  fixed: GridCell[];
  toRun: { ordinal: number; column: GridColumn; input: PortfolioLineInput }[];
}

export async function gridWork(ctx: ModuleContext, user: AuthUser, plan: GridPlan): Promise<GridWork> {
  const repo = createScenariosRepository(scenariosDb(ctx.db));
  const vectors = new Map<number, ScenarioVectors>();
  const work: GridWork = { fixed: [], toRun: [] };
  for (const c of plan.cells) {
    if (c.scenarioId === null) { work.fixed.push({ ...blank(c.ordinal, c.column), Missing: true }); continue; }
    if (!c.line) { work.fixed.push({ ...blank(c.ordinal, c.column), Error: gridRunError(c.ordinal, c.column.name, c.lineError ?? 'cannot run') }); continue; }
    // A cashflow cell's line already runs on the uploaded collateral: no vectors to lay over it.
    if (c.prerun) { work.toRun.push({ ordinal: c.ordinal, column: c.column, input: c.line.input }); continue; }
    let v = vectors.get(c.scenarioId);
    if (!v) {
      const s = await repo.get(user.id, c.scenarioId);
      const fractions = (xs: readonly number[] | undefined) => [0, ...(xs ?? [0]).map((x) => x / 100)];
      v = { Cpr: fractions(s?.cpr), Cdr: fractions(s?.cdr), LossSeverity: fractions(s?.loss_severity), Delinquency: fractions(s?.delinquency) };
      vectors.set(c.scenarioId, v);
    }
    work.toRun.push({ ordinal: c.ordinal, column: c.column, input: { ...c.line.input, vectors: v } });
  }
  return work;
}

/** Runs a grid to the end (the save call): every cell, in row-major order. */
export async function runGrid(ctx: ModuleContext, user: AuthUser, plan: GridPlan, signal: AbortSignal | undefined): Promise<GridCell[]> {
  const work = await gridWork(ctx, user, plan);
  const outcomes = work.toRun.length === 0 ? [] : await ctx.runs.runBatch('portfolioCell', work.toRun.map((t) => t.input), { userId: user.id, signal });
  const ran = work.toRun.map((t, i) => {
    const o = outcomes[i];
    return o?.ok ? cellOf(t.ordinal, t.column, o.value) : { ...blank(t.ordinal, t.column), Error: gridRunError(t.ordinal, t.column.name, o?.message ?? 'not run') };
  });
  const key = (c: GridCell) => `${c.OrdinalNumber}\u0000${c.ScenarioName}\u0000${c.Vendor ?? ''}\u0000${c.UserCashflowLabel ?? ''}`;
  const byKey = new Map([...work.fixed, ...ran].map((c) => [key(c), c]));
  return plan.cells.map((c) => byKey.get(key(blank(c.ordinal, c.column))) as GridCell);
}
