/**
 * Splits `amount` cents over members in proportion to `weights`, each member taking at most
 * its `caps` entry; the parts add up to `amount` exactly. Within a round the rounding residual
 * goes to the last member with room; a member that reaches its cap drops out and the rest is
 * shared again among the others (so a class paid off early in a pro-rata set passes its
 * surplus to its peers). Members with zero weight share only when all weighted members are
 * full, then by their remaining room.
 * @throws when `amount` exceeds Σ caps (callers cap the amount first)
 */
export function splitProRata(amount: number, weights: readonly number[], caps: readonly number[]): number[] {
  const parts = caps.map(() => 0);
  let left = amount;
  let active = caps.map((_, i) => i).filter((i) => (caps[i] as number) > 0);
  while (left > 0 && active.length > 0) {
    const weighted = active.filter((i) => (weights[i] as number) > 0);
    // Zero-weight members (e.g. a class with no balance before the date) share by room only.
    const members = weighted.length > 0 ? weighted : active;
    const weightOf = (i: number): number => (weighted.length > 0 ? (weights[i] as number) : (caps[i] as number) - (parts[i] as number));
    let base = 0;
    for (const i of members) base += weightOf(i);
    const round = left;
    let given = 0;
    members.forEach((i, k) => {
      const room = (caps[i] as number) - (parts[i] as number);
      const share = k === members.length - 1 ? round - given : Math.max(0, Math.round((round * weightOf(i)) / base));
      const take = Math.min(room, share, round - given);
      parts[i] = (parts[i] as number) + take;
      given += take;
    });
    left -= given;
    active = active.filter((i) => (parts[i] as number) < (caps[i] as number));
  }
  if (left > 0) throw new Error(`pro-rata split: ${left} cents exceed the members' capacity`);
  return parts;
}
