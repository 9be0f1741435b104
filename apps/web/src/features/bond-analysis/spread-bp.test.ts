import { describe, expect, it } from 'vitest';
import { spreadInBp } from './spread-bp.ts';

describe('spread in basis points', () => {
  it('shows a fraction as basis points to one decimal, without a negative zero', () => {
    expect(spreadInBp(0.0123456)).toBe('123.5 bp');
    expect(spreadInBp(-0.0025)).toBe('-25.0 bp');
    expect(spreadInBp(-0.0000001)).toBe('0.0 bp');
    expect(spreadInBp(null)).toBeNull();
    expect(spreadInBp(Number.NaN)).toBeNull();
  });
});
