import { describe, expect, it } from 'vitest';
import { MAX_VECTOR_PERIODS, UserVectorSaveRequestSchema, vectorListIssues } from './vectors.ts';

describe('vector save check (spec 001 §5.3)', () => {
  it('accepts named numeric vectors', () => {
    expect(vectorListIssues([{ Name: 'a', Value: [1, 100, 3.5] }, { Name: 'b', Value: [0] }])).toEqual([]);
  });

  it('refuses values outside 0–100 naming the vector and the range', () => {
    expect(vectorListIssues([{ Name: 'neg', Value: [1, -5] }])).toEqual(['Vector neg: values must be between 0 and 100.']);
    expect(vectorListIssues([{ Name: 'huge', Value: [1e308] }])).toEqual(['Vector huge: values must be between 0 and 100.']);
  });

  it("refuses empty names, empty or non-numeric lists with 'Empty or incorrect vector.'", () => {
    for (const v of [{ Name: '', Value: [1] }, { Name: 'x', Value: [] }, { Name: 'x', Value: [1, null] }, { Name: 'x', Value: [NaN] },
      { Name: 'x', Value: Array(MAX_VECTOR_PERIODS + 1).fill(1) }]) {
      expect(vectorListIssues([v])).toEqual(['Empty or incorrect vector.']);
    }
  });

  it('names must be unique ignoring case', () => {
    expect(vectorListIssues([{ Name: 'Ramp', Value: [1] }, { Name: 'ramp ', Value: [2] }])).toEqual(['A vector with this name already exists.']);
  });

  it('the request schema trims names and defaults Shared to false', () => {
    expect(UserVectorSaveRequestSchema.parse([{ Name: ' a ', Value: [1] }])).toEqual([{ Name: 'a', Value: [1], Shared: false }]);
  });
});
