import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLastDeals, rememberDeal } from './last-deal.ts';
import { hrefOf, mainBarItems } from './navbar.tsx';
import { navEntries } from './routes.tsx';

const entry = (label: string) => navEntries.find((e) => e.label === label)!;

describe('navbar analysis links (spec 000 §2: last-used deal from cookies or the current deal)', () => {
  afterEach(() => { forgetLastDeals(); });

  it('carry the current deal when it is of the link\'s family, even before it is remembered', () => {
    expect(Cookies.get('lastAcisDeal')).toBeUndefined();
    expect(hrefOf(entry('ACIS Analysis'), 'ACIS 2020-DNA3')).toBe('/acis_analysis?dealName=ACIS%202020-DNA3');
    expect(hrefOf(entry('CIRT Analysis'), 'ACIS 2020-DNA3')).toBe('/cirt_analysis');
    expect(hrefOf(entry('Bond Analysis'), 'STACR 2026-DNA1')).toBe('/bond_analysis?dealName=STACR%202026-DNA1');
  });

  it('otherwise carry the remembered deal of the family', () => {
    rememberDeal('CIRT 2022-7');
    expect(hrefOf(entry('CIRT Analysis'), 'ACIS 2020-DNA3')).toBe('/cirt_analysis?dealName=CIRT%202022-7');
    expect(hrefOf(entry('CIRT Analysis'), undefined)).toBe('/cirt_analysis?dealName=CIRT%202022-7');
    expect(hrefOf(entry('Deal Catalog'), 'CIRT 2022-7')).toBe('/deal_catalog');
  });
});

describe('navbar groups (issue 23 #8: one row at 1024 px)', () => {
  it('keeps at most eight items on the main bar, analysis, portfolio and data screens in dropdowns', () => {
    const items = mainBarItems(navEntries.filter((e) => e.menu === 'main'));
    expect(items.map((i) => (i.kind === 'link' ? i.entry.label : `${i.group} ▾`))).toEqual([
      'Deal Catalog', 'Analysis ▾', 'Portfolios ▾', 'Data ▾', 'Reports', 'Utilities', 'Documentation',
    ]);
    const labels = (name: string) => items.flatMap((i) => (i.kind === 'group' && i.group === name ? i.entries.map((e) => e.label) : []));
    expect(labels('Analysis')).toEqual(['Bond Analysis', 'ACIS Analysis', 'CIRT Analysis']);
    expect(labels('Data')).toEqual(['Saved Scenarios', 'Vectors', 'Cashflows', 'Loans', 'Vintages']);
  });
});
