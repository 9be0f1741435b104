import { describe, expect, it } from 'vitest';
import { defaultInputs } from '../../components/run-inputs/analysis-inputs.ts';
import { dealShareLink } from './share-link.ts';

describe('deal analysis share link', () => {
  it('keeps the group and an ABS convention in the shareable link, and leaves the defaults out', () => {
    const inputs = { ...defaultInputs(true), cpr: '8' };
    const grouped = new URL(dealShareLink('http://x', { dealName: 'FHLMC 5005', settlement: 20261015, inputs, collateralGroup: 2, convention: 'CPR' }));
    expect(grouped.pathname).toBe('/deal_analysis');
    expect(Object.fromEntries(grouped.searchParams)).toEqual({
      dealName: 'FHLMC 5005', settle_dt: '2026-10-15', cpr: '8', cdr: '0', loss_severity: '0', delinquency: '0', libor: '0', collateral_group: '2',
    });
    const abs = new URL(dealShareLink('http://x', { dealName: 'FORDO 2024-A', settlement: 20261015, inputs: { ...inputs, cpr: '1.5' }, collateralGroup: null, convention: 'ABS' }));
    expect(abs.searchParams.get('prepay_convention')).toBe('ABS');
    expect(abs.searchParams.get('cpr')).toBe('1.5');
    expect(abs.searchParams.has('collateral_group')).toBe(false);
  });
});
