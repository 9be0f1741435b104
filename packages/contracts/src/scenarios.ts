/**
 * Saved scenarios (spec 000 §3 "Scenario", §5 "Scenario validation", §7 "Scenarios and vectors").
 * Vectors are per-period PERCENT values (CPR 10 = 10 % a year), one entry per month from period 1.
 * `scenarioIssues` is the one validity test, run by the screen before a save and by the server.
 */
import { z } from 'zod';
import { IdParamSchema, IdSchema } from './common.ts';

/** The four vectors of a scenario, in display order. */
export const SCENARIO_VECTORS = ['Cpr', 'Cdr', 'LossSeverity', 'Delinquency'] as const;
export type ScenarioVectorKey = (typeof SCENARIO_VECTORS)[number];

/** The names the spec's messages use for each vector ('X vector is empty.'). */
export const SCENARIO_VECTOR_LABELS: Record<ScenarioVectorKey, string> = {
  Cpr: 'CPR', Cdr: 'CDR', LossSeverity: 'Severity', Delinquency: 'Delinquency',
};

/** Longest vector accepted: 50 years of months, far past any deal's remaining term. */
export const MAX_SCENARIO_PERIODS = 600;

/**
 * Upper bounds per vector, percent. CPR and CDR are annualised rates: 100 % would mean the whole
 * pool prepays or defaults every month (SMM = 1), which the conversion 1-(1-x)^(1/12) allows only as
 * a degenerate limit, so they stay below 100. Severity and delinquency are shares and may reach 100.
 */
const UPPER: Record<ScenarioVectorKey, { max: number; inclusive: boolean }> = {
  Cpr: { max: 100, inclusive: false },
  Cdr: { max: 100, inclusive: false },
  LossSeverity: { max: 100, inclusive: true },
  Delinquency: { max: 100, inclusive: true },
};

/** True when a vector value is a finite percent inside the vector's range. */
export function isValidVectorValue(key: ScenarioVectorKey, value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return false;
  const { max, inclusive } = UPPER[key];
  return inclusive ? value <= max : value < max;
}

/** Optional text (deal or vendor): blank means "not deal/vendor specific" and is stored as null. */
const OptionalName = z.union([z.string().max(1000), z.null()]).optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
  .pipe(z.string().max(100).nullable());

/**
 * A scenario as a client sends it (update payload, and each item of a bulk save). Vectors are
 * taken as unknown lists so a bad value reaches `scenarioIssues` and gets the spec's message.
 */
export const ScenarioInputSchema = z.object({
  ScenarioName: z.string().max(200).nullable().optional().transform((v) => (v ?? '').trim()),
  DealName: OptionalName,
  Vendor: OptionalName,
  Cpr: z.array(z.unknown()).max(10_000).nullable().optional().transform((v) => v ?? []).describe('CPR per period, PERCENT (10 % = 10).'),
  Cdr: z.array(z.unknown()).max(10_000).nullable().optional().transform((v) => v ?? []).describe('CDR per period, PERCENT (10 % = 10).'),
  LossSeverity: z.array(z.unknown()).max(10_000).nullable().optional().transform((v) => v ?? []).describe('Loss severity per period, PERCENT (10 % = 10).'),
  Delinquency: z.array(z.unknown()).max(10_000).nullable().optional().transform((v) => v ?? []).describe('Delinquency per period, PERCENT (10 % = 10).'),
  /**
   * Forward index curve (issue 25 #1), PERCENT per month from period 1; empty or null = none (the
   * run's flat index). Absent on an update or override = the stored curve stays.
   */
  IndexCurve: z.array(z.unknown()).max(10_000).nullable().optional()
    .describe('Forward index curve per period, PERCENT from -5 to 25 (4 % = 4), period 1 first, at most 480; optional.'),
  Shared: z.boolean().optional().default(false),
});
export type ScenarioInput = z.input<typeof ScenarioInputSchema>;
export type ScenarioInputParsed = z.output<typeof ScenarioInputSchema>;

/** The shape `scenarioIssues` checks (parsed input or a scenario on screen). */
export interface ScenarioDraft {
  ScenarioName: string | null | undefined;
  Cpr: readonly unknown[];
  Cdr: readonly unknown[];
  LossSeverity: readonly unknown[];
  Delinquency: readonly unknown[];
  IndexCurve?: readonly unknown[] | null;
}

/** A scenario's index curve: at most 480 months (40 years), each from -5 % to 25 %. */
export const SCENARIO_INDEX_CURVE = { maxPeriods: 480, minPct: -5, maxPct: 25 } as const;
export const SCENARIO_INDEX_CURVE_MESSAGE = 'Index Curve vector contains incorrect values (at most 480 monthly rates, each from -5% to 25%).';

/**
 * Spec 000 §5 scenario validation, name first, then each vector in order: empty →
 * 'X vector is empty.'; any value that is not a finite percent in range, or more than
 * MAX_SCENARIO_PERIODS values → 'X vector contains incorrect values.'. Deal existence is the
 * server's check (it knows the catalog).
 */
export function scenarioIssues(s: ScenarioDraft): string[] {
  const issues: string[] = [];
  if (!s.ScenarioName || s.ScenarioName.trim() === '') issues.push("Scenario name mustn't be empty");
  for (const key of SCENARIO_VECTORS) {
    const values = s[key];
    const label = SCENARIO_VECTOR_LABELS[key];
    if (values.length === 0) issues.push(`${label} vector is empty.`);
    else if (values.length > MAX_SCENARIO_PERIODS || !values.every((v) => isValidVectorValue(key, v))) {
      issues.push(`${label} vector contains incorrect values.`);
    }
  }
  const curve = s.IndexCurve ?? [];
  const { maxPeriods, minPct, maxPct } = SCENARIO_INDEX_CURVE;
  if (curve.length > maxPeriods || !curve.every((v) => typeof v === 'number' && Number.isFinite(v) && v >= minPct && v <= maxPct)) {
    issues.push(SCENARIO_INDEX_CURVE_MESSAGE);
  }
  return issues;
}

/** The deal-existence message of spec 000 §5 (the import adds ' Please fix the input file.'). */
export const dealDoesNotExist = (deal: string): string => `The ${deal} deal doesn't exist.`;

/** A row of the scenario list (GET /scenarios, /scenarios/list). */
export const ScenarioSummarySchema = z.object({
  Id: z.number().int(),
  ScenarioName: z.string(),
  DealName: z.string().nullable(),
  Vendor: z.string().nullable(),
  Shared: z.boolean(),
  /** The caller owns it (may edit and delete). */
  Owned: z.boolean(),
  /** Owner's user name (shown to admins; the spec's entity has no owner field, this is extra). */
  Owner: z.string(),
  /** ISO 8601 timestamp of the last change. */
  LastModified: z.string(),
});
export type ScenarioSummary = z.infer<typeof ScenarioSummarySchema>;
export const ScenarioSummaryListSchema = z.array(ScenarioSummarySchema);

/** GET /scenarios/{id}: a scenario with its vectors (percent per period). */
export const ScenarioSchema = ScenarioSummarySchema.extend({
  Cpr: z.array(z.number()),
  Cdr: z.array(z.number()),
  LossSeverity: z.array(z.number()),
  Delinquency: z.array(z.number()),
  /** Forward index curve, percent per month from period 1; empty = none. Absent from older servers. */
  IndexCurve: z.array(z.number()).optional(),
});
export type Scenario = z.infer<typeof ScenarioSchema>;

export const ScenarioIdParamsSchema = z.object({ id: IdParamSchema });
export const ScenarioListQuerySchema = z.object({
  dealName: z.string().max(100).optional(),
  vendor: z.string().max(100).optional(),
});

/** What to do with a saved scenario whose name, deal and vendor match one the user owns. */
export const SaveModeSchema = z.enum(['skip', 'override']);
export type SaveMode = z.infer<typeof SaveModeSchema>;

/** POST /scenarios/bulk. */
export const ScenarioSaveRequestSchema = z.object({
  Scenarios: z.array(ScenarioInputSchema).min(1, 'Empty or incorrect scenario.').max(500),
  SaveMode: SaveModeSchema,
});
export type ScenarioSaveRequest = z.input<typeof ScenarioSaveRequestSchema>;

/** Answer of POST /scenarios/bulk: ids in request order (null = skipped duplicate). */
export const ScenarioSaveResponseSchema = z.object({
  Ids: z.array(z.number().int().nullable()),
  Created: z.number().int(),
  Overridden: z.number().int(),
  Skipped: z.number().int(),
});
export type ScenarioSaveResponse = z.infer<typeof ScenarioSaveResponseSchema>;

/** DELETE /scenarios/bulk: the list of Ids. */
export const ScenarioDeleteRequestSchema = z.array(IdSchema).min(1).max(1000);
export const ScenarioDeleteResponseSchema = z.object({ Deleted: z.number().int() });

/** POST /scenarios/bulk/share (admin). */
export const ScenarioShareRequestSchema = z.object({
  scenarioIds: z.array(IdSchema).min(1).max(1000),
  userIds: z.array(IdSchema).max(10_000),
});
export type ScenarioShareRequest = z.infer<typeof ScenarioShareRequestSchema>;
export const ScenarioShareResponseSchema = z.object({ Shared: z.number().int() });

export const ScenarioNamesSchema = z.array(z.string());

/** A user as the share dialog lists it (from GET /users, see users.ts). */
export const UserDirectoryEntrySchema = z.object({ Id: z.number().int(), Username: z.string() });
export type UserDirectoryEntry = z.infer<typeof UserDirectoryEntrySchema>;
export const UserDirectorySchema = z.array(UserDirectoryEntrySchema);
