import { describe, expect, it } from 'vitest';
import { RunResultCache, resultCacheBytes } from './result-cache.ts';

const bytes = (text: string) => async () => Buffer.from(text);
const text = async (answer: Promise<Uint8Array>) => Buffer.from(await answer).toString();

describe('RunResultCache', () => {
  it('answers an identical input from memory and a different one by running it', async () => {
    const cache = new RunResultCache(1024);
    let runs = 0;
    const run = (answer: string) => async () => { runs += 1; return Buffer.from(answer); };
    expect(await text(cache.get({ deal: 'A', cpr: 0.1 }, run('"a"')))).toBe('"a"');
    expect(await text(cache.get({ deal: 'A', cpr: 0.1 }, run('"other"')))).toBe('"a"');
    expect(await text(cache.get({ deal: 'A', cpr: 0.2 }, run('"b"')))).toBe('"b"');
    expect(runs).toBe(2);
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('keeps no failed run', async () => {
    const cache = new RunResultCache(1024);
    await expect(cache.get({ x: 1 }, async () => { throw new Error('busy'); })).rejects.toThrow('busy');
    expect(await text(cache.get({ x: 1 }, bytes('ok')))).toBe('ok');
  });

  it('drops the least recently used answers past its size, and skips answers too big to hold', async () => {
    const cache = new RunResultCache(100);
    const answer = (c: string) => c.repeat(20);
    await cache.get(1, bytes(answer('a')));
    await cache.get(2, bytes(answer('b')));
    await cache.get(1, bytes('unused')); // 1 is now the most recent
    for (let k = 3; k <= 6; k++) await cache.get(k, bytes(answer(String(k))));
    // 20 bytes each, 100 at most: 1, 3, 4, 5, 6 stay; 2, the least recently used, went.
    expect(await text(cache.get(1, bytes('rerun')))).toBe(answer('a'));
    expect(await text(cache.get(2, bytes('rerun')))).toBe('rerun');
    await cache.get('big', bytes('x'.repeat(30)));
    expect(await text(cache.get('big', bytes('second')))).toBe('second');
  });

  it('is off with OPENCRT_RESULT_CACHE_MB=0', async () => {
    expect(resultCacheBytes({ OPENCRT_RESULT_CACHE_MB: '0' })).toBe(0);
    expect(resultCacheBytes({})).toBe(64 * 1024 * 1024);
    const cache = new RunResultCache(0);
    await cache.get(1, bytes('a'));
    expect(await text(cache.get(1, bytes('b')))).toBe('b');
  });
});
