import type { AcisRequestBody, CirtRequestBody, SimulationRequestBody } from '@opencrt/contracts';
import { validateSimulationRequest, type SimulationRequest } from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { checkModelInputs, checkModelRole } from '../credit-models/credit-model.service.ts';
import type { ModuleContext } from '../module.ts';
import { Invalid } from '../../http/errors.ts';
import { toEngineRequest } from '../simulation/request-inputs.ts';
import { loadVisibleScenario } from '../scenarios/index.ts';
import { resolveUserVector } from '../vectors/index.ts';
import { scenarioFractionFields, withUnitMessages } from '../simulation/rate-units.ts';

/** The reinsurance settings of a run, checked: dollars and fractions. */
export interface ReinsuranceSettings {
  initialLimit: number;
  collateralPct: number;
  interestRate: number;
}

type Amount = number | string | null | undefined;

/** A number from a number or text with thousands separators (spec 001 §5.2); undefined when blank. */
export function amountOf(value: Amount): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  const text = value.replace(/,/g, '').trim();
  if (text === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

/**
 * Joins the engine's scenario messages and the reinsurance ones into the spec's two lists
 * ('Missing required: CPR, …, Initial Limit' / 'Missing valid: …, Collateral'), then any others.
 */
function mergedMessages(engine: string[], missing: string[], invalid: string[]): string[] {
  const required = [...engine.filter((m) => m.startsWith('Missing required: ')).flatMap((m) => m.slice(18).split(', ')), ...missing];
  const valid = [...engine.filter((m) => m.startsWith('Missing valid: ')).flatMap((m) => m.slice(15).split(', ')), ...invalid];
  const others = engine.filter((m) => !m.startsWith('Missing required: ') && !m.startsWith('Missing valid: '));
  return [
    ...(required.length ? [`Missing required: ${required.join(', ')}`] : []),
    ...(valid.length ? [`Missing valid: ${valid.join(', ')}`] : []),
    ...others,
  ];
}

/**
 * A chosen saved scenario (spec 001 §2.4, §3.5 selectedScenario) replaces the four assumption
 * vectors: its per-period percents become fractions behind the period-0 element of the request
 * convention. The id is dropped afterwards so later steps do not load the scenario again.
 */
async function withScenario(ctx: ModuleContext, user: AuthUser, body: SimulationRequestBody): Promise<SimulationRequestBody> {
  if (!body.SelectedScenarioId) return body;
  const s = await loadVisibleScenario(ctx.db, user.id, body.SelectedScenarioId);
  const vector = (values: readonly number[]) => [0, ...values.map((x) => x / 100)];
  return { ...body, SelectedScenarioId: null, Cpr: vector(s.Cpr), Cdr: vector(s.Cdr), LossSeverity: vector(s.LossSeverity), Delinquency: vector(s.Delinquency) };
}

/**
 * Checks the scenario (engine rules) and the reinsurance settings together: Initial Limit
 * (Initial Limit, > 0), Collateral (Margin, a fraction in [0, 1]) and Interest Rate (a fraction
 * in [0, 1]). There is no index in these runs, so a missing LIBOR is taken as 0.
 * @returns the engine request (vectors resolved) and the settings
 */
export async function checkReinsuranceRequest(
  ctx: ModuleContext, user: AuthUser, body: AcisRequestBody | CirtRequestBody,
): Promise<{ body: SimulationRequestBody; request: SimulationRequest; settings: ReinsuranceSettings }> {
  checkModelRole(user, body.PrepaymentModel);
  const simBody = await withScenario(ctx, user, { ...body, Libor: body.Libor ?? 0, BondName: null });
  const request = await toEngineRequest(simBody, (name) => resolveUserVector(ctx.db, user.id, name));
  const engine = validateSimulationRequest(request).map((i) => i.message);
  const missing: string[] = [];
  const invalid: string[] = [];
  const check = (label: string, value: Amount, ok: (x: number) => boolean): number => {
    const x = amountOf(value);
    if (x === undefined) missing.push(label);
    else if (!Number.isFinite(x) || !ok(x)) invalid.push(label);
    return x ?? 0;
  };
  // Named as the ACIS and CIRT screens label the field (issue 23 #4: not 'Contract Amount').
  const initialLimit = check('Initial Limit', body.OwnedFaceAmt, (x) => x > 0);
  const collateralPct = check('Collateral', body.Margin, (x) => x >= 0 && x <= 1);
  const interestRate = check('Interest Rate', body.InterestRate, (x) => x >= 0 && x <= 1);
  const messages = withUnitMessages(mergedMessages(engine, missing, invalid), [
    ...scenarioFractionFields(request),
    { label: 'Collateral', value: amountOf(body.Margin), max: 1, example: '20 % is 0.2' },
    { label: 'Interest Rate', value: amountOf(body.InterestRate), max: 1, example: '1 % is 0.01' },
  ]);
  if (messages.length) throw new Invalid(messages.join('\n'));
  checkModelInputs(request);
  return { body: simBody, request, settings: { initialLimit, collateralPct, interestRate } };
}

export const mmDdYyyy = (ymd: number): string =>
  `${String(Math.floor(ymd / 100) % 100).padStart(2, '0')}/${String(ymd % 100).padStart(2, '0')}/${Math.floor(ymd / 10000)}`;

/**
 * A cover cannot start after it ends: a settlement date after the policy's maturity would run the
 * cashflow backwards in time (issue 18 #10), so it is refused with the maturity date in the message.
 */
export function checkSettlementBeforeMaturity(settlementDate: number | string | null | undefined, maturityYmd: number): void {
  const settlement = Number(settlementDate ?? 0);
  if (settlement > 0 && maturityYmd > 0 && settlement >= maturityYmd) {
    throw new Invalid(`The settlement date must be before the maturity date ${mmDdYyyy(maturityYmd)}.`);
  }
}

/** The calendar day before a date YYYYMMDD, as YYYYMMDD. */
function dayBefore(ymd: number): number {
  const d = new Date(Date.UTC(Math.floor(ymd / 10000), (Math.floor(ymd / 100) % 100) - 1, (ymd % 100) - 1));
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/**
 * A settlement date before the deal's closing is refused with the range a run accepts (issue 34
 * #6): it used to run silently from the closing date, so the answer was not for the date asked.
 * The range is in the screen's MM/DD/YYYY format, from the closing date to the day before maturity.
 */
export function checkSettlementAfterClosing(
  settlementDate: number | string | null | undefined, deal: { deal_name: string; issue_date: number; maturity_date: number },
): void {
  const settlement = Number(settlementDate ?? 0);
  if (settlement > 0 && deal.issue_date > 0 && settlement < deal.issue_date) {
    const last = deal.maturity_date > 0 ? ` to ${mmDdYyyy(dayBefore(deal.maturity_date))}` : ' on';
    throw new Invalid(`Settlement Date must be from ${mmDdYyyy(deal.issue_date)}${last}: ${deal.deal_name} closed on ${mmDdYyyy(deal.issue_date)}.`);
  }
}
