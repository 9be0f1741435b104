import {
  addCreditModelSums, creditModelInputsOf, creditModelVectors, isCreditModel, sliceModelTape, validateCreditModelInputs, withModelVectors,
  type CreditModelSums, type ModelLoanTape, type SimulationRequest,
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

/**
 * Runs the request's credit model on the deal's loans (or lines) through the run service and
 * returns the request carrying the model's CPR/CDR/severity/delinquency vectors. Requests
 * without a model come back unchanged.
 * @param settlementDate yyyymmdd the projection starts after
 * @param months horizon (the deal's remaining months)
 */
export async function applyCreditModel(
  ctx: ModuleContext, user: AuthUser, request: SimulationRequest,
  deal: { dealName: string; settlementDate: number; poolBalance: number; lines: readonly ModelLine[]; months: number },
  signal?: AbortSignal,
): Promise<SimulationRequest> {
  if (!isCreditModel(request.PrepaymentModel)) return request;
  const startMonth = (Math.floor(deal.settlementDate / 100) % 100) % 12 + 1; // month after settlement
  const inputs = creditModelInputsOf(request, startMonth);
  const issues = validateCreditModelInputs(inputs);
  if (issues.length) throw new Invalid(issues.map((i) => i.message).join('\n'));
  const tape = await loadModelTape(ctx.db, deal.dealName, deal.settlementDate, deal.poolBalance, deal.lines);
  if (tape.count === 0) throw new Invalid(`${deal.dealName} has no performing collateral to run the ${request.PrepaymentModel} model on.`);
  const months = Math.max(1, Math.min(480, deal.months));
  const parts = partsOf(tape, Math.max(1, Math.min(ctx.runs.parallelism, Math.ceil(tape.count / LOANS_PER_PART))));
  const outcomes = await ctx.runs.runBatch('creditModel', parts.map((part) => ({ tape: part, inputs, months })), { userId: user.id, signal });
  let sums: CreditModelSums | null = null;
  for (const o of outcomes) {
    if (!o.ok) throw new Error(o.message);
    sums = sums ? addCreditModelSums(sums, o.value) : o.value;
  }
  if (!sums) throw new Error('The credit model returned nothing.');
  return withModelVectors(request, creditModelVectors(sums));
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
