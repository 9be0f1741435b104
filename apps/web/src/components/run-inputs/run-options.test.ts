import type { TriggerRow } from '@opencrt/engine';
import { describe, expect, it } from 'vitest';
import { defaultInputs, inputProblems } from './analysis-inputs.ts';
import { exportColumns, TRIGGER_COLUMNS, triggerColumns } from './result-columns.ts';
import { collateralGroupsOf, isAbsDeal, isValidAbsSpeed, parseCollateralGroup, parseConvention, prepaymentLabel } from './run-options.ts';

const bond = (BondName: string, CollateralGroups: number[]) => ({ BondName, CollateralGroups });

describe('run options: collateral group and prepayment convention', () => {
  it('finds ABS deals by type or by name', () => {
    expect(isAbsDeal({ DealName: 'FORDO 2024-A', DealType: 'ABS' })).toBe(true);
    // A name the catalog groups as ABS counts even if the type was filed otherwise.
    expect(isAbsDeal({ DealName: 'SDART 2024-3', DealType: 'RMBS' })).toBe(true);
    expect(isAbsDeal({ DealName: 'SYN NQM 2025-1', DealType: 'RMBS' })).toBe(false);
    expect(isAbsDeal({ DealName: 'FHLMC 5005', DealType: 'Agency' })).toBe(false);
  });

  it('reads the convention of a link and labels the prepayment input', () => {
    expect(parseConvention('ABS')).toBe('ABS');
    expect(parseConvention('abs')).toBe('ABS');
    expect(parseConvention('PSA')).toBe('CPR');
    expect(parseConvention(null)).toBe('CPR');
    expect(prepaymentLabel('ABS')).toBe('ABS %');
    expect(prepaymentLabel('CPR')).toBe('CPR (%)');
  });

  it('takes the groups of the bonds and rep lines, each once, ascending', () => {
    // FHLMC 5005: PA, PB, SC and the MACR IO pay from group 1, Z from group 2; rep lines 1, 1, 2.
    const deal = { Bonds: [bond('Z', [2]), bond('PA', [1]), bond('IO', [1])], Replines: [{ CollateralGroup: 1 }, { CollateralGroup: 1 }, { CollateralGroup: 2 }] };
    expect(collateralGroupsOf(deal as never)).toEqual([1, 2]);
    // A group only a rep line names (collateral without classes yet) is still a group.
    expect(collateralGroupsOf({ Bonds: [bond('PT', [1])], Replines: [{ CollateralGroup: 3 }] } as never)).toEqual([1, 3]);
    expect(parseCollateralGroup('2', [1, 2])).toBe(2);
    expect(parseCollateralGroup('3', [1, 2])).toBeNull();
    expect(parseCollateralGroup('1.5', [1, 2])).toBeNull();
    expect(parseCollateralGroup(null, [1, 2])).toBeNull();
  });

  it("checks an ABS speed as one non-negative number and names it 'ABS'", () => {
    expect(isValidAbsSpeed('1.5')).toBe(true);
    expect(isValidAbsSpeed('0')).toBe(true);
    expect(isValidAbsSpeed('1.5, 2')).toBe(false);
    expect(isValidAbsSpeed('FastPrepay')).toBe(false);
    expect(isValidAbsSpeed('-1')).toBe(false);
    const inputs = defaultInputs(false);
    expect(inputProblems({ ...inputs, cpr: '1.5' }, false, 'ABS')).toBeNull();
    expect(inputProblems({ ...inputs, cpr: '1.5,2', libor: '' }, false, 'ABS')).toBe('Missing valid: ABS, LIBOR / SOFR');
    // The same list is a valid CPR vector.
    expect(inputProblems({ ...inputs, cpr: '1.5,2' }, false, 'CPR')).toBeNull();
  });

  it('adds the Overcollateralization trigger column only when some period has OC', () => {
    const row = (Overcollateralization: number) => ({ Overcollateralization }) as TriggerRow;
    expect(triggerColumns([row(0), row(0)])).toBe(TRIGGER_COLUMNS);
    const withOc = triggerColumns([row(0), row(33_024_497.08)]);
    expect(withOc.map((c) => c.header)).toEqual([...TRIGGER_COLUMNS.map((c) => c.header), 'Overcollateralization']);
    const oc = withOc.at(-1);
    expect(oc?.format?.(oc.value(row(33_024_497.08)))).toBe('33,024,497.08');
  });

  it('exports the deal tests as the screen shows them: Pass, Fail, or an empty cell when there is no test', () => {
    const row = { MinimumCreditEnhancementTest: true, DelinquencyTest: false, CumulativeNetLossTest: null, AllTestsPass: false } as unknown as TriggerRow;
    const columns = exportColumns(TRIGGER_COLUMNS);
    const exported = (header: string) => columns.find((c) => c.header === header)?.value(row);
    expect([exported('MCE Test'), exported('Dlq Test'), exported('CNL Test'), exported('All Pass')]).toEqual(['Pass', 'Fail', null, 'Fail']);
    expect(columns.find((c) => c.header === 'All Pass')?.kind).toBe('text');
    const shown = TRIGGER_COLUMNS.find((c) => c.header === 'MCE Test');
    expect(shown?.format?.(shown.value(row))).toBe('Pass');
  });
});
