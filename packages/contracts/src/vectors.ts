/**
 * Personal vectors (spec 001 §2.6, §3.10, §5.3, §7 "Vectors"): named per-period value lists a user
 * keeps for CPR/CDR inputs (text with letters in those inputs is a vector name, spec 001 §5.1).
 */
import { z } from 'zod';

/** A new empty vector has 360 periods (spec 001 §9). */
export const NEW_VECTOR_PERIODS = 360;
/** Longest vector accepted: 100 years of months. */
export const MAX_VECTOR_PERIODS = 1200;

export const VECTOR_NAME_EMPTY = 'Vector name cannot be empty.';
export const VECTOR_NAME_TAKEN = 'A vector with this name already exists.';
export const VECTOR_INVALID = 'Empty or incorrect vector.';
/** Vectors feed CPR and CDR inputs, percent per period: below 0 or above 100 is never a rate. */
export const VECTOR_MIN = 0;
export const VECTOR_MAX = 100;
export const vectorOutOfRange = (name: string): string => `Vector ${name}: values must be between ${VECTOR_MIN} and ${VECTOR_MAX}.`;
/** Spec 001 §8 spells it this way. */
export const VECTORS_SAVED = 'Sucessfully saved vectors';
export const vectorNotFound = (name: string): string => `${name} vector was not found.`;

/** GET /vectors item: the caller's own vectors and those an admin shared. */
export const UserVectorSchema = z.object({
  Name: z.string(),
  Value: z.array(z.number()),
  Shared: z.boolean(),
  /** The caller owns it (only owned vectors are saved back). */
  Owned: z.boolean(),
});
export type UserVector = z.infer<typeof UserVectorSchema>;
export const UserVectorListSchema = z.array(UserVectorSchema);

/** One vector of a save; values arrive unchecked so a bad one gets the spec's message. */
export const UserVectorInputSchema = z.object({
  Name: z.string().max(100).nullable().optional().transform((v) => (v ?? '').trim()),
  Value: z.array(z.unknown()).max(10_000).nullable().optional().transform((v) => v ?? []),
  Shared: z.boolean().optional().default(false),
});
export type UserVectorInput = z.input<typeof UserVectorInputSchema>;

/**
 * POST /vectors: the full list of the caller's own vectors (replaces what was stored). 1,000 is the
 * most a request carries; the server's quota (OPENCRT_MAX_VECTORS_PER_USER, default 500) answers 429 below it.
 */
export const USER_VECTOR_MAX_COUNT = 1_000;
export const UserVectorSaveRequestSchema = z.array(UserVectorInputSchema).max(USER_VECTOR_MAX_COUNT);
export const UserVectorSaveResponseSchema = z.object({ Saved: z.number().int() });

/**
 * Spec 001 §5.3 save check: every vector needs a name and a non-empty list of finite numbers
 * (at most MAX_VECTOR_PERIODS) within VECTOR_MIN–VECTOR_MAX; names are unique ignoring case. Returns the messages, or [].
 */
export function vectorListIssues(vectors: readonly { Name: string | null | undefined; Value: readonly unknown[] }[]): string[] {
  const issues = new Set<string>();
  const seen = new Set<string>();
  for (const v of vectors) {
    const name = (v.Name ?? '').trim();
    if (!name) { issues.add(VECTOR_INVALID); continue; }
    const key = name.toLowerCase();
    if (seen.has(key)) issues.add(VECTOR_NAME_TAKEN);
    seen.add(key);
    const ok = v.Value.length > 0 && v.Value.length <= MAX_VECTOR_PERIODS
      && v.Value.every((x) => typeof x === 'number' && Number.isFinite(x));
    if (!ok) issues.add(VECTOR_INVALID);
    else if (v.Value.some((x) => (x as number) < VECTOR_MIN || (x as number) > VECTOR_MAX)) issues.add(vectorOutOfRange(name));
  }
  return [...issues];
}
