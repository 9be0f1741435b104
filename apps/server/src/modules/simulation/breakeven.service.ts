import type { BreakevenRequestBody, BreakevenResponse } from '@opencrt/contracts';
import type { BreakevenResult } from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import { elapsedMs, isAdmin, prepareRun } from './simulation.service.ts';

/**
 * POST /simulate/breakeven (issue 18 #13, issue 25 #5): per class, the flat CDR (Mode Cdr, the
 * default; CumulativeLoss adds the collateral loss of those runs) or the flat severity at the
 * request's CDR (Mode Severity) of its first dollar of loss and of its full write-down, under the
 * request's other inputs. The classes are split over the workers in seniority order (neighbours
 * share most of their runs).
 */
export async function runBreakeven(
  ctx: ModuleContext, user: AuthUser, body: BreakevenRequestBody, options: { loanLevel: boolean; signal?: AbortSignal | undefined },
): Promise<BreakevenResponse> {
  if (body.PrepaymentModel && body.PrepaymentModel !== 'UserDefined') throw new Invalid('Breakeven does not support prepayment models.');
  if (body.UserCollateralCashflow) throw new Invalid('Breakeven does not support prerun cashflows.');
  if (body.SelectedScenarioId) throw new Invalid('Not supported scenario type.');
  const started = performance.now();
  const mode = body.Mode ?? 'Cdr';
  // The searched value (CDR, or severity in mode Severity) is replaced: the request's own only
  // needs to be valid; mode Severity runs at the request's CDR, so that one is required.
  const searched = mode === 'Severity' ? { LossSeverity: body.LossSeverity ?? 0 } : { Cdr: body.Cdr ?? 0 };
  const run = await prepareRun(ctx, user, { ...body, ...searched, BondName: null }, options.loanLevel || body.RunLoanLevel === true, { refuseReinsurance: true });
  if (run.spec.family === 'Agency') throw new Invalid(`${run.dealName} is an agency deal: its classes take no credit losses, so there is no breakeven CDR.`);
  const classes = [...run.spec.tranches.map((t) => t.name), ...(run.spec.macrClasses ?? []).map((m) => m.name)];
  const wanted = body.BondNames ? [...new Set(body.BondNames)] : run.spec.tranches.map((t) => t.name);
  const unknown = wanted.filter((name) => !classes.includes(name));
  if (unknown.length) throw new Invalid(`Bond ${unknown.join(', ')} was not found in ${run.dealName}.`);
  const groupCount = Math.max(1, Math.min(ctx.runs.parallelism, wanted.length));
  const size = Math.ceil(wanted.length / groupCount);
  const groups: string[][] = [];
  for (let i = 0; i < wanted.length; i += size) groups.push(wanted.slice(i, i + size));
  const outcomes = await ctx.runs.runBatch('breakeven', groups.map((bondNames) => ({ deal: run.deal, request: run.request, bondNames, mode })),
    { userId: user.id, signal: options.signal });
  const Breakevens: BreakevenResponse['Breakevens'] = [];
  let Runs = 0;
  for (const outcome of outcomes) {
    if (!outcome.ok) throw new Error(outcome.message);
    Breakevens.push(...outcome.value.Breakevens);
    Runs += outcome.value.Runs;
  }
  // Every group ran the same deal and scenario: the run-level facts are the first group's.
  const { MaxCdr, MaxSeverity, CollateralOriginalBalance, LossesBeforeSettlement } = (outcomes[0] as { ok: true; value: BreakevenResult }).value;
  return {
    Mode: mode, Breakevens, MaxCdr, MaxSeverity, CollateralOriginalBalance, LossesBeforeSettlement, Runs,
    ...(isAdmin(user) ? { RunTime: elapsedMs(started) } : {}),
  };
}
