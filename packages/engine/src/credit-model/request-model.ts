/**
 * The Simulation request's credit-model fields (spec 000 §3: PrepaymentModel, Hpi, Hpa,
 * Tsy2Year, Tsy10Year, Mtg15Year, Mtg30Year, NationalUnemploymentForecast, TuneCpr/Cdr/Severity,
 * UseMortgageInsurance) as model inputs, and the model's vectors back as the request's
 * Cpr/Cdr/LossSeverity/Delinquency — so every run kind (deal, bond, ACIS, CIRT) takes a model
 * run's output the way it takes user vectors.
 */
import { requestVectorToRate } from '../simulate/request-scenario.ts';
import type { RequestVector, SimulationRequest } from '../simulate/simulation-types.ts';
import type { RateInput } from '../rates/vector.ts';
import type { CreditModelInputs, CreditModelName } from './economic-paths.ts';
import type { CreditModelVectors } from './run-credit-model.ts';

/** True for LDM, LDM_3 and AFT (UserDefined / null = no model). */
export function isCreditModel(model: string | null | undefined): model is CreditModelName {
  return model === 'LDM' || model === 'LDM_3' || model === 'AFT';
}

function path(v: RequestVector | undefined | null): RateInput | null {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v) && v.length === 0) return null;
  return requestVectorToRate(v);
}

/**
 * The model inputs of a request. Paths follow the request vector convention (one value = flat;
 * a longer list has the leading period-0 element). Each model reads only its input set: AFT
 * takes HPA and the mortgage rates and runs untuned; the LDM models take HPI, Treasuries,
 * mortgage rates and tunes; only LDM 3.0 reads unemployment.
 * @param startCalendarMonth calendar month (1..12) of projection month 1
 */
export function creditModelInputsOf(request: SimulationRequest, startCalendarMonth: number): CreditModelInputs {
  const model = request.PrepaymentModel;
  if (!isCreditModel(model)) throw new Error(`Not a credit model: ${String(model)}`);
  const aft = model === 'AFT';
  return {
    model,
    homePriceGrowth: path(aft ? request.Hpa : request.Hpi),
    tsy2Year: aft ? null : path(request.Tsy2Year),
    tsy10Year: aft ? null : path(request.Tsy10Year),
    mtg15Year: path(request.Mtg15Year),
    mtg30Year: path(request.Mtg30Year),
    unemployment: model === 'LDM_3' ? path(request.NationalUnemploymentForecast) : null,
    tuneCpr: aft ? 1 : (request.TuneCpr ?? 1),
    tuneCdr: aft ? 1 : (request.TuneCdr ?? 1),
    tuneSeverity: aft ? 1 : (request.TuneSeverity ?? 1),
    useMortgageInsurance: request.UseMortgageInsurance === true,
    startCalendarMonth,
  };
}

/**
 * The request with a model run's vectors as its Cpr/Cdr/LossSeverity/Delinquency (leading
 * period-0 element, rounded to 1e-10) and the tunes cleared (the model applied them).
 */
export function withModelVectors(request: SimulationRequest, v: CreditModelVectors): SimulationRequest {
  const list = (a: Float64Array) => [0, ...Array.from(a, (x) => Math.round(x * 1e10) / 1e10)];
  const { TuneCpr: _c, TuneCdr: _d, TuneSeverity: _s, ...rest } = request;
  return { ...rest, Cpr: list(v.cpr), Cdr: list(v.cdr), LossSeverity: list(v.severity), Delinquency: list(v.delinquency) };
}
