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

/**
 * Models the engine runs today. The predictive models are not built yet (issue 6 §5: "until
 * predictive models exist, only None runs"), so they are not offered; add them here when they are.
 */
export const RUNNABLE_MODELS: readonly CreditModel[] = ['None'];

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
