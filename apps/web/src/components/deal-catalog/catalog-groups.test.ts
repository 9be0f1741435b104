import { describe, expect, it } from 'vitest';
import { analysisLink, analysisPath, catalogGroupOf, isAgencyDeal, isPaidOff, isSpecialDeal, isStale } from './catalog-groups.ts';

describe('catalogGroupOf', () => {
  it.each([
    ['ACIS 2015-2', 'ACIS'], ['CIRT 2023-9', 'CIRT'], ['STACR 2026-DNA1', 'STACR'], ['CAS 2021-R03', 'CAS'],
    ['Bellemeade Re 2021-1', 'ILN'], ['Radnor Re 2023-1', 'ILN'], ['Home Re 2022-1', 'ILN'], ['Eagle Re 2023-1', 'ILN'],
    ['Oaktown Re 2021-2', 'ILN'], ['Triangle Re 2023-1', 'ILN'],
    ['SYN NQM 2025-1', 'RMBS'], ['AOMT 2024-4', 'RMBS'], ['VERUS 2025-1p2', 'RMBS'], ['SQMT TEST 2025-1', 'RMBS'], ['CHLMT 2007-1', 'RMBS'],
    ['GSMBS 2021-1', 'RMBS'], ['JPMMT 2022-3', 'RMBS'], ['MSRM 2021-1', 'RMBS'], ['OBMLT 2024-NQM2', 'RMBS'], ['RMCT 2020-1', 'RMBS'],
    ['FORDO 2024-A', 'ABS'], ['SDART 2019-1', 'ABS'], ['FHLMC 5005', 'Agency'], ['FNMA MA4567', 'Agency'], ['GNMA 786543', 'Agency'],
    ['MYSTERY 2020-1', 'Other'],
  ])('%s → %s', (name, group) => {
    expect(catalogGroupOf(name)).toBe(group);
  });
  it('uses the product prefix before the name words', () => {
    expect(catalogGroupOf('CAS 2021-HOME')).toBe('CAS');
    expect(catalogGroupOf('stacr 2020-dna3')).toBe('STACR');
  });
});

describe('special, paid-off and stale deals', () => {
  it('marks names ending in p plus digits or containing TEST', () => {
    expect(isSpecialDeal('VERUS 2025-1p2')).toBe(true);
    expect(isSpecialDeal('SQMT TEST 2025-1')).toBe(true);
    expect(isSpecialDeal('VERUS 2025-1')).toBe(false);
    expect(isSpecialDeal('FNMA AP1234')).toBe(false); // capital P is a pool prefix, not a pricing version
    expect(isSpecialDeal('STACR 2026-DNA1p')).toBe(false);
  });
  it('paid off under 10 dollars', () => {
    expect(isPaidOff({ CurrentBalance: 9.99 })).toBe(true);
    expect(isPaidOff({ CurrentBalance: 10 })).toBe(false);
  });
  it('stale CIRT before 07/2023 and ACIS before 09/2023 only', () => {
    expect(isStale({ DealName: 'CIRT 2022-7', FactorDate: 20230625 })).toBe(true);
    expect(isStale({ DealName: 'CIRT 2022-7', FactorDate: 20230701 })).toBe(false);
    expect(isStale({ DealName: 'ACIS 2015-2', FactorDate: 20230825 })).toBe(true);
    expect(isStale({ DealName: 'ACIS 2015-2', FactorDate: 20230901 })).toBe(false);
    expect(isStale({ DealName: 'STACR 2016-DNA1', FactorDate: 20200125 })).toBe(false);
  });
  it('knows agency names', () => {
    expect(isAgencyDeal('FNMA MA4567')).toBe(true);
    expect(isAgencyDeal('CAS 2020-R01')).toBe(false);
  });
});

describe('analysis links by family', () => {
  it('routes ACIS, CIRT and everything else', () => {
    expect(analysisPath('ACIS 2020-DNA3')).toBe('/acis_analysis');
    expect(analysisPath('CIRT 2024-L2')).toBe('/cirt_analysis');
    expect(analysisPath('Home Re 2022-1')).toBe('/deal_analysis');
    expect(analysisLink('STACR 2026-DNA1', 'M-1')).toBe('/deal_analysis?dealName=STACR+2026-DNA1&bondName=M-1');
  });
});
