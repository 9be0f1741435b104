import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { CashFlowWaterfall } from '../deal/cash-flow-spec.ts';

/**
 * Rep-line balances of a multi-group cash-flow deal at a mid-life state that gives only the
 * pool balance. Scaling every line by one pool factor would ignore that REMIC groups pay down
 * at their own speed: a group could then hold less collateral than the classes it backs and
 * write them down on the first payment date. Instead each group gets the balance of its
 * classes (kept in proportion so the groups still sum to the pool balance), spread over the
 * group's lines pro rata to their cut-off balances; the cent residual of a group goes to its
 * largest line. Returns null when the plain pool factor is right (one group, given balances,
 * or no class balances to go by).
 */
export function groupStartBalances(spec: DealSpec, w: CashFlowWaterfall, state: DealState): number[] | null {
  if (state.repLineBalances) return null;
  const lines = spec.collateral.repLines;
  const groups = [...new Set(lines.map((l) => l.collateralGroup))];
  if (groups.length < 2) return null;
  const classTotal = new Map<number, number>(groups.map((g) => [g, 0]));
  for (const t of spec.tranches) {
    const g = w.classGroups[t.name] ?? 1;
    classTotal.set(g, (classTotal.get(g) ?? 0) + Math.max(0, state.notionals[t.name] ?? 0));
  }
  const sumClasses = [...classTotal.values()].reduce((s, v) => s + v, 0);
  if (sumClasses <= 0) return null;
  const poolCents = Math.round(state.poolBalance * 100);
  const out = lines.map(() => 0);
  for (const g of groups) {
    const targetCents = Math.round((poolCents * (classTotal.get(g) ?? 0)) / sumClasses);
    const members = lines.map((l, i) => ({ l, i })).filter((x) => x.l.collateralGroup === g);
    const cutOff = members.reduce((s, x) => s + x.l.balance, 0);
    let given = 0;
    for (const { l, i } of members) {
      const c = cutOff > 0 ? Math.round((targetCents * l.balance) / cutOff) : 0;
      out[i] = c;
      given += c;
    }
    const largest = members.reduce((a, x) => (x.l.balance > a.l.balance ? x : a), members[0]!);
    out[largest.i] = (out[largest.i] ?? 0) + targetCents - given;
  }
  // Cents → dollars; the group targets were rounded separately, so settle the pool residual too.
  const residual = poolCents - out.reduce((s, c) => s + c, 0);
  const largestLine = lines.reduce((a, l, i) => (l.balance > (lines[a]?.balance ?? 0) ? i : a), 0);
  out[largestLine] = (out[largestLine] ?? 0) + residual;
  return out.map((c) => c / 100);
}
