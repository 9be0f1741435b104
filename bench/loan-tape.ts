/**
 * Deterministic synthetic loan tape for benchmarks: `count` loans drawn around a deal's rep
 * lines (coupon ± 50 bp, same remaining term and age as the line picked), balances scaled so
 * they sum to the deal's cut-off balance exactly (to the cent). Sorted by remaining term.
 */
import { sortLoansByRemainingTerm } from '@opencrt/engine';
import type { DealSpec, LoanTape } from '@opencrt/engine';

/** Small deterministic PRNG (LCG); benchmarks must be repeatable. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function syntheticTape(spec: DealSpec, count: number, seed = 20260217): LoanTape {
  const rnd = lcg(seed);
  const lines = spec.collateral.repLines;
  const total = lines.reduce((s, l) => s + l.balance, 0);
  const cum: number[] = [];
  lines.reduce((s, l) => { cum.push(s + l.balance / total); return s + l.balance / total; }, 0);
  const tape: LoanTape = {
    count, balance: new Float64Array(count), grossRate: new Float64Array(count), netRate: new Float64Array(count),
    remainingTerm: new Int32Array(count), age: new Int32Array(count),
  };
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const u = rnd();
    const k = Math.max(0, cum.findIndex((c) => u <= c));
    const line = lines[k] ?? lines[0]!;
    const rate = line.grossCouponPct / 100 + (rnd() - 0.5) * 0.01;
    tape.balance[i] = 80_000 + rnd() * 620_000;
    tape.grossRate[i] = rate;
    tape.netRate[i] = rate - 0.0025;
    tape.remainingTerm[i] = line.remainingTermMonths;
    tape.age[i] = line.ageMonths;
    sum += tape.balance[i]!;
  }
  // Scale to the cut-off balance in cents; the last loan takes the rounding residual.
  const target = Math.round(spec.collateral.cutOffBalance * 100);
  let cents = 0;
  for (let i = 0; i < count; i++) {
    const c = i === count - 1 ? target - cents : Math.round((tape.balance[i]! / sum) * target);
    tape.balance[i] = c / 100;
    cents += c;
  }
  return sortLoansByRemainingTerm(tape);
}

/** Copies a tape into SharedArrayBuffers so worker threads can read it without copies. */
export function shareTape(tape: LoanTape): LoanTape {
  const f64 = (a: Float64Array): Float64Array => { const s = new Float64Array(new SharedArrayBuffer(a.byteLength)); s.set(a); return s; };
  const i32 = (a: Int32Array): Int32Array => { const s = new Int32Array(new SharedArrayBuffer(a.byteLength)); s.set(a); return s; };
  return { count: tape.count, balance: f64(tape.balance), grossRate: f64(tape.grossRate), netRate: f64(tape.netRate), remainingTerm: i32(tape.remainingTerm), age: i32(tape.age) };
}
