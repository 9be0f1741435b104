/**
 * Mutable class ledger of one cash-flow waterfall run, in integer cents. Index = position in
 * the deal's tranche list. `prior` holds balances immediately before the current payment date
 * (the pro-rata basis of principal sets and the interest accrual base).
 */
export class ClassLedger {
  readonly names: string[];
  readonly index: Map<string, number>;
  readonly balance: number[];
  readonly prior: number[];
  /** Interest due but unpaid, carried to the next payment date (no interest on it). */
  readonly carry: number[];
  /** Per-payment-date accumulators, reset by `beginPeriod`. */
  readonly interest: number[];
  readonly coupon: number[];
  readonly accrued: number[];
  readonly principal: number[];
  readonly writeDown: number[];

  constructor(names: readonly string[], balance: readonly number[]) {
    this.names = names.slice();
    this.index = new Map(this.names.map((n, i) => [n, i]));
    this.balance = balance.slice();
    this.prior = balance.slice();
    const zeros = (): number[] => balance.map(() => 0);
    this.carry = zeros();
    this.interest = zeros();
    this.coupon = zeros();
    this.accrued = zeros();
    this.principal = zeros();
    this.writeDown = zeros();
  }

  /** Index of a class by name. */
  at(name: string): number {
    const i = this.index.get(name);
    if (i === undefined) throw new Error(`cash-flow waterfall names unknown class ${name}`);
    return i;
  }

  beginPeriod(): void {
    for (let i = 0; i < this.balance.length; i++) {
      this.prior[i] = this.balance[i] as number;
      this.interest[i] = 0;
      this.coupon[i] = 0;
      this.accrued[i] = 0;
      this.principal[i] = 0;
      this.writeDown[i] = 0;
    }
  }

  /** Σ current balances of some classes. */
  sum(members: readonly number[]): number {
    let s = 0;
    for (const k of members) s += this.balance[k] as number;
    return s;
  }

  /** Pays principal to one class (amount ≤ its balance). */
  pay(k: number, amount: number): void {
    this.balance[k] = (this.balance[k] as number) - amount;
    this.principal[k] = (this.principal[k] as number) + amount;
  }

  /** Adds Z-class accretion to the balance. */
  accrete(k: number, amount: number): void {
    this.balance[k] = (this.balance[k] as number) + amount;
    this.accrued[k] = (this.accrued[k] as number) + amount;
  }

  /** Writes a class down (amount ≤ its balance). */
  writeOff(k: number, amount: number): void {
    this.balance[k] = (this.balance[k] as number) - amount;
    this.writeDown[k] = (this.writeDown[k] as number) + amount;
  }
}
