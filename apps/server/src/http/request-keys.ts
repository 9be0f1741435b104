import type { z } from 'zod';

/**
 * Case-insensitive binding of request bodies (issue 18 #11). Our contracts spell fields in
 * PascalCase (DealName, SettlementDate); spec 001 §3.5 and older clients send camelCase
 * (dealName, settlementDate), and the service we replace bound keys without regard to case.
 * Before a body is validated, each key that is not spelled like a field of the schema but
 * matches one ignoring case is renamed to the schema's spelling; so is each of the client-side
 * names spec 000 §3 lists for the simulation inputs (twoYrTsy → Tsy2Year, …). A key already
 * spelled exactly wins over a differently cased copy, and unknown keys are left for the schema
 * to judge. Answers stay PascalCase (the response schemas).
 */

/** Spec 000 §3 "client-side names of the same inputs" that differ from the field by more than case. */
const CLIENT_NAMES: Readonly<Record<string, string>> = {
  twoyrtsy: 'tsy2year',
  tenyrtsy: 'tsy10year',
  mtg15: 'mtg15year',
  mtg30: 'mtg30year',
  selectedgroup: 'collateralgroup',
  selectedscenario: 'selectedscenarioid',
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The object shapes a value may be validated against (through optional, default, pipe, union …). */
function shapesOf(schema: unknown, depth = 0): Record<string, unknown>[] {
  const def = defOf(schema);
  if (!def || depth > 20) return [];
  switch (def.type) {
    case 'object': return [def.shape as Record<string, unknown>];
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'nonoptional': case 'readonly': case 'catch':
      return shapesOf(def.innerType, depth + 1);
    case 'pipe': return shapesOf(def.in, depth + 1);
    case 'lazy': return shapesOf((def.getter as () => unknown)(), depth + 1);
    case 'union': return (def.options as unknown[]).flatMap((option) => shapesOf(option, depth + 1));
    case 'intersection': return [...shapesOf(def.left, depth + 1), ...shapesOf(def.right, depth + 1)];
    default: return [];
  }
}

/** The element schema when the value is validated as an array, else undefined. */
function elementOf(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 20) return undefined;
  switch (def.type) {
    case 'array': return def.element;
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'nonoptional': case 'readonly': case 'catch':
      return elementOf(def.innerType, depth + 1);
    case 'pipe': return elementOf(def.in, depth + 1);
    case 'lazy': return elementOf((def.getter as () => unknown)(), depth + 1);
    case 'union': {
      for (const option of def.options as unknown[]) {
        const element = elementOf(option, depth + 1);
        if (element) return element;
      }
      return undefined;
    }
    default: return undefined;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `data` with its keys spelled as `schema` spells them (recursively); other values unchanged. */
export function bindKeys(schema: z.ZodType | unknown, data: unknown): unknown {
  if (Array.isArray(data)) {
    const element = elementOf(schema);
    return element ? data.map((item) => bindKeys(element, item)) : data;
  }
  if (!isPlainObject(data)) return data;
  const shapes = shapesOf(schema);
  if (shapes.length === 0) return data;
  const fields = new Map<string, [string, unknown]>();
  for (const shape of shapes) {
    for (const [name, field] of Object.entries(shape)) if (!fields.has(name.toLowerCase())) fields.set(name.toLowerCase(), [name, field]);
  }
  const out: Record<string, unknown> = {};
  const exact = (key: string) => shapes.some((shape) => Object.hasOwn(shape, key));
  // Exactly spelled keys first, so a differently cased duplicate never overwrites them.
  const keys = Object.keys(data).sort((a, b) => Number(exact(b)) - Number(exact(a)));
  for (const key of keys) {
    const lower = key.toLowerCase();
    const target = fields.get(lower) ?? fields.get(CLIENT_NAMES[lower] ?? '');
    const name = target?.[0] ?? key;
    if (Object.hasOwn(out, name)) continue;
    out[name] = target ? bindKeys(target[1], data[key]) : data[key];
  }
  return out;
}
