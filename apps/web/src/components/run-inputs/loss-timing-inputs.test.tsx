import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { rampTitle, toRequestRate } from './analysis-inputs.ts';
import { LossTimingFieldset } from './loss-timing-inputs.tsx';
import { EMPTY_LOSS_TIMING, lossTimingFields, lossTimingInputProblem, type LossTimingInputs } from './loss-timing-model.ts';

describe('loss timing inputs (issue 25 #6)', () => {
  afterEach(cleanup);

  it('sends the recovery lag, and the cumulative loss with its timing only together', () => {
    expect(lossTimingFields(EMPTY_LOSS_TIMING)).toEqual({});
    expect(lossTimingFields({ recoveryLag: '6', cumulativeLoss: '2', timing: '20 30 25 15 10' })).toEqual({ RecoveryLagMonths: 6, CumulativeLoss: 2, LossTiming: '20 30 25 15 10' });
    expect(lossTimingInputProblem({ recoveryLag: '', cumulativeLoss: '2', timing: '20 30 25 15 10' })).toBeNull();
  });

  it('refuses what the server would, by the screen\'s labels with unit and range', () => {
    const at = (patch: Partial<LossTimingInputs>) => lossTimingInputProblem({ ...EMPTY_LOSS_TIMING, ...patch });
    expect(at({ recoveryLag: '61' })).toBe('Recovery Lag (months) must be a whole number from 0 to 60.');
    expect(at({ recoveryLag: '1.5' })).toBe('Recovery Lag (months) must be a whole number from 0 to 60.');
    expect(at({ cumulativeLoss: '2', timing: '20 30 25 15' })).toBe('Loss Timing (% by year) shares must sum to 100 (they sum to 90).');
    expect(at({ cumulativeLoss: '2', timing: 'abc' })).toBe('Loss Timing (% by year): write the yearly shares as numbers, e.g. 20 30 25 15 10.');
    expect(at({ timing: '100' })).toBe('Loss Timing (% by year) needs a Cumulative Loss (%).');
    expect(at({ cumulativeLoss: '101', timing: '100' })).toBe('Cumulative Loss (%) must be from 0 to 100.');
  });

  it('says beside the inputs that the CDR comes from the timing once both are typed', () => {
    function Harness() {
      const [value, setValue] = useState(EMPTY_LOSS_TIMING);
      return <LossTimingFieldset value={value} onChange={setValue} />;
    }
    render(<Harness />);
    expect(screen.queryByTestId('loss-timing-note')).toBeNull();
    fireEvent.change(screen.getByTestId('loss-timing-cumulativeLoss'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('loss-timing-timing'), { target: { value: '50 50' } });
    expect(screen.getByTestId('loss-timing-note').textContent).toBe('CDR comes from the loss timing.');
    expect(screen.getByLabelText('Recovery Lag (months)')).toBeTruthy();
  });

  it('takes "100 SDA" and "150 PSA" in the CPR and CDR inputs as typed, with the curve on hover', () => {
    expect(toRequestRate('100 SDA', true)).toBe('100 SDA');
    expect(toRequestRate('150 psa', true)).toBe('150 psa');
    expect(rampTitle('150 PSA')).toMatch(/^By loan age as SIFMA defines it \(the pool's WALA at settlement; each loan's age in loan-level runs\), not from settlement\. Curve by age 1-30 \(the last extends\): 0\.3, 0\.6, 0\.9/);
    expect(rampTitle('abc SDA')).toBeUndefined();
  });
});
