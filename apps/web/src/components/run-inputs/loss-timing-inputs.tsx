import { CUMULATIVE_LOSS_LABEL, LOSS_TIMING_LABEL } from '@opencrt/contracts';
import { RECOVERY_LAG_LABEL, timingReplacesCdr, type LossTimingInputs } from './loss-timing-model.ts';

/**
 * Loss timing inputs (issue 25 #6) on the deal and bond screens: the recovery lag, and a
 * cumulative loss with its timing by year, which together replace the CDR input.
 */
export function LossTimingFieldset({ value, onChange, testIdPrefix = 'loss-timing', heading }: {
  value: LossTimingInputs;
  onChange: (next: LossTimingInputs) => void;
  testIdPrefix?: string;
  /** A title above the inputs where they stand in a panel of their own (the bond screen). */
  heading?: string;
}) {
  const field = (key: keyof LossTimingInputs, label: string, placeholder: string, width: number, title: string) => (
    <label className="small d-flex align-items-center gap-1 text-nowrap" title={title}>{label}
      <input className="form-control form-control-sm" style={{ width }} aria-label={label} data-testid={`${testIdPrefix}-${key}`} placeholder={placeholder}
        maxLength={key === 'timing' ? 200 : 8} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />
    </label>
  );
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-2" data-testid={testIdPrefix}>
      {heading && <h3 className="h6 mb-0 w-100">{heading}</h3>}
      {field('recoveryLag', RECOVERY_LAG_LABEL, 'deal', 64, 'Months from default to liquidation (0 to 60); empty: the deal\'s convention')}
      {field('cumulativeLoss', CUMULATIVE_LOSS_LABEL, 'e.g. 2', 64, 'Collateral cumulative loss, percent of the starting balance (0 to 100)')}
      {field('timing', LOSS_TIMING_LABEL, '20 30 25 15 10', 150, 'Share of the cumulative loss in each year, percent, summing to 100')}
      {timingReplacesCdr(value) && <span className="small text-secondary" data-testid={`${testIdPrefix}-note`}>CDR comes from the loss timing.</span>}
    </div>
  );
}
