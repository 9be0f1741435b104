import Cookies from 'js-cookie';

/** Deal families whose last-used deal the navbar links carry (spec 000 §2, §4). */
export type DealFamily = 'acis' | 'cirt' | 'bond';

const COOKIE: Record<DealFamily, string> = { acis: 'lastAcisDeal', cirt: 'lastCirtDeal', bond: 'lastBondDeal' };

/** ACIS and CIRT by name prefix, everything else is a bond deal. */
export function familyOf(dealName: string): DealFamily {
  const upper = dealName.trim().toUpperCase();
  if (upper.startsWith('ACIS')) return 'acis';
  if (upper.startsWith('CIRT')) return 'cirt';
  return 'bond';
}

/** Remembers a deal for its family for 1 day (spec 000 §9). */
export function rememberDeal(dealName: string): void {
  if (!dealName) return;
  Cookies.set(COOKIE[familyOf(dealName)], dealName, { expires: 1, sameSite: 'strict', path: '/' });
}

export function lastDeal(family: DealFamily): string | undefined {
  return Cookies.get(COOKIE[family]) || undefined;
}

export function forgetLastDeals(): void {
  for (const name of Object.values(COOKIE)) Cookies.remove(name, { path: '/' });
}
