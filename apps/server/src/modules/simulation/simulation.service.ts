import type { MatrixRequestBody, SimulationRequestBody } from '@opencrt/contracts';
import {
  MATRIX_CDR_PCT, MATRIX_CPR_PCT, requestToScenario, runBondMatrix, simulate, validateSimulationRequest, ymdToIso,
  type DealSpec, type DealState, type LoanTape, type SimulationRequest, type SimulationResponse,
} from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { loadDealStart } from '../deals/deal-state.service.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { DEAL_NOT_FOUND } from '../deals/deals.service.ts';
import type { ModuleContext } from '../module.ts';
import { resolveUserVector } from '../vectors/index.ts';
import { loadLoanTape } from './loan-tape.loader.ts';
import { toEngineRequest } from './request-inputs.ts';

interface PreparedRun {
  dealName: string;
  spec: DealSpec;
  state: DealState | null;
  request: SimulationRequest;
  settlementIso: string;
  tape: LoanTape | null;
}

const PRERUN_NOT_AVAILABLE = 'Prerun collateral cashflows cannot be run here yet.';

/** Resolves deal (assigned to the user), inputs, permissions and the starting state of a run. */
async function prepareRun(ctx: ModuleContext, user: AuthUser, body: SimulationRequestBody, loanLevel: boolean): Promise<PreparedRun> {
  const deal = await createDealsRepository(ctx.db).findAssigned(user.id, body.DealName);
  if (!deal) throw new NotFound(DEAL_NOT_FOUND);
  const request = await toEngineRequest({ ...body, DealName: deal.deal_name }, (name) => resolveUserVector(ctx.db, user.id, name));
  const problems = validateSimulationRequest(request);
  if (problems.length) throw new Invalid(problems.map((p) => p.message).join('\n'));

  if (loanLevel) {
    if (!rolesGrant(user.roles, 'runs:loan-level')) throw new Forbidden('Loan-level runs need the LDM_User or AFT_User role.');
    if (/^BELL/i.test(deal.deal_name)) throw new Invalid(`Loan-level runs are not available for ${deal.deal_name}.`);
  }
  const settlement = Number(request.SettlementDate ?? 0) || deal.issue_date;
  // A settlement date before the issue date is the issue date (spec 000 §4).
  const effective = Math.max(settlement, deal.issue_date);
  const start = await loadDealStart(ctx.db, deal.deal_name, effective);
  if (!start?.spec) throw new Invalid(`The ${deal.deal_type} waterfall of ${deal.deal_name} is not modelled yet.`);
  const spec = start.spec;
  if (request.BondName && !spec.tranches.some((t) => t.name === request.BondName) && !(spec.macrClasses ?? []).some((m) => m.name === request.BondName)) {
    throw new NotFound(`Bond ${request.BondName} was not found in ${deal.deal_name}.`);
  }
  const poolBalance = start.state?.poolBalance ?? spec.collateral.cutOffBalance;
  const tape = loanLevel ? await loadLoanTape(ctx.db, deal.deal_name, effective, poolBalance) : null;
  if (loanLevel && !tape) throw new Invalid(`No loan tape is loaded for ${deal.deal_name}.`);
  return {
    dealName: deal.deal_name,
    spec,
    state: start.state,
    request: { ...request, SettlementDate: effective, RunLoanLevel: loanLevel },
    settlementIso: ymdToIso(effective) ?? spec.dates.closingDate,
    tape,
  };
}

/** POST /simulate: the deal's collateral and bond cashflows for one scenario. */
export async function runSimulation(ctx: ModuleContext, user: AuthUser, body: SimulationRequestBody, options: { shallow: boolean; loanLevel: boolean }): Promise<SimulationResponse & { RunTime?: number }> {
  if (body.UserCollateralCashflow) throw new Invalid(PRERUN_NOT_AVAILABLE);
  const started = performance.now();
  const run = await prepareRun(ctx, user, body, options.loanLevel || body.RunLoanLevel === true);
  const response: SimulationResponse & { RunTime?: number } = simulate(run.spec, run.request, run.state, run.tape);
  if (options.shallow) {
    response.CollateralCashflow = [];
    response.BondsCashflows = response.BondsCashflows.map((b) => ({ ...b, BondCashflow: [] }));
    response.MiscVariables = { ...response.MiscVariables, Triggers: [] };
  }
  // Admins see the run time (spec 000 §6), in seconds.
  if (user.roles.includes('Admin')) response.RunTime = (performance.now() - started) / 1000;
  return response;
}

/** POST /simulate/{type}/matrix: one bond over the CPR × CDR grid (percent axes, grids [cdr][cpr]). */
export async function runMatrix(ctx: ModuleContext, user: AuthUser, body: MatrixRequestBody, options: { loanLevel: boolean }) {
  if (body.PrepaymentModel && body.PrepaymentModel !== 'UserDefined') throw new Invalid('Matrix does not support prepayment models.');
  if (body.UserCollateralCashflow) throw new Invalid('Matrix does not support prerun cashflows.');
  const cprs = body.MatrixCpr ?? [...MATRIX_CPR_PCT];
  const cdrs = body.MatrixCdr ?? [...MATRIX_CDR_PCT];
  if (cprs.length === 0 || cdrs.length === 0) throw new Invalid('A matrix needs at least one CPR and one CDR.');
  const started = performance.now();
  // CPR and CDR come from the axes; the request's own only need to be valid numbers.
  const run = await prepareRun(ctx, user, { ...body, Cpr: body.Cpr ?? 0, Cdr: body.Cdr ?? 0 }, options.loanLevel || body.RunLoanLevel === true);
  const matrix = runBondMatrix(run.spec, requestToScenario(run.spec, run.request), body.BondName, run.state, run.settlementIso, {
    cprPct: cprs, cdrPct: cdrs, ...(run.tape ? { tape: run.tape } : {}),
  });
  const finite = (grid: number[][]) => grid.map((row) => row.map((x) => (Number.isFinite(x) ? x : null)));
  return {
    Cpr: matrix.Cpr,
    Cdr: matrix.Cdr,
    Wal: finite(matrix.Wal),
    WritedownPct: finite(matrix.WritedownPct),
    Metric: matrix.Metric ? finite(matrix.Metric) : null,
    ...(user.roles.includes('Admin') ? { RunTime: (performance.now() - started) / 1000 } : {}),
  };
}
