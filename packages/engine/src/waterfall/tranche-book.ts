import type { AllocationTarget, ReferenceTranche } from '../deal/deal-spec.ts';

/**
 * Mutable tranche ledger of one waterfall run, in integer cents. Index = position in the
 * deal's tranche list. `prior` holds notionals immediately before the current payment date
 * (the pro-rata basis of Note/H pairs).
 */
export class TrancheBook {
  readonly names: string[];
  readonly index: Map<string, number>;
  readonly twin: Int32Array;
  readonly isNote: Uint8Array;
  readonly notional: number[];
  readonly prior: number[];
  readonly cumWriteDown: number[];
  /** Per-payment-date accumulators, reset by `beginPeriod`. */
  readonly principal: number[];
  readonly writeDown: number[];
  readonly writeUp: number[];
  /** Overcollateralization (write-up excess) amount, cents. */
  oc = 0;

  constructor(tranches: readonly ReferenceTranche[], notional: number[], cumWriteDown: number[]) {
    this.names = tranches.map((t) => t.name);
    this.index = new Map(this.names.map((n, i) => [n, i]));
    this.twin = Int32Array.from(tranches, (t) => (t.pair === null ? -1 : (this.index.get(t.pair) ?? -1)));
    this.isNote = Uint8Array.from(tranches, (t) => (t.role === 'h-twin' ? 0 : 1));
    this.notional = notional.slice();
    this.prior = notional.slice();
    this.cumWriteDown = cumWriteDown.slice();
    this.principal = notional.map(() => 0);
    this.writeDown = notional.map(() => 0);
    this.writeUp = notional.map(() => 0);
  }

  /** Index of a tranche by name (throws: validated specs never miss). */
  at(name: string): number {
    const i = this.index.get(name);
    if (i === undefined) throw new Error(`unknown tranche ${name}`);
    return i;
  }

  beginPeriod(): void {
    for (let i = 0; i < this.notional.length; i++) {
      this.prior[i] = this.notional[i] as number;
      this.principal[i] = 0;
      this.writeDown[i] = 0;
      this.writeUp[i] = 0;
    }
  }

  total(): number {
    return this.notional.reduce((s, x) => s + x, 0);
  }

  /** Members of an allocation entry: [tranche] or [note, H twin]. */
  members(target: AllocationTarget): number[] {
    const i = this.at(target.tranche);
    const j = this.twin[i] as number;
    return target.pair && j >= 0 ? [i, j] : [i];
  }

  /** Notional currently available to an entry. */
  available(target: AllocationTarget): number {
    return this.members(target).reduce((s, k) => s + (this.notional[k] as number), 0);
  }

  /**
   * Splits `amount` over the members pro rata on prior notionals: the Note leg is rounded to
   * the cent and the H leg takes the remainder (STACR PPM pair split); legs are capped by `room`.
   */
  split(members: number[], amount: number, room: (k: number) => number): [number, number][] {
    if (members.length === 1) return [[members[0] as number, amount]];
    const [a, b] = members as [number, number];
    const [note, h] = this.isNote[a] ? [a, b] : [b, a];
    const pn = this.prior[note] as number;
    const ph = this.prior[h] as number;
    const base = pn + ph;
    let noteLeg = base > 0 ? Math.round((amount * pn) / base) : amount;
    noteLeg = Math.min(noteLeg, room(note));
    let hLeg = amount - noteLeg;
    if (hLeg > room(h)) {
      noteLeg += hLeg - room(h);
      hLeg = room(h);
    }
    return [[note, noteLeg], [h, hLeg]];
  }
}
