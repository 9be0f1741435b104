import { splitProRata } from './pro-rata.ts';

/**
 * Pays interest due from `available` cents down the priority sets: sets one after another,
 * members of a set pro rata by their interest due when the cash falls short.
 * @param due interest due by class index (current + carried-forward shortfall)
 * @returns paid by class index and the cash left over
 */
export function payInterestSets(sets: readonly (readonly number[])[], due: readonly number[], available: number): { paid: number[]; left: number } {
  const paid = due.map(() => 0);
  let left = available;
  for (const set of sets) {
    const dues = set.map((k) => due[k] as number);
    const total = dues.reduce((s, x) => s + x, 0);
    const pay = Math.min(left, total);
    if (pay <= 0) continue;
    const parts = splitProRata(pay, dues, dues);
    set.forEach((k, j) => { paid[k] = (paid[k] as number) + (parts[j] as number); });
    left -= pay;
  }
  return { paid, left };
}
