/**
 * SIFMA standard-curve presets in the CPR and CDR fields (issue 25 #6): "150 PSA" in CPR, "100 SDA"
 * in CDR, in the engine's ramp syntax. The request schema refuses a bad preset with the field's
 * screen label, unit and range; the server expands a good one to the request's fraction vector.
 */
import type { z } from 'zod';
import { looksLikeCurvePreset, parseCurvePreset } from '@opencrt/engine/ramp-syntax';

/** The rate fields that take a preset, with the curve each takes. */
export type PresetField = 'CPR' | 'CDR';
const CURVE_OF: Record<PresetField, 'PSA' | 'SDA'> = { CPR: 'PSA', CDR: 'SDA' };

/**
 * The request rate of a preset: fractions with the leading period-0 element; an error message;
 * or null when the text is not written as a preset (a number list, a vector name).
 */
export function curvePresetRate(text: string, field: PresetField): { values: number[] } | { error: string } | null {
  if (!looksLikeCurvePreset(text)) return null;
  const parsed = parseCurvePreset(text);
  if (!parsed) return null;
  if (!parsed.ok) return { error: `${field}: ${parsed.error}.` };
  const wanted = CURVE_OF[field];
  if (parsed.curve !== wanted) return { error: `${field}: ${parsed.curve} is a ${parsed.curve === 'SDA' ? 'default' : 'prepayment'} curve; ${field} takes a ${wanted} speed, e.g. ${wanted === 'PSA' ? '150 PSA' : '100 SDA'}.` };
  return { values: [0, ...parsed.values.map((pct) => pct / 100)] };
}

/** A CPR or CDR request rate that refuses a bad preset ("abc SDA", "100 SDA" in CPR) by name. */
export function presetCheckedRate<T extends z.ZodType>(rate: T, field: PresetField) {
  return rate.superRefine((value, ctx) => {
    if (typeof value !== 'string') return;
    const preset = curvePresetRate(value, field);
    if (preset && 'error' in preset) ctx.addIssue({ code: 'custom', message: preset.error });
  });
}
