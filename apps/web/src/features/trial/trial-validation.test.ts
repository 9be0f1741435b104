import { describe, expect, it } from 'vitest';
import { EMPTY_TRIAL, validateTrial } from './trial-validation.ts';

describe('trial form validation (spec 000 §5)', () => {
  it('lists every missing field with its message, in order', () => {
    expect(validateTrial(EMPTY_TRIAL)).toEqual([
      'Provide CRT Hub Userid.', 'Provide email.', 'Provide password.', 'Provide password confirmation.',
      'Provide first name.', 'Provide last name.', 'Provide company name.',
    ]);
  });
  it('checks the email and the confirmation', () => {
    const form = { ...EMPTY_TRIAL, Username: 'u1', Email: 'x', Password: 'secret-123', ConfirmPassword: 'secret-123', FirstName: 'A', LastName: 'B', CompanyName: 'C' };
    expect(validateTrial(form)).toEqual(['Provide valid email.']);
    expect(validateTrial({ ...form, Email: 'a@b.co', ConfirmPassword: 'other' })).toEqual(['Password and confirmation do not match.']);
    expect(validateTrial({ ...form, Email: 'a@b.co' })).toEqual([]);
  });
});
