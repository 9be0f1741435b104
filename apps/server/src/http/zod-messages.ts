/**
 * zod's default messages in the house style (issue 23 #4): "Too small: expected number to be >0"
 * says what the checker saw, not what the user should type. Contracts give their own messages where
 * a screen shows the field; this is the net for the rest, so no answer reads like a stack trace.
 */
const NUMBER_BOUND = /^Too (small|big): expected (?:number|int|bigint) to be ([<>]=?)(-?[\d.e+]+)$/;
const LENGTH_BOUND = /^Too (small|big): expected (string|array|set) to have ([<>]=?)(\d+) (?:characters|items)$/;
const WRONG_TYPE = /^Invalid input: expected (\w+), received (\w+)$/;
const OPTIONS = /^Invalid option: expected one of (.+)$/;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  number: 'a number', int: 'a whole number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object',
};

const boundWords = (op: string, n: string): string =>
  op === '>' ? `above ${n}` : op === '>=' ? `at least ${n}` : op === '<' ? `below ${n}` : `at most ${n}`;

/** The house wording of a zod default message (without the field); other messages unchanged. */
export function plainMessage(message: string): string {
  const number = NUMBER_BOUND.exec(message);
  if (number) return `must be ${boundWords(number[2] ?? '', number[3] ?? '')}`;
  const length = LENGTH_BOUND.exec(message);
  if (length) {
    const [, , kind, op, n] = length;
    if (kind === 'string' && op === '>=' && n === '1') return 'is required';
    return `must have ${boundWords(op ?? '', n ?? '')} ${kind === 'string' ? 'characters' : 'items'}`;
  }
  const type = WRONG_TYPE.exec(message);
  if (type) return type[2] === 'undefined' ? 'is required' : `must be ${TYPE_WORDS[type[1] ?? ''] ?? type[1]}`;
  const options = OPTIONS.exec(message);
  if (options) return `must be one of ${(options[1] ?? '').split('|').join(', ')}`;
  if (message === 'Invalid input') return 'is not valid';
  return message;
}
