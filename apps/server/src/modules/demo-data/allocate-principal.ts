/**
 * Tranche stack of the demo history: layers senior to junior, each with one or more members
 * (a Note and its H twin) sharing the layer pro rata. All money in integer cents so that the
 * bond balances add up to the pool to the cent every month.
 */
import type { BondFile, DealFile } from '../deals/deal-file.schema.ts';

interface Layer {
  name: string;
  senior: boolean;
  members: { name: string; cents: number }[];
  /** Senior-reduction cap per payment date (cents), e.g. STACR 2026-DNA1 Appendix G. */
  cap: number[] | null;
}

export interface StackState {
  layers: Layer[];
  seniorCents(): number;
  totalCents(): number;
  snapshot(): Map<string, number>;
  payOffAll(): void;
  /** The pool grew (capitalised modification interest): the senior layer's first member takes the growth, so the stack still sums to the pool. */
  growSenior(cents: number): void;
}

/** Build the stack from the deal's stack bonds (in file order, senior to junior). */
export function initialStack(bonds: BondFile[], seniorCaps: Record<string, number[]>): StackState {
  const layers: Layer[] = [];
  for (const b of bonds) {
    let layer = layers.find((l) => l.name === b.layer);
    if (!layer) {
      layer = { name: b.layer, senior: b.senior, members: [], cap: null };
      layers.push(layer);
    }
    layer.members.push({ name: b.name, cents: Math.round(b.originalBalance * 100) });
    layer.cap ??= seniorCaps[b.name] ?? null;
  }
  const sum = (ls: Layer[]): number => ls.reduce((s, l) => s + layerCents(l), 0);
  return {
    layers,
    seniorCents: () => sum(layers.filter((l) => l.senior)),
    totalCents: () => sum(layers),
    snapshot: () => new Map(layers.flatMap((l) => l.members.map((m) => [m.name, m.cents] as const))),
    payOffAll: () => layers.forEach((l) => l.members.forEach((m) => { m.cents = 0; })),
    growSenior: (cents: number) => {
      const first = layers.find((l) => l.senior)?.members[0];
      if (!first) throw new Error('the stack has no senior class to take the pool\'s growth');
      first.cents += cents;
    },
  };
}

function layerCents(l: Layer): number {
  return l.members.reduce((s, m) => s + m.cents, 0);
}

/**
 * Reduce a layer by up to `amount` cents, pro rata on the members' balances immediately prior
 * (first members rounded, the last takes the remainder). Returns the amount absorbed.
 */
function reduceLayer(layer: Layer, amount: number, record?: Map<string, number>): number {
  const total = layerCents(layer);
  const take = Math.min(total, Math.max(0, amount));
  if (take === 0) return 0;
  let left = take;
  const live = layer.members.filter((m) => m.cents > 0);
  live.forEach((m, i) => {
    const part = i === live.length - 1 ? left : Math.min(m.cents, Math.round((take * m.cents) / total));
    m.cents -= part;
    left -= part;
    record?.set(m.name, (record.get(m.name) ?? 0) + part);
  });
  return take;
}

/** Write losses down from the bottom of the stack; returns the write-down by member. */
export function writeDown(stack: StackState, lossCents: number): Map<string, number> {
  const byMember = new Map<string, number>();
  let left = lossCents;
  for (let i = stack.layers.length - 1; i >= 0 && left > 0; i--) {
    const layer = stack.layers[i];
    if (layer) left -= reduceLayer(layer, left, byMember);
  }
  return byMember;
}

/** Pay `amount` down the given layers in order; returns what is left over. */
function paySequential(layers: Layer[], amount: number, n: number): number {
  let left = amount;
  for (const layer of layers) {
    if (left <= 0) break;
    const cap = layer.cap && n <= layer.cap.length ? (layer.cap[n - 1] ?? 0) : Infinity;
    left -= reduceLayer(layer, Math.min(left, cap));
  }
  return left;
}

/**
 * Allocate one payment date's principal (scheduled + prepaid + recovered, cents).
 * - `sequential`: top down.
 * - `senior-sub`: when the tests pass, the senior group gets round(senior % × principal) and
 *   the subordinates the rest, sequentially; when a test fails everything goes senior.
 * Any amount a group cannot absorb passes to the other (the stack always takes the whole).
 */
export function allocatePrincipal(
  stack: StackState,
  principalCents: number,
  opts: { mode: 'senior-sub' | 'sequential' | 'cirt'; seniorPct: number; testsPass: boolean; paymentDateNumber: number },
): void {
  const seniors = stack.layers.filter((l) => l.senior);
  const subs = stack.layers.filter((l) => !l.senior);
  const n = opts.paymentDateNumber;
  if (opts.mode === 'sequential') {
    let left = paySequential(stack.layers, principalCents, n);
    if (left > 0) left = paySequential(stack.layers.map((l) => ({ ...l, cap: null, members: l.members })), left, n);
    return;
  }
  const seniorShare = opts.testsPass ? Math.round(principalCents * opts.seniorPct) : principalCents;
  let left = paySequential(seniors, seniorShare, n);
  left += principalCents - seniorShare;
  left = paySequential(subs, left, n);
  // Caps or exhausted groups: whatever is left goes to any layer with a balance, senior first.
  if (left > 0) paySequential(stack.layers.map((l) => ({ ...l, cap: null, members: l.members })), left, n);
}

/**
 * CIRT: the senior layer takes the pool's principal; from month 12 the limit layer steps
 * down to max(UPB × limit % × balance multiplier, delinquent multiplier × seriously
 * delinquent UPB) but never up (crt-domain.md §4); the retention only absorbs losses. The
 * step-down is paid out of this month's principal so no layer ever grows.
 */
export function applyCirtStepdown(
  stack: StackState,
  principalCents: number,
  ctx: { n: number; endCents: number; sdqPct: number; cirt: NonNullable<DealFile['cirt']> },
): void {
  const [senior, limit] = stack.layers;
  if (!senior || !limit) return;
  const step = ctx.cirt.stepdowns.find((s) => ctx.n >= s.fromMonth && (s.toMonth === null || ctx.n <= s.toMonth));
  let reduction = 0;
  if (step) {
    const target = Math.round(ctx.endCents * (ctx.cirt.limitPct / 100) * step.balanceMultiplier);
    const floor = Math.round(ctx.endCents * (ctx.sdqPct / 100) * step.delinquentMultiplier);
    const next = Math.min(layerCents(limit), Math.max(target, floor));
    reduction = Math.min(principalCents, layerCents(limit) - next);
  }
  reduceLayer(limit, reduction);
  const left = principalCents - reduction - reduceLayer(senior, principalCents - reduction);
  if (left > 0) paySequential(stack.layers, left, ctx.n);
}
