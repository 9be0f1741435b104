import { describe, expect, it } from 'vitest';
import { cusipCheckDigit, isValidCusip } from './cusip.ts';

describe('CUSIP check digit', () => {
  it('matches published CUSIPs', () => {
    expect(cusipCheckDigit('03783310')).toBe('0'); // Apple Inc. 037833100
    expect(cusipCheckDigit('17275R10')).toBe('2'); // Cisco 17275R102
    expect(cusipCheckDigit('38259P50')).toBe('8'); // Alphabet (old) 38259P508
  });
  it('rejects a wrong check digit and bad characters', () => {
    expect(isValidCusip('037833100')).toBe(true);
    expect(isValidCusip('037833101')).toBe(false);
    expect(isValidCusip('03783310')).toBe(false);
    expect(cusipCheckDigit('0378331!')).toBeNull();
  });
});
