import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { DealDetail } from '@opencrt/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { snapSettlement } from '../run-inputs/analysis-inputs.ts';
import { DealInfoPanel } from './deal-info-panel.tsx';

// STACR 2026-DNA1's dates: issue 02/17/2026, first payment 02/25/2026.
const deal = {
  DealName: 'STACR 2026-DNA1', DealId: 1, DealType: 'STACR', ParentDealName: null, IssueDate: 20260217, FirstPaymentDate: 20260225,
  SettlementDate: 20260217, FactorDate: 20260217, FirstProjectedDate: 20260225, MaturityDate: 20460225, EarlyRedemptionPct: 10,
  EarlyRedemptionDate: 20310225, OptionalCancellationDate: 20310225, Cancellation: true, CollateralOriginalBalance: 1e9,
  CollateralCurrentBalance: 1e9, CollateralLosses: 0, DealFactor: 1, Wac: 6, Wam: 357, Wala: 3, DatesOfAvailableUpdates: [], Bonds: [], Replines: [],
  CollateralInfo: { OriginalBalance: 1e9, CurrentBalance: 1e9, DealFactor: 1, WAC: 6, WAM: 357, WALA: 3, ProjectedLosses: 0 },
  Source: { Kind: 'synthetic', Reference: '', Notes: [] }, Structure: null, Custom: false, IndexRate: null,
} as unknown as DealDetail;

/** The panel as the analysis screens hold it: the date snapped to the issue date (spec 000 §4). */
function Screen() {
  const [settlement, setSettlement] = useState(20260301);
  return (
    <DealInfoPanel deal={deal} settlement={settlement} onPickDeal={() => undefined}
      onSettlement={(ymd) => { if (ymd) setSettlement(snapSettlement(ymd, deal.IssueDate)); }}>
      <span />
    </DealInfoPanel>
  );
}

describe('deal information panel: settlement dates (issue 23 #1)', () => {
  afterEach(cleanup);

  it('moves a date before the issue date to the issue date and says so; the remittance date is never before issue', () => {
    render(<Screen />);
    expect(screen.queryByTestId('settlement-moved')).toBeNull();
    fireEvent.change(screen.getByTestId('settlement-date'), { target: { value: '2020-01-01' } });
    expect((screen.getByTestId('settlement-date') as HTMLInputElement).value).toBe('2026-02-17');
    expect(screen.getByTestId('settlement-moved').textContent).toBe('01/01/2020 is before the issue date: moved to the issue date 02/17/2026.');
    // 02/17 is before the payment day (25th): the rule gives 01/25/2026, before the deal existed.
    expect(screen.getByTestId('remittance-date').textContent).toBe('02/17/2026');
    fireEvent.change(screen.getByTestId('settlement-date'), { target: { value: '2026-04-01' } });
    expect(screen.queryByTestId('settlement-moved')).toBeNull();
    expect(screen.getByTestId('remittance-date').textContent).toBe('03/25/2026');
  });
});
