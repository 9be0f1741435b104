import { describe, expect, it } from 'vitest';
import { pct, stochasticInputs } from './stochastic-model.ts';

describe('Stochastic tab inputs', () => {
  it('takes whole Paths from 1 to 10,000 and Seeds from 0 to 2,147,483,647', () => {
    expect(stochasticInputs({ paths: '500', seed: '1' })).toEqual({ Paths: 500, Seed: 1 });
    expect(stochasticInputs({ paths: ' 10000 ', seed: '2147483647' })).toEqual({ Paths: 10_000, Seed: 2_147_483_647 });
    expect(stochasticInputs({ paths: '1', seed: '0' })).toEqual({ Paths: 1, Seed: 0 });
  });

  it('refuses letters, fractions, exponents and out-of-range values with the server\'s messages', () => {
    const paths = 'Paths must be a whole number from 1 to 10,000.';
    for (const bad of ['', 'ten', '2.5', '1e3', '0', '10001', '-5']) expect(stochasticInputs({ paths: bad, seed: '1' })).toEqual({ problem: paths });
    const seed = 'Seed must be a whole number from 0 to 2,147,483,647.';
    for (const bad of ['', '-1', 'x', '2147483648', '1.5']) expect(stochasticInputs({ paths: '10', seed: bad })).toEqual({ problem: seed });
  });

  it('shows percents with their decimals and missing values as -----', () => {
    expect(pct(1.23456, 4)).toBe('1.2346%');
    expect(pct(null)).toBe('-----');
    expect(pct(Number.NaN)).toBe('-----');
  });
});
