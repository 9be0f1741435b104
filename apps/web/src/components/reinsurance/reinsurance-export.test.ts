import type { InsuranceRowDto } from '@opencrt/contracts';
import { describe, expect, it } from 'vitest';
import { exportValues } from '../cashflow-export/export-cashflows.ts';
import { exportInsurance, insuranceSheet } from './reinsurance-panels.tsx';

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

  it('exports one cashflow as an Excel workbook, not CSV (CIRT exported .csv, issue 18 #10)', async () => {
    const names: string[] = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = (b: Blob) => { blobs.push(b); return 'blob:x'; };
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) { names.push(this.download); };
    try {
      const header = { userName: 'a', dealName: 'CIRT 2023-9', bondName: '', settlementDate: '10/31/2026', runDate: '11/26/2026', runTime: '1 s', scenarioName: '', scenarioVendor: '' };
      await exportInsurance(header, [{ name: 'CIRT 2023-9', rows: [row(0), row(1)] }]);
    } finally { HTMLAnchorElement.prototype.click = click; }
    expect(names[0]).toMatch(/\.xlsx$/);
    expect(blobs[0]?.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
