/**
 * Deterministic pseudo-random numbers for demo data (history, loan tapes). Seeded from text
 * so the same deal always yields the same figures; never Math.random.
 */

/** 32-bit FNV-1a hash of a string: a stable seed from a deal name. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator: uniform [0,1), normal, integer and weighted choice helpers. */
export interface Random {
  next(): number;
  normal(mean?: number, sd?: number): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly (readonly [T, number])[]): T;
}

/** Mulberry32 (public-domain 32-bit generator): small, fast and good enough for demo data. */
export function createRandom(seed: number | string): Random {
  let state = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let spare: number | null = null;
  const normal = (mean = 0, sd = 1): number => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return mean + sd * s;
    }
    // Box–Muller; 1 - next() keeps the logarithm finite.
    const u = 1 - next();
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  };
  return {
    next,
    normal,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let x = next() * total;
      for (const [item, w] of items) {
        x -= w;
        if (x < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('pick from an empty list');
      return last[0];
    },
  };
}
