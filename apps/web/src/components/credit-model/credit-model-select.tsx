import { CREDIT_MODEL_LABELS, offeredModels, type CreditModel } from './credit-models.ts';

/**
 * Credit model select of the analysis screens: the models the user's roles allow that can run
 * (LDM 2.2 and 3.0 for LDM_User, AFT for AFT_User), so a run never asks for a model the server refuses.
 */
export function CreditModelSelect({ value, onChange, roles, disabled }: {
  value: CreditModel; onChange(model: CreditModel): void; roles: readonly string[]; disabled?: boolean;
}) {
  const models = offeredModels(roles);
  return (
    <div>
      <label className="form-label small mb-0" htmlFor="credit-model">Credit Model</label>
      <select id="credit-model" className="form-select form-select-sm" data-testid="credit-model" value={value}
        disabled={disabled || models.length < 2} onChange={(e) => onChange(e.target.value as CreditModel)}>
        {models.map((m) => <option key={m} value={m}>{CREDIT_MODEL_LABELS[m]}</option>)}
      </select>
    </div>
  );
}
