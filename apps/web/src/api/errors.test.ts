import { describe, expect, it } from 'vitest';
import { messageFromBody, UNEXPECTED_REST_ERROR } from './errors.ts';

describe('messageFromBody (spec 000 §8)', () => {
  it('reads the Message field', () => {
    expect(messageFromBody('{"Message":"Deal file could not be opened"}')).toBe('Deal file could not be opened');
  });
  it('reads a Message inside a JSON string body', () => {
    expect(messageFromBody(JSON.stringify(JSON.stringify({ Message: 'nested' })))).toBe('nested');
  });
  it('reads the token error_description', () => {
    expect(messageFromBody('{"error":"invalid_grant","error_description":"bad"}')).toBe('bad');
  });
  it('falls back to plain text, then the error text, then the fixed message', () => {
    expect(messageFromBody('plain failure')).toBe('plain failure');
    expect(messageFromBody('<html>oops</html>', 'Bad Gateway')).toBe('Bad Gateway');
    expect(messageFromBody('', '')).toBe(UNEXPECTED_REST_ERROR);
    expect(messageFromBody('{}')).toBe(UNEXPECTED_REST_ERROR);
  });
});
