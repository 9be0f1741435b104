import { describe, expect, it } from 'vitest';
import { remittanceOptions } from './remittance-options.ts';

describe('remittance month options (spec 000 §2, issue 18 #9)', () => {
  const available = [20261025, 20260925, 20260725, 20260625];

  it('lists every month from the first payment to today, disabling months without factor data', () => {
    const options = remittanceOptions(20260625, available, 20260625, 20261126);
    expect(options).toEqual([
      { ymd: 20261125, disabled: true }, // not reported yet
      { ymd: 20261025, disabled: false },
      { ymd: 20260925, disabled: false },
      { ymd: 20260825, disabled: true }, // a gap in the history
      { ymd: 20260725, disabled: false },
      { ymd: 20260625, disabled: false },
    ]);
  });

  it('does not depend on the month picked: an early settlement leaves the later months open', () => {
    const early = remittanceOptions(20260625, available, 20260701, 20261126);
    const late = remittanceOptions(20260625, available, 20261031, 20261126);
    expect(early).toEqual(late);
    expect(early.find((o) => o.ymd === 20261025)?.disabled).toBe(false);
  });

  it('keeps the first-payment day, capped at short months', () => {
    expect(remittanceOptions(20260131, [], 20260131, 20260315).map((o) => o.ymd)).toEqual([20260331, 20260228, 20260131]);
  });
});
