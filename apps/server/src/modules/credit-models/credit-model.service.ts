import type { CreditModelRun, CreditModelVectorsDto } from '@opencrt/contracts';
import {
  addCreditModelSums, creditModelInputsOf, creditModelVectors, isCreditModel, repLineTapeOf, runCreditModel, sliceModelTape, validateCreditModelInputs,
  withModelVectors, type CreditModelSums, type CreditModelVectors, type ModelLoanTape, type SimulationRequest,
} from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden, Invalid } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import { loadModelTape, type ModelLine } from './model-tape.loader.ts';

/**
 * The role a credit model needs (spec 000 §6): LDM 2.2 and 3.0 for LDM_User, AFT for AFT_User.
 * Checked for every run kind (deal, bond, ACIS, CIRT) before anything is loaded.
 */
export function checkModelRole(user: AuthUser, model: string | null | undefined): void {
  if (!isCreditModel(model)) return;
  const aft = model === 'AFT';
  if (!rolesGrant(user.roles, aft ? 'models:aft' : 'models:ldm')) {
    throw new Forbidden(`The ${model} credit model needs the ${aft ? 'AFT_User' : 'LDM_User'} role.`);
  }
}

/** Model inputs checked before any run (the spec's 'Missing required: …' / 'Missing valid: …'). */
export function checkModelInputs(request: SimulationRequest): void {
  if (!isCreditModel(request.PrepaymentModel)) return;
  const issues = validateCreditModelInputs(creditModelInputsOf(request, 1));
  if (issues.length) throw new Invalid(issues.map((i) => i.message).join('\n'));
}

/** Loans per worker part: small tapes run as one task, big ones split over the pool. */
const LOANS_PER_PART = 25_000;

/** The deal a model run projects: its name, start, pool balance, amortizing lines and horizon. */
export interface ModelDeal { dealName: string; settlementDate: number; poolBalance: number; lines: readonly ModelLine[]; months: number }

/**
 * Runs the request's credit model on the deal's loans (or lines) through the run service and
 * returns the request carrying the model's CPR/CDR/severity/delinquency vectors. Requests
 * without a model come back unchanged.
 * @param deal settlementDate: yyyymmdd the projection starts after; months: the horizon (the deal's remaining months)
 */
export async function applyCreditModel(ctx: ModuleContext, user: AuthUser, request: SimulationRequest, deal: ModelDeal, signal?: AbortSignal): Promise<SimulationRequest> {
  return (await runCreditModelFor(ctx, user, request, deal, signal, { repLineComparison: false })).request;
}

/**
 * applyCreditModel, and what the model produced for the answer (issue 24): the loan-level vectors
 * the waterfall runs on and, for a deal with a loan tape, the same inputs on its rep lines with the
 * tape's average attributes (repLineTapeOf). The rep-line run is a few pseudo-loans, so it runs
 * here rather than on the pool. `run` is null for requests without a model.
 */
export async function runCreditModelFor(
  ctx: ModuleContext, user: AuthUser, request: SimulationRequest, deal: ModelDeal, signal?: AbortSignal,
  /** Run the rep-line comparison too: only answers that show CreditModel (a full /simulate) read it. */
  { repLineComparison = true }: { repLineComparison?: boolean } = {},
): Promise<{ request: SimulationRequest; run: CreditModelRun | null }> {
  const model = request.PrepaymentModel;
  if (!isCreditModel(model)) return { request, run: null };
  const startMonth = (Math.floor(deal.settlementDate / 100) % 100) % 12 + 1; // month after settlement
  const inputs = creditModelInputsOf(request, startMonth);
  const issues = validateCreditModelInputs(inputs);
  if (issues.length) throw new Invalid(issues.map((i) => i.message).join('\n'));
  const { tape, fromLoans } = await loadModelTape(ctx.db, deal.dealName, deal.settlementDate, deal.poolBalance, deal.lines);
  if (tape.count === 0) throw new Invalid(`${deal.dealName} has no performing collateral to run the ${model} model on.`);
  const months = Math.max(1, Math.min(480, deal.months));
  const parts = partsOf(tape, Math.max(1, Math.min(ctx.runs.parallelism, Math.ceil(tape.count / LOANS_PER_PART))));
  const outcomes = await ctx.runs.runBatch('creditModel', parts.map((part) => ({ tape: part, inputs, months })), { userId: user.id, signal });
  let sums: CreditModelSums | null = null;
  for (const o of outcomes) {
    if (!o.ok) throw new Error(o.message);
    sums = sums ? addCreditModelSums(sums, o.value) : o.value;
  }
  if (!sums) throw new Error('The credit model returned nothing.');
  const vectors = creditModelVectors(sums);
  const repTape = fromLoans && repLineComparison ? repLineTapeOf(tape, deal.lines) : null;
  const repLine = repTape && repTape.count > 0 ? creditModelVectors(runCreditModel(repTape, inputs, months)) : null;
  return {
    request: withModelVectors(request, vectors),
    run: {
      Model: model, Loans: fromLoans ? tape.count : 0, RepLines: repLine ? (repTape as ModelLoanTape).count : tape.count,
      LoanLevel: vectorsDto(vectors), RepLine: repLine ? vectorsDto(repLine) : null,
    },
  };
}

/** Model vectors for the answer: fractions rounded to 1e-10 as the request carries them. */
function vectorsDto(v: CreditModelVectors): CreditModelVectorsDto {
  const list = (a: Float64Array) => Array.from(a, (x) => Math.min(1, Math.max(0, Math.round(x * 1e10) / 1e10)));
  return { Cpr: list(v.cpr), Cdr: list(v.cdr), Severity: list(v.severity) };
}

/** `count` contiguous slices of a tape (copies, so each part clones alone to its worker). */
function partsOf(tape: ModelLoanTape, count: number): ModelLoanTape[] {
  const size = Math.ceil(tape.count / count);
  const parts: ModelLoanTape[] = [];
  for (let from = 0; from < tape.count; from += size) {
    const view = sliceModelTape(tape, from, Math.min(tape.count, from + size));
    parts.push(count === 1 ? view : structuredClone(view));
  }
  return parts;
}
