import {
  YIELD_TABLE_LIMITS, dmNotFloatingMessage, type YieldTableRequestBody, type YieldTableResponse,
} from '@opencrt/contracts';
import { floatingCouponOf } from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { AppError, Invalid } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import type { RunOptions } from '../../runs/run-service.ts';
import type { YieldTableTaskInput } from './bond-run.tasks.ts';
import { elapsedMs, isAdmin, prepareRun, type PreparedRun } from './simulation.service.ts';

/**
 * POST /simulate/yield-table (issue 25 #4): a bond under each scenario (rows) valued at each price
 * or discount margin (columns). Each scenario is prepared exactly as a single bond run with its
 * CPR, CDR, severity and delinquency (or saved scenario) in place of the request's, so every cell
 * equals the POST /simulate/yield (price columns) or /simulate/price with DiscountMargin (DM
 * columns) run it stands for. The rows run as one batch of the run service (one admission; a
 * disconnect cancels the rows not yet run).
 */
export async function runYieldTable(
  ctx: ModuleContext, user: AuthUser, body: YieldTableRequestBody, options: { loanLevel: boolean; signal?: AbortSignal | undefined },
): Promise<YieldTableResponse> {
  const hasPrices = (body.Prices?.length ?? 0) > 0;
  const hasDms = (body.DiscountMargins?.length ?? 0) > 0;
  if (hasPrices === hasDms) throw new Invalid(YIELD_TABLE_LIMITS.OneAxis);
  const columns: YieldTableTaskInput['columns'] = hasPrices
    ? { kind: 'price', values: body.Prices ?? [] }
    : { kind: 'dm', values: (body.DiscountMargins ?? []).map((bp) => bp / 1e4) };
  const started = performance.now();
  const { Scenarios: scenarios, Prices: _prices, DiscountMargins: _dms, ...bond } = body;
  const loanLevel = options.loanLevel || body.RunLoanLevel === true;
  const runs: PreparedRun[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    const single = {
      ...bond, Cpr: scenario.Cpr, Cdr: scenario.Cdr, LossSeverity: scenario.LossSeverity, Delinquency: scenario.Delinquency,
      SelectedScenarioId: scenario.SelectedScenarioId ?? null,
      // A row's own forward curve, else the request's (IndexCurve or Libor).
      ...(scenario.IndexCurve ? { IndexCurve: scenario.IndexCurve } : {}),
    };
    try {
      runs.push(await prepareRun(ctx, user, single, loanLevel, { refuseReinsurance: true }));
    } catch (error) {
      // The row the problem is in, as the yield table tab numbers and names it.
      if (error instanceof AppError) throw new AppError(error.statusCode, `Scenario ${i + 1} (${scenario.Name}): ${error.message}`);
      throw error;
    }
  }
  const first = runs[0];
  if (first && columns.kind === 'dm' && floatingCouponOf(first.spec, body.BondName) === null) throw new Invalid(dmNotFloatingMessage(body.BondName));
  const runOptions: RunOptions = { userId: user.id, signal: options.signal };
  const outcomes = await ctx.runs.runBatch('yieldTableRow', runs.map((run) => ({
    deal: run.deal, request: run.request, settlementIso: run.settlementIso, bondName: body.BondName, columns,
  })), runOptions);
  const cells = outcomes.flatMap((outcome, i) => {
    if (!outcome.ok) throw new Error(outcome.message);
    if (outcome.value === null) throw new Invalid(`Bond ${body.BondName} was not found in ${runs[i]?.dealName ?? body.DealName}.`);
    const name = scenarios[i]?.Name ?? '';
    return outcome.value.map((cell) => ({ Scenario: name, ...cell }));
  });
  return { Cells: cells, ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}) };
}
