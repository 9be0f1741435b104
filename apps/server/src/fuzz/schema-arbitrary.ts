/**
 * fast-check arbitraries built from the routes' zod contracts (through their JSON Schema form):
 * values the contract describes, and "garbage" variants of them — one field replaced by a NUL
 * string, a huge or non-finite-looking number, an over-long string or a value of the wrong type,
 * or a required field dropped. The API fuzz test sends both kinds to every route.
 */
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** The JSON Schema of what a zod schema accepts as input; {} (anything) when it has none. */
export function inputJsonSchema(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Strings worth trying by field name: real deal and bond names reach the handlers' deeper paths. */
export interface Dictionary { deals: string[]; bonds: string[]; dates: string[]; queries?: string[] }

/** Values that have broken servers before: NUL, huge and tiny numbers, long text, wrong types. */
export const GARBAGE: unknown[] = [
  '\u0000', 'a\u0000b', '', ' ', 'x'.repeat(3000), '9'.repeat(400), 'İΣ ς', '1e308', 'NaN', 'Infinity', '-1', '99999999',
  1e308, -1e308, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, -1, 0, 0.5, -0.5, 99999999, 1e-320,
  true, false, null, [], {}, [null], [1e308], { '\u0000': 1 }, [[[[[]]]]],
];

const SMALL_ARRAY = 4;
const SHORT_STRING = 24;

function fieldDictionary(field: string, dict: Dictionary): string[] {
  if (field === 'Query') return dict.queries ?? [];
  if (/deal/i.test(field)) return dict.deals;
  if (/bond/i.test(field)) return dict.bonds;
  if (/date|month/i.test(field)) return dict.dates;
  return [];
}

/** Values a schema describes (loosely: refinements are not known here). Depth-bounded. */
export function valueArbitrary(schema: JsonSchema, dict: Dictionary, field = '', depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueArbitrary(s, dict, field, depth + 1)));
  if (schema.allOf?.[0]) return valueArbitrary({ ...schema.allOf[0], ...schema, allOf: undefined }, dict, field, depth + 1);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valueArbitrary({ ...schema, type }, dict, field, depth + 1)));
  switch (schema.type) {
    case 'string': return stringArbitrary(schema, dict, field);
    case 'integer': return numberArbitrary(schema, true);
    case 'number': return numberArbitrary(schema, false);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const items = schema.items ? valueArbitrary(schema.items, dict, field, depth + 1) : fc.anything({ maxDepth: 1 });
      const minLength = Math.min(schema.minItems ?? 0, SMALL_ARRAY);
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? SMALL_ARRAY, SMALL_ARRAY)) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 3 });
      const record = Object.fromEntries(keys.map((key) => [key, valueArbitrary(properties[key] ?? {}, dict, key, depth + 1)]));
      return fc.record(record, { requiredKeys: keys.filter((key) => schema.required?.includes(key)) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
  }
}

function stringArbitrary(schema: JsonSchema, dict: Dictionary, field: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? SHORT_STRING, SHORT_STRING));
  let base: fc.Arbitrary<string> = fc.string({ minLength: Math.min(minLength, maxLength), maxLength, unit: 'grapheme' });
  if (schema.format === 'email') base = fc.emailAddress();
  else if (schema.pattern) {
    try {
      base = fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch { /* a pattern fast-check cannot generate from: plain strings */ }
  }
  const known = fieldDictionary(field, dict);
  return known.length ? fc.oneof(base, fc.constantFrom(...known)) : base;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : undefined);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : undefined);
  if (integer) {
    const min = Math.max(low ?? -(2 ** 40), Number.MIN_SAFE_INTEGER);
    const max = Math.min(high ?? 2 ** 40, Number.MAX_SAFE_INTEGER);
    return min <= max ? fc.integer({ min, max }) : fc.constant(min);
  }
  const min = low ?? -1e9;
  const max = high ?? 1e9;
  return min <= max ? fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) : fc.constant(min);
}

/**
 * One field of a value replaced by garbage (or deleted, or the whole value replaced): `choices`
 * steer the walk down the value, `pick` chooses the garbage.
 */
export function corrupt(value: unknown, choices: readonly number[], pick: number): unknown {
  const garbage = GARBAGE[pick % GARBAGE.length];
  const walk = (node: unknown, level: number): unknown => {
    const choice = choices[level];
    if (choice === undefined || node === null || typeof node !== 'object') return garbage;
    if (Array.isArray(node)) {
      if (!node.length) return [garbage];
      const index = choice % node.length;
      return node.map((item, i) => (i === index ? walk(item, level + 1) : item));
    }
    const keys = Object.keys(node);
    if (!keys.length) return { Extra: garbage };
    const key = keys[choice % keys.length] as string;
    const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
    // Now and then drop the field instead: a missing required field.
    if (choices[level + 1] === 0 && level > 0) delete copy[key];
    else copy[key] = walk(copy[key], level + 1);
    return copy;
  };
  return walk(value, 0);
}

/** A value for a schema: usually well-formed, often with one corrupted field. */
export function fuzzValue(schema: JsonSchema, dict: Dictionary, field = ''): fc.Arbitrary<unknown> {
  const valid = valueArbitrary(schema, dict, field);
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: fc.tuple(valid, fc.array(fc.nat(50), { maxLength: 4 }), fc.nat()).map(([v, choices, pick]) => corrupt(v, choices, pick)) },
  );
}

/** A path or query value as text: numbers and names from the schema, or garbage text. */
export function textArbitrary(schema: JsonSchema, dict: Dictionary, field: string): fc.Arbitrary<string> {
  const garbage = fc.constantFrom('%00', 'a%00b', '%zz', '-1', '0', '2147483648', '99999999999999999999', '1e308', 'NaN',
    'x'.repeat(200), '99999999', '%E0%A4%A', ' ', 'true', '[]');
  const valid = valueArbitrary(schema, dict, field).map((v) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v)));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: garbage });
}

/**
 * Fields of a request schema without bounds: numbers without both a minimum and a maximum, strings
 * without maxLength (an enum, a const or a pattern anchored at both ends of fixed width bounds them too),
 * arrays without maxItems. Every field a client sends must be bounded (issue 12).
 */
export function unboundedFields(schema: JsonSchema, path = ''): string[] {
  if (schema.const !== undefined || schema.enum) return [];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) return alternatives.flatMap((s) => unboundedFields(s, path));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const problems: string[] = [];
  const at = path || '(root)';
  for (const type of types) {
    if (type === 'number' || type === 'integer') {
      const low = schema.minimum ?? schema.exclusiveMinimum;
      const high = schema.maximum ?? schema.exclusiveMaximum;
      // Integers end up in int4 columns and loops; other numbers in amounts up to a trillion-odd.
      const limit = type === 'integer' ? 2_147_483_647 : 1e15;
      if (low === undefined || high === undefined || Math.abs(low) > limit || Math.abs(high) > limit) {
        problems.push(`${at}: ${type} without a range within ±${limit}`);
      }
    }
    if (type === 'string' && schema.maxLength === undefined && !fixedWidthPattern(schema.pattern)) problems.push(`${at}: string without maxLength`);
    if (type === 'array') {
      if (schema.maxItems === undefined && !schema.prefixItems) problems.push(`${at}: array without maxItems`);
      if (schema.items) problems.push(...unboundedFields(schema.items, `${path}[]`));
      for (const [i, item] of (schema.prefixItems ?? []).entries()) problems.push(...unboundedFields(item, `${path}[${i}]`));
    }
    if (type === 'object') {
      for (const [key, value] of Object.entries(schema.properties ?? {})) problems.push(...unboundedFields(value, path ? `${path}.${key}` : key));
      if (typeof schema.additionalProperties === 'object') problems.push(...unboundedFields(schema.additionalProperties, `${path}.*`));
    }
  }
  return problems;
}

/** ^…$ with only fixed-count pieces (\d{8}, [A-Z]{2}) and alternation/optional groups of them. */
function fixedWidthPattern(pattern: string | undefined): boolean {
  if (!pattern || !pattern.startsWith('^') || !pattern.endsWith('$')) return false;
  return !/[*+]|\{\d+,\}/.test(pattern.replace(/\\[*+]/g, ''));
}
