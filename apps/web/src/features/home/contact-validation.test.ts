import { describe, expect, it } from 'vitest';
import { commentRows, EMPTY_CONTACT, validateContact } from './contact-validation.ts';

describe('Comments box rows (spec 000 §9: 3 to 6; issue 18 #9)', () => {
  it('starts at 3, grows with the lines typed and stops at 6', () => {
    expect(commentRows('')).toBe(3);
    expect(commentRows('a\nb\nc\nd')).toBe(4);
    expect(commentRows('1\n2\n3\n4\n5\n6\n7\n8')).toBe(6);
  });
});

describe('contact form validation (spec 000 §5)', () => {
  it('requires first name, last name and email', () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      FirstName: ['First Name is required.'], LastName: ['Last Name is required.'], Email: ['Email is required.'],
    });
  });
  it('needs a letter in names and a valid email', () => {
    expect(validateContact({ ...EMPTY_CONTACT, FirstName: '1', LastName: 'B', Email: 'no' })).toEqual({
      FirstName: ['First Name must have at least 1 letters.'], Email: ['Please enter a valid email.'],
    });
  });
});
