/**
 * Documentation (spec 001 §2.7 /docs, DocReader; spec 000 §7 GET documentation/loan/{a}/{b}).
 * GET /documentation/examples/{name} and /documentation/docs/{name} answer a location the page
 * opens in a new window. A new window carries no bearer token, so file locations are signed
 * links valid for 10 minutes (HMAC with a key of this process) served by /documentation/files.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden, NotFound } from '../../http/errors.ts';
import { FANNIE_CRT, FREDDIE_ORIGINATION, FREDDIE_PERFORMANCE, type FieldSpec } from '../deals/loan-tape.layouts.ts';
import type { ApiModule } from '../module.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const tags = ['documentation'];
const LINK_LIFETIME_MS = 10 * 60 * 1000;

/** Example clients: name → file (spec 001 §2.7 "Examples (C++, Excel, C# clients)", plus Python). */
export const EXAMPLES: Record<string, { file: string; type: string }> = {
  cpp: { file: 'examples/OpenCrtExample.cpp', type: 'text/plain; charset=utf-8' },
  csharp: { file: 'examples/OpenCrtExample.cs', type: 'text/plain; charset=utf-8' },
  excel: { file: 'examples/OpenCrtExample.bas', type: 'text/plain; charset=utf-8' },
  python: { file: 'examples/opencrt_example.py', type: 'text/plain; charset=utf-8' },
};
const DOC_FILES: Record<string, { file: string; type: string; permission: 'models:ldm' | 'models:aft' }> = {
  'ldm-functions': { file: 'ldm-functions.html', type: 'text/html; charset=utf-8', permission: 'models:ldm' },
  'aft-functions': { file: 'aft-functions.html', type: 'text/html; charset=utf-8', permission: 'models:aft' },
};

/** Loan tape layouts by family and file (GET /documentation/loan/{a}/{b}). */
const LAYOUTS: Record<string, Record<string, { fields: FieldSpec[] }>> = {
  stacr: { origination: FREDDIE_ORIGINATION, performance: FREDDIE_PERFORMANCE },
  cas: { performance: FANNIE_CRT },
  cirt: { performance: FANNIE_CRT },
};

/** A record's own entry: a name such as 'constructor' must not find Object.prototype's. */
function ownEntry<T>(record: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

const NameParams = z.object({ name: z.string().min(1).max(40) });
const LoanParams = z.object({ a: z.string().min(1).max(20), b: z.string().min(1).max(20) });
const FileParams = z.object({ file: z.string().min(1).max(60) });
const FileQuery = z.object({ expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER), sig: z.string().regex(/^[0-9a-f]{64}$/) });
const LocationSchema = z.object({ Location: z.string() });
const LoanFieldSchema = z.array(z.object({
  Position: z.number().int(), Name: z.string(), Type: z.string(), Required: z.boolean(), Values: z.array(z.string()).optional(),
}));

export const documentationModule: ApiModule = {
  name: 'documentation',
  register(api, ctx) {
    const key = randomBytes(32);
    const signature = (file: string, expires: number) => createHmac('sha256', key).update(`${file}\n${expires}`).digest('hex');
    const location = (file: string) => {
      const expires = ctx.now().getTime() + LINK_LIFETIME_MS;
      return `/api/documentation/files/${encodeURIComponent(file)}?expires=${expires}&sig=${signature(file, expires)}`;
    };
    const files = new Map<string, string>([...Object.entries(EXAMPLES), ...Object.entries(DOC_FILES)].map(([name, f]) => [path.basename(f.file), name]));

    api.get('/documentation/examples/:name', {
      config: { permission: 'docs:read' },
      schema: { tags, summary: 'Location of an example client (cpp, csharp, excel, python)', params: NameParams, response: { 200: LocationSchema } },
    }, (request) => {
      const example = ownEntry(EXAMPLES, request.params.name.toLowerCase());
      if (!example) throw new NotFound(`No example named ${request.params.name}.`);
      return { Location: location(path.basename(example.file)) };
    });

    api.get('/documentation/docs/:name', {
      config: { permission: 'docs:read' },
      schema: { tags, summary: 'Location of a documentation page (api, ldm-functions, aft-functions)', params: NameParams, response: { 200: LocationSchema } },
    }, (request) => {
      const name = request.params.name.toLowerCase();
      if (name === 'api') return { Location: '/api/docs' };
      const doc = ownEntry(DOC_FILES, name);
      if (!doc) throw new NotFound(`No documentation named ${request.params.name}.`);
      if (!rolesGrant(requireUser(request).roles, doc.permission)) throw new Forbidden();
      return { Location: location(doc.file) };
    });

    // Public by design: the signed, expiring link is the credential (a new window has no bearer token).
    api.get('/documentation/files/:file', {
      config: { permission: 'public' },
      schema: { tags, summary: 'A documentation file by signed link', params: FileParams, querystring: FileQuery },
    }, async (request, reply) => {
      const { file } = request.params;
      const { expires, sig } = request.query;
      const name = files.get(file);
      const expected = Buffer.from(signature(file, expires), 'hex');
      if (!name || expires < ctx.now().getTime() || !timingSafeEqual(expected, Buffer.from(sig, 'hex'))) {
        throw new NotFound('This documentation link has expired. Open it again from the Documentation page.');
      }
      const entry = EXAMPLES[name] ?? DOC_FILES[name]!;
      const text = await readFile(path.join(here, entry.file), 'utf8');
      return reply.type(entry.type).header('content-disposition', `inline; filename="${file}"`).send(text);
    });

    api.get('/documentation/loan/:a/:b', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Loan-level field definitions of a tape layout (stacr/origination, stacr/performance, cas/performance)', params: LoanParams, response: { 200: LoanFieldSchema } },
    }, (request) => {
      const family = ownEntry(LAYOUTS, request.params.a.toLowerCase());
      const layout = family ? ownEntry(family, request.params.b.toLowerCase()) : undefined;
      if (!layout) throw new NotFound(`No loan layout ${request.params.a}/${request.params.b}.`);
      return layout.fields.map((f) => ({ Position: f.pos, Name: f.name, Type: f.kind, Required: f.required, ...(f.values ? { Values: [...f.values] } : {}) }));
    });
  },
};
