import type { InsuranceRowDto } from '@opencrt/contracts';
import { describe, expect, it } from 'vitest';
import { exportValues } from '../../components/cashflow-export/export-cashflows.ts';
import { insuranceSheet } from './reinsurance-panels.tsx';

const row = (period: number): InsuranceRowDto => ({
  Period: period, PaymentDate: '2026-11-25', RemainingLiability: 900_000, ReductionInLiability: 100_000, InsurerPaidLosses: 0,
  InsurancePremium: 5_833.33, CollateralTrustAccount: 180_000, CollateralAccountChange: -20_000, CollateralAccountInterest: 0,
  NetInsuranceCashflow: 25_833.33, CollateralBalance: 1e9, CollateralLosses: 0, CprRate: 0.1, CdrRate: 0.005, LossSeverityRate: 0.2, DelinquencyRate: 0.01,
  IsHistorical: false,
});

describe('insurance cashflow export', () => {
  it('writes the rate columns in percent, as their (%) headers and the table say', () => {
    const sheet = insuranceSheet('B-1B', [row(0), row(1)]);
    const headers = sheet.columns.map((c) => c.header);
    const values = exportValues(sheet, row(1));
    const at = (h: string) => values[headers.indexOf(h)];
    expect(at('CPR (%)')).toBeCloseTo(10, 12);
    expect(at('CDR (%)')).toBeCloseTo(0.5, 12);
    expect(at('Severity (%)')).toBeCloseTo(20, 12);
    expect(at('Delinquency (%)')).toBeCloseTo(1, 12);
    expect(at('Insurance Premium')).toBe(5_833.33);
    // Period 0 keeps premium, interest and rates blank (spec 001 §7).
    const first = exportValues(sheet, row(0));
    expect(first[headers.indexOf('CPR (%)')]).toBeNull();
    expect(first[headers.indexOf('Insurance Premium')]).toBeNull();
  });
});
