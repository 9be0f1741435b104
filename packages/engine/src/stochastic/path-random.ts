/**
 * Random numbers of one economic path. Each path has its own stream, keyed by (seed, path number)
 * alone, so a path's draws do not depend on which batch, thread or worker generates it: the same
 * request and Seed give the same paths bit for bit however the paths are split.
 */
import { seededRandom } from '../seeded-random.ts';

/** A 32-bit key of (seed, path): two rounds of a murmur3-style finalizer over the pair. */
export function pathKey(seed: number, path: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x85ebca6b, 0xcc9e2d51) >>> 0;
  h ^= Math.imul(path >>> 0, 0x9e3779b1);
  for (let round = 0; round < 2; round++) {
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Standard normal draws of one path (Box–Muller on the path's uniform stream; both outputs used). */
export function pathNormals(seed: number, path: number): () => number {
  const uniform = seededRandom(pathKey(seed, path));
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const z = spare;
      spare = null;
      return z;
    }
    // 1 − u keeps the logarithm finite: the stream can return 0, never 1.
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}
