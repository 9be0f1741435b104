import type { ReactNode } from 'react';
import type { UserCollateralCashflow } from '@opencrt/contracts';
import { UserCashflowSelect } from '../user-cashflow-select/user-cashflow-select.tsx';
import { CreditModelInputs } from '../credit-model/credit-model-inputs.tsx';
import { CreditModelSelect } from '../credit-model/credit-model-select.tsx';
import type { CreditModelState } from '../credit-model/credit-models.ts';
import { rampTitle, type AssumptionInputs } from './analysis-inputs.ts';
import { runOnEnter } from './run-on-enter.ts';

interface Options { cleanupCall: boolean; loanLevel: boolean }

const FIELDS: { key: keyof AssumptionInputs; label: string; credit: boolean }[] = [
  { key: 'cpr', label: 'CPR (%)', credit: false },
  { key: 'cdr', label: 'CDR (%)', credit: true },
  { key: 'lossSeverity', label: 'Loss Severity (%)', credit: true },
  { key: 'delinquency', label: 'Delinquency (%)', credit: true },
  { key: 'libor', label: 'LIBOR / SOFR (%)', credit: false },
];

/**
 * Assumptions (percent; comma lists are per-period vectors; CPR/CDR may name a saved vector),
 * options and Run Scenario. Agency deals hide CDR, severity and delinquency (spec 000 §4).
 * With a credit model chosen (`model`), the model's inputs replace CPR, CDR, severity and
 * delinquency (spec 001 §2.4).
 */
export function AssumptionsPanel({ inputs, onInputs, agency, options, onOptions, canLoanLevel, running, onRun, error, roles, scenarioName, onPickScenario, onClearScenario, reinsurance = false, cprLabel, runOptions, liborHint, model, onModel, userCashflow }: {
  inputs: AssumptionInputs; onInputs(i: AssumptionInputs): void; agency: boolean; options: Options; onOptions(o: Options): void;
  canLoanLevel: boolean; running: boolean; onRun(): void; error: string | null; roles: readonly string[];
  /** A chosen saved scenario replaces CPR, CDR, severity and delinquency (spec 000 §4). */
  scenarioName?: string | null; onPickScenario?(): void; onClearScenario?(): void;
  /** ACIS and CIRT screens: no LIBOR input and no Cleanup Call (spec 001 §2.4, §3.5). */
  reinsurance?: boolean;
  /** Label of the prepayment input when not 'CPR (%)' (ABS deals under the ABS convention). */
  cprLabel?: string;
  /** Collateral group and prepayment convention selects, shown above the inputs. */
  runOptions?: ReactNode;
  /** The deal's current index rate under the LIBOR / SOFR input. */
  liborHint?: string | null;
  /** Credit model choice and inputs (screens that offer the models); absent = None only. */
  model?: CreditModelState; onModel?(next: CreditModelState): void;
  /** A saved user collateral cashflow run as the collateral (spec 002 prerun); replaces the same inputs as a scenario. */
  userCashflow?: { dealName: string; value: UserCollateralCashflow | null; onChange(next: UserCollateralCashflow | null): void };
}) {
  const modelChosen = !!model && model.model !== 'None';
  return (
    <div data-testid="assumptions" onKeyDown={runOnEnter(onRun, running)}>
      <h3 className="h6">Assumptions</h3>
      <div className="row g-2">
        <div className="col-12">
          {model && onModel
            ? <CreditModelInputs state={model} onChange={onModel} roles={roles} />
            : <CreditModelSelect value="None" onChange={() => undefined} roles={roles} />}
          {onPickScenario && <div className="small mt-1" data-testid="scenario-choice">
            Scenario: <strong data-testid="scenario-name">{scenarioName ?? 'none'}</strong>{' '}
            <button type="button" className="btn btn-link btn-sm p-0" data-testid="pick-scenario" onClick={onPickScenario}>Choose</button>
            {scenarioName && <> · <button type="button" className="btn btn-link btn-sm p-0" data-testid="clear-scenario" onClick={onClearScenario}>Clear</button></>}
          </div>}
          {userCashflow && <UserCashflowSelect {...userCashflow} />}
        </div>
        {runOptions && <div className="col-12 d-flex flex-wrap gap-2" data-testid="run-options">{runOptions}</div>}
        {FIELDS.filter((f) => !(agency && f.credit) && !(reinsurance && f.key === 'libor') && !(modelChosen && f.key !== 'libor')).map((f) => (
          <div className="col-6" key={f.key}>
            <label className="form-label small mb-0" htmlFor={`input-${f.key}`}>{f.key === 'cpr' && cprLabel ? cprLabel : f.label}</label>
            <input id={`input-${f.key}`} className="form-control form-control-sm" value={inputs[f.key]} disabled={(!!scenarioName || !!userCashflow?.value) && f.key !== 'libor'}
              title={rampTitle(inputs[f.key])}
              onChange={(e) => onInputs({ ...inputs, [f.key]: e.target.value })} />
            {f.key === 'libor' && liborHint && <div className="form-text mt-0" data-testid="index-rate-hint">{liborHint}</div>}
          </div>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-3 mt-2 small">
        {!reinsurance && (
          <label><input type="checkbox" className="form-check-input me-1" checked={options.cleanupCall} data-testid="cleanup-call"
            onChange={(e) => onOptions({ ...options, cleanupCall: e.target.checked })} />Cleanup Call</label>
        )}
        {canLoanLevel && (
          <label><input type="checkbox" className="form-check-input me-1" checked={options.loanLevel} data-testid="loan-level"
            onChange={(e) => onOptions({ ...options, loanLevel: e.target.checked })} />Use Loan Level</label>
        )}
      </div>
      <button type="button" className="btn btn-primary btn-sm mt-2" data-testid="run-scenario" disabled={running} onClick={onRun}>Run Scenario</button>
      {error && <div className="text-danger small mt-2" role="alert" data-testid="run-error" style={{ whiteSpace: 'pre-line' }}>{error}</div>}
    </div>
  );
}
