import { CreditModelSelect } from './credit-model-select.tsx';
import { creditModelInputs, MODEL_INPUT_LABELS, showsMortgageInsurance, type CreditModel, type CreditModelState } from './credit-models.ts';

/**
 * The credit model select and, when a model is chosen, its inputs (spec 001 §2.4: LDM shows HPI,
 * 2Yr/10Yr TSY, tunes, 15Yr/30Yr MTG; LDM 3.0 adds Unemployment; AFT shows HPA and the mortgage
 * rates) and the Mortgage Insurance option (shown only with a model, spec 000 §6).
 * Rates and growth in percent; a comma list is a per-period path.
 */
export function CreditModelInputs({ state, onChange, roles, disabled }: {
  state: CreditModelState; onChange(next: CreditModelState): void; roles: readonly string[]; disabled?: boolean;
}) {
  const fields = state.model === 'None' ? [] : creditModelInputs(state.model) as (keyof typeof MODEL_INPUT_LABELS)[];
  return (
    <div data-testid="credit-model-inputs">
      <CreditModelSelect value={state.model} roles={roles} disabled={disabled}
        onChange={(model: CreditModel) => onChange({ ...state, model, useMortgageInsurance: model === 'None' ? false : state.useMortgageInsurance })} />
      {fields.length > 0 && (
        <div className="row g-2 mt-0">
          {fields.map((key) => (
            <div className="col-6" key={key}>
              <label className="form-label small mb-0" htmlFor={`model-${key}`}>{MODEL_INPUT_LABELS[key]}</label>
              <input id={`model-${key}`} data-testid={`model-${key}`} className="form-control form-control-sm" value={state[key]} disabled={disabled}
                onChange={(e) => onChange({ ...state, [key]: e.target.value })} />
            </div>
          ))}
        </div>
      )}
      {showsMortgageInsurance(state.model) && (
        <label className="small mt-2 d-block"><input type="checkbox" className="form-check-input me-1" data-testid="mortgage-insurance" checked={state.useMortgageInsurance}
          disabled={disabled} onChange={(e) => onChange({ ...state, useMortgageInsurance: e.target.checked })} />Mortgage Insurance</label>
      )}
    </div>
  );
}
