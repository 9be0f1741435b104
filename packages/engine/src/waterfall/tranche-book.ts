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

  /** Notional currently available to a resolved entry. */
  available(m: readonly number[]): number {
    let s = 0;
    for (let k = 0; k < m.length; k++) s += this.notional[m[k] as number] as number;
    return s;
  }

  /**
   * Reduces the entry's members by `take` (<= available): pro rata on prior notionals with the
   * Note leg rounded to the cent and the H leg the remainder (STACR PPM pair split).
   */
  reduceBy(m: readonly number[], take: number, into: number[], isWriteDown: boolean): void {
    const n = this.notional;
    if (m.length === 1) {
      const k = m[0] as number;
      n[k] = (n[k] as number) - take;
      into[k] = (into[k] as number) + take;
      if (isWriteDown) this.cumWriteDown[k] = (this.cumWriteDown[k] as number) + take;
      return;
    }
    const a = m[0] as number;
    const b = m[1] as number;
    const note = this.isNote[a] ? a : b;
    const h = note === a ? b : a;
    const pn = this.prior[note] as number;
    const base = pn + (this.prior[h] as number);
    let noteLeg = base > 0 ? Math.round((take * pn) / base) : take;
    noteLeg = Math.min(noteLeg, n[note] as number);
    let hLeg = take - noteLeg;
    if (hLeg > (n[h] as number)) {
      noteLeg += hLeg - (n[h] as number);
      hLeg = n[h] as number;
    }
    n[note] = (n[note] as number) - noteLeg;
    n[h] = (n[h] as number) - hLeg;
    into[note] = (into[note] as number) + noteLeg;
    into[h] = (into[h] as number) + hLeg;
    if (isWriteDown) {
      this.cumWriteDown[note] = (this.cumWriteDown[note] as number) + noteLeg;
      this.cumWriteDown[h] = (this.cumWriteDown[h] as number) + hLeg;
    }
  }
}
