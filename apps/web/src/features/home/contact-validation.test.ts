import { describe, expect, it } from 'vitest';
import { commentRows } from './contact-validation.ts';

describe('Comments box rows (spec 000 §9: 3 to 6; issue 18 #9)', () => {
  it('starts at 3, grows with the lines typed and stops at 6', () => {
    expect(commentRows('')).toBe(3);
    expect(commentRows('a\nb\nc\nd')).toBe(4);
    expect(commentRows('1\n2\n3\n4\n5\n6\n7\n8')).toBe(6);
  });
});
