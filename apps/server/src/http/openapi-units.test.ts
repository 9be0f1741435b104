import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Request fields holding a rate or a percent: the OpenAPI document must say which unit each takes. */
const RATE_FIELDS = new Set(['Cpr', 'Cdr', 'LossSeverity', 'Delinquency', 'Libor', 'Margin', 'InterestRate', 'Yield', 'Spread', 'ReferenceCurve', 'MatrixCpr', 'MatrixCdr', 'Price']);

interface Schema { properties?: Record<string, Schema>; items?: Schema | Schema[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; description?: string }

/** [path, description] of every rate field in a request body schema. */
function rateFields(schema: Schema | undefined, path: string, out: [string, string | undefined][]): void {
  if (!schema || typeof schema !== 'object') return;
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (RATE_FIELDS.has(name)) out.push([`${path}.${name}`, prop.description]);
    rateFields(prop, `${path}.${name}`, out);
  }
  for (const sub of [...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) rateFields(sub, path, out);
}

describe('units in the OpenAPI document (issue 23 #5)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it("describes every request rate as a fraction or a percent", async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>> };
    const fields: [string, string | undefined][] = [];
    for (const [url, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) rateFields(op.requestBody?.content?.['application/json']?.schema, `${method.toUpperCase()} ${url}`, fields);
    }
    // The simulation, bond, reinsurance, matrix, portfolio and grid bodies all carry rates.
    expect(fields.length).toBeGreaterThan(40);
    expect(fields.filter(([, d]) => !/\b(FRACTION|PERCENT)\b/.test(d ?? '')).map(([p]) => p)).toEqual([]);
  });
});
