/**
 * Zod check of a stored deal structure document: the versioned envelope of the engine's
 * DealSpec (schema version, id, name, family) plus the engine's own validateDeal, so the type
 * stays defined once (packages/engine/src/deal/deal-spec.ts) and is never re-declared here.
 */
import { z } from 'zod';
import { DEAL_SPEC_SCHEMA_VERSION, type DealSpec, validateDeal } from '@opencrt/engine';

const Envelope = z.looseObject({
  schemaVersion: z.literal(DEAL_SPEC_SCHEMA_VERSION),
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  dealName: z.string().min(1),
  family: z.enum(['STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency', 'ACIS', 'CIRT']),
  tranches: z.array(z.looseObject({ name: z.string() })),
  waterfall: z.looseObject({ kind: z.string() }),
});

/** A DealSpec document: envelope by zod, contents by the engine's validateDeal. */
export const DealStructureSchema = Envelope.transform((doc, ctx) => {
  const spec = doc as unknown as DealSpec;
  for (const issue of validateDeal(spec)) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
  return spec;
});
