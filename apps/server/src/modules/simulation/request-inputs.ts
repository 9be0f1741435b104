import { curvePresetRate, lossTimingShares, type PresetField, type RequestRate, type SimulationRequestBody } from '@opencrt/contracts';
import type { SimulationRequest } from '@opencrt/engine';
import { lossTimingCdr } from './loss-timing-input.ts';
import { AppError, Invalid } from '../../http/errors.ts';

/** Looks up a user's named vector (percent values), or throws with '{name} vector was not found.'. */
export type VectorLookup = (name: string) => Promise<number[]>;

const NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)(e-?\d+)?\s*$/i;

/**
 * One rate of the request as the engine takes it. Text that is a number or a comma list of numbers
 * becomes numbers (blanks stay invalid so the engine reports 'Missing valid: ...'); other text in
 * CPR or CDR is a standard-curve preset ("150 PSA", "100 SDA") or else a user vector's name (spec
 * 000 §7), whose percent values become fractions with the leading period-0 element the request
 * convention expects.
 */
/** The PSA/SDA speed (percent of the curve) of a preset in a CPR or CDR field; null when the text is no preset. */
function presetSpeedOf(value: RequestRate, field: PresetField): number | null {
  if (typeof value !== 'string') return null;
  const preset = curvePresetRate(value.trim(), field);
  if (!preset || 'error' in preset) return null;
  const speed = Number(value.trim().split(/\s+/)[0]);
  return Number.isFinite(speed) ? speed : null;
}

async function rateOf(value: RequestRate, allowVectorName: boolean, lookup: VectorLookup, field?: PresetField): Promise<number | number[] | undefined> {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((x) => (typeof x === 'number' ? x : x !== null && NUMBER.test(x) ? Number(x) : Number.NaN));
  const text = value.trim();
  if (text === '') return undefined;
  if (text.split(',').every((part) => NUMBER.test(part))) {
    const list = text.split(',').map(Number);
    return list.length === 1 ? list[0] : list;
  }
  // A standard-curve preset ("150 PSA" in CPR, "100 SDA" in CDR; issue 25 #6) before a vector name.
  const preset = field ? curvePresetRate(text, field) : null;
  if (preset) {
    if ('error' in preset) throw new Invalid(preset.error);
    return preset.values;
  }
  if (!allowVectorName || !/[a-z]/i.test(text)) return [Number.NaN];
  try {
    const percent = await lookup(text);
    return [0, ...percent.map((x) => x / 100)];
  } catch (error) {
    if (error instanceof AppError) throw new Invalid(error.message);
    throw error;
  }
}

/** The engine request of a validated body, with named vectors resolved. */
export async function toEngineRequest(body: SimulationRequestBody, lookup: VectorLookup): Promise<SimulationRequest> {
  const [Cpr, Cdr, LossSeverity, Delinquency, Libor] = await Promise.all([
    rateOf(body.Cpr, true, lookup, 'CPR'),
    rateOf(body.Cdr, true, lookup, 'CDR'),
    rateOf(body.LossSeverity, false, lookup),
    rateOf(body.Delinquency, false, lookup),
    rateOf(body.Libor, false, lookup),
  ]);
  // A cumulative loss with its timing curve replaces the CDR (issue 25 #6).
  const timedCdr = lossTimingCdr(body, Cpr, LossSeverity);
  const request: SimulationRequest = {
    DealName: body.DealName,
    SettlementDate: body.SettlementDate ?? null,
    RunLoanLevel: body.RunLoanLevel,
    CleanupCall: body.CleanupCall,
    UseMortgageInsurance: body.UseMortgageInsurance,
    CollateralGroup: body.CollateralGroup ?? null,
    // The engine's validation names what is missing; the casts keep undefined for that.
    Cpr: Cpr as number, Cdr: (timedCdr ?? Cdr) as number, LossSeverity: LossSeverity as number, Delinquency: Delinquency as number, Libor: Libor as number,
    PrepaymentModel: body.PrepaymentModel ?? null,
    BondName: body.BondName ?? null,
  };
  if (body.IndexCurve && body.IndexCurve.length > 0) request.IndexCurve = body.IndexCurve;
  if (body.UserCollateralCashflow) request.UserCollateralCashflow = body.UserCollateralCashflow.CollateralCashflow;
  if (body.Cancellation !== undefined) request.Cancellation = body.Cancellation;
  if (body.PrepaymentConvention) request.PrepaymentConvention = body.PrepaymentConvention;
  // SIFMA reads a PSA/SDA curve at the loans' own age (issue 34 #5); "Settlement" keeps the
  // expanded vector from age 1 (Cpr/Cdr above), the curve as a new pool would see it.
  const modelled = body.PrepaymentModel !== undefined && body.PrepaymentModel !== null && body.PrepaymentModel !== 'UserDefined';
  if (body.CurveAge !== 'Settlement' && !modelled) {
    const psa = presetSpeedOf(body.Cpr, 'CPR');
    const sda = timedCdr ? null : presetSpeedOf(body.Cdr, 'CDR');
    if (psa !== null) request.StandardCprPct = psa;
    if (sda !== null) request.StandardCdrPct = sda;
  }
  if (timedCdr && body.CumulativeLoss !== null && body.CumulativeLoss !== undefined) {
    request.LossTiming = { CumulativeLossPct: body.CumulativeLoss, SharesPct: lossTimingShares(body.LossTiming ?? '') ?? [] };
  }
  if (body.RecoveryLagMonths !== undefined && body.RecoveryLagMonths !== null) request.RecoveryLagMonths = body.RecoveryLagMonths;
  if (body.ServicerAdvancing !== undefined && body.ServicerAdvancing !== null) request.ServicerAdvancing = body.ServicerAdvancing;
  // Credit-model inputs (fractions; flat or period-indexed like the vectors).
  for (const key of ['Mtg30Year', 'Mtg15Year', 'Hpa', 'Hpi', 'NationalUnemploymentForecast', 'Tsy2Year', 'Tsy10Year'] as const) {
    const path = body[key];
    if (path !== undefined && path !== null && !(Array.isArray(path) && path.length === 0)) request[key] = path;
  }
  if (body.TuneCpr) request.TuneCpr = body.TuneCpr;
  if (body.TuneCdr) request.TuneCdr = body.TuneCdr;
  if (body.TuneSeverity) request.TuneSeverity = body.TuneSeverity;
  return request;
}
