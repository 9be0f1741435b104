/**
 * Credit models of the analysis screens (spec 000 §4, spec 001 §2.4) and the inputs each shows.
 * Values as the API names them: null = None (UserDefined CPR/CDR), 'LDM' (LDM 2.2), 'LDM_3'
 * (LDM 3.0), 'AFT'. LDM models need LDM_User, AFT needs AFT_User (spec 000 §6).
 */
export type CreditModel = 'None' | 'LDM' | 'LDM_3' | 'AFT';

export type CreditInput =
  | 'cpr' | 'cdr' | 'lossSeverity' | 'delinquency'
  | 'hpi' | 'twoYrTsy' | 'tenYrTsy' | 'tuneCpr' | 'tuneCdr' | 'tuneSeverity' | 'unemployment' | 'hpa' | 'mtg15' | 'mtg30';

export const CREDIT_MODEL_LABELS: Record<CreditModel, string> = { None: 'None', LDM: 'LDM 2.2', LDM_3: 'LDM 3.0', AFT: 'AFT' };

/** Models the engine runs: all of them (the open credit model, packages/engine/src/credit-model). */
export const RUNNABLE_MODELS: readonly CreditModel[] = ['None', 'LDM', 'LDM_3', 'AFT'];

/** Inputs shown for a model; agency deals hide CDR, severity and delinquency. */
export function creditModelInputs(model: CreditModel, isAgency = false): CreditInput[] {
  if (model === 'None') return isAgency ? ['cpr'] : ['cpr', 'cdr', 'lossSeverity', 'delinquency'];
  const ldm: CreditInput[] = ['hpi', 'twoYrTsy', 'tenYrTsy', 'tuneCpr', 'tuneCdr', 'tuneSeverity'];
  if (model === 'LDM') return [...ldm, 'mtg15', 'mtg30'];
  if (model === 'LDM_3') return [...ldm, 'unemployment', 'mtg15', 'mtg30'];
  return ['hpa', 'mtg15', 'mtg30'];
}

/** Models a user's roles allow (before the runnable filter). */
export function modelsForRoles(roles: readonly string[]): CreditModel[] {
  const out: CreditModel[] = ['None'];
  if (roles.includes('LDM_User')) out.push('LDM', 'LDM_3');
  if (roles.includes('AFT_User')) out.push('AFT');
  return out;
}

/** Models offered in the select: allowed by role and runnable. */
export function offeredModels(roles: readonly string[]): CreditModel[] {
  return modelsForRoles(roles).filter((m) => RUNNABLE_MODELS.includes(m));
}

/** The Mortgage Insurance option shows only when a credit model is chosen (spec 000 §6). */
export function showsMortgageInsurance(model: CreditModel): boolean {
  return model !== 'None';
}

/** The model choice and its inputs as typed: rates and growth in percent, tunes as multipliers. */
export interface CreditModelState {
  model: CreditModel;
  hpi: string;
  hpa: string;
  twoYrTsy: string;
  tenYrTsy: string;
  unemployment: string;
  mtg15: string;
  mtg30: string;
  tuneCpr: string;
  tuneCdr: string;
  tuneSeverity: string;
  useMortgageInsurance: boolean;
}

/** Defaults (spec 000 §9): tune factors 1, other inputs empty. */
export const DEFAULT_MODEL_STATE: CreditModelState = {
  model: 'None', hpi: '', hpa: '', twoYrTsy: '', tenYrTsy: '', unemployment: '', mtg15: '', mtg30: '',
  tuneCpr: '1', tuneCdr: '1', tuneSeverity: '1', useMortgageInsurance: false,
};

/** Labels of the model inputs (spec 001 §2.4). */
export const MODEL_INPUT_LABELS: Record<Exclude<CreditInput, 'cpr' | 'cdr' | 'lossSeverity' | 'delinquency'>, string> = {
  hpi: 'HPI (%)', hpa: 'HPA (%)', twoYrTsy: '2Yr TSY (%)', tenYrTsy: '10Yr TSY (%)', unemployment: 'Unemployment (%)',
  mtg15: '15Yr MTG (%)', mtg30: '30Yr MTG (%)', tuneCpr: 'Tune CPR', tuneCdr: 'Tune CDR', tuneSeverity: 'Tune Severity',
};

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const REQUEST_FIELD = {
  hpi: 'Hpi', hpa: 'Hpa', twoYrTsy: 'Tsy2Year', tenYrTsy: 'Tsy10Year', unemployment: 'NationalUnemploymentForecast', mtg15: 'Mtg15Year', mtg30: 'Mtg30Year',
} as const;

/** Percent text (one value or a comma list) → fractions with the leading period-0 element; null = blank or bad. */
function pathOf(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (!text.trim() || parts.some((p) => !DECIMAL.test(p))) return null;
  // 12 significant digits drop the binary noise of /100 (3.6 / 100 = 0.036000000000000004).
  return [0, ...parts.map((p) => Number((Number(p) / 100).toPrecision(12)))];
}

/**
 * Client check of the model inputs: 'Missing valid: …' for shown inputs that are typed but not
 * numbers (blank ones are left to the server, which names what each model requires).
 */
export function modelInputProblems(state: CreditModelState): string | null {
  if (state.model === 'None') return null;
  const bad = creditModelInputs(state.model).filter((key) => {
    const text = (state as unknown as Record<string, string>)[key] ?? '';
    if (key === 'tuneCpr' || key === 'tuneCdr' || key === 'tuneSeverity') return !(DECIMAL.test(text.trim()) && Number(text) > 0 && Number(text) <= 10);
    return text.trim() !== '' && pathOf(text) === null;
  });
  return bad.length ? `Missing valid: ${bad.map((k) => MODEL_INPUT_LABELS[k as keyof typeof MODEL_INPUT_LABELS].replace(' (%)', '')).join(', ')}` : null;
}

/** The Simulation request fields of a model choice (None → UserDefined; the model's inputs only). */
export function modelRequestFields(state: CreditModelState): Record<string, unknown> {
  if (state.model === 'None') return { PrepaymentModel: 'UserDefined', UseMortgageInsurance: false };
  const out: Record<string, unknown> = { PrepaymentModel: state.model, UseMortgageInsurance: state.useMortgageInsurance };
  for (const key of creditModelInputs(state.model)) {
    if (key === 'tuneCpr') out.TuneCpr = Number(state.tuneCpr);
    else if (key === 'tuneCdr') out.TuneCdr = Number(state.tuneCdr);
    else if (key === 'tuneSeverity') out.TuneSeverity = Number(state.tuneSeverity);
    else if (key in REQUEST_FIELD) {
      const path = pathOf((state as unknown as Record<string, string>)[key] ?? '');
      if (path) out[REQUEST_FIELD[key as keyof typeof REQUEST_FIELD]] = path;
    }
  }
  return out;
}
