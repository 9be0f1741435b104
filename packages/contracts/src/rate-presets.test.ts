import { describe, expect, it } from 'vitest';
import { curvePresetRate } from './rate-presets.ts';
import { SimulationRequestSchema } from './simulation.ts';

const base = { DealName: 'STACR 2026-DNA1', LossSeverity: 0.25, Delinquency: 0, Libor: 0.04 };

describe('standard-curve presets in CPR and CDR (issue 25 #6)', () => {
  it('accepts "150 PSA" in CPR and "100 SDA" in CDR, as text the server expands to fractions', () => {
    const parsed = SimulationRequestSchema.parse({ ...base, Cpr: '150 PSA', Cdr: '100 SDA' });
    expect(parsed.Cpr).toBe('150 PSA');
    const cdr = curvePresetRate('100 SDA', 'CDR');
    expect(cdr && 'values' in cdr && cdr.values.slice(0, 2)).toEqual([0, 0.0002]);
    const cpr = curvePresetRate('150 PSA', 'CPR');
    expect(cpr && 'values' in cpr && cpr.values[30]).toBeCloseTo(0.09, 12);
    expect(curvePresetRate('my vector', 'CPR')).toBeNull();
  });

  it('refuses a bad speed and the other field\'s curve, naming the field as the screen does', () => {
    const bad = SimulationRequestSchema.safeParse({ ...base, Cpr: 0.1, Cdr: 'abc SDA' });
    expect(bad.error?.issues[0]?.message).toBe("CDR: 'abc SDA' is not a SDA speed: write a percent of the SDA curve from 0 to 10,000, e.g. 100 SDA.");
    const crossed = SimulationRequestSchema.safeParse({ ...base, Cpr: '100 SDA', Cdr: 0 });
    expect(crossed.error?.issues[0]?.message).toBe('CPR: SDA is a default curve; CPR takes a PSA speed, e.g. 150 PSA.');
  });
});
