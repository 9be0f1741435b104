import { describe, expect, it } from 'vitest';
import { looksLikeCurvePreset, parseCurvePreset, parseRampVector } from './ramp-syntax.ts';
import { psaCpr, sdaCdr } from './standard-curves.ts';

describe('PSA and SDA ramp-syntax presets (issue 25 #6)', () => {
  it('"100 SDA" is the SDA curve by period from age 1, percent, up to its flat tail (the last value extends)', () => {
    const sda = parseRampVector('100 SDA');
    if (!sda.ok) throw new Error(sda.error);
    expect(sda.values).toHaveLength(120);
    expect(sda.values[0]).toBeCloseTo(0.02, 12);
    expect(sda.values[29]).toBeCloseTo(0.6, 12);
    expect(sda.values[59]).toBeCloseTo(0.6, 12);
    expect(sda.values[119]).toBeCloseTo(sdaCdr(100, 121) * 100, 12);
    expect(sda.values[119]).toBeCloseTo(0.03, 12);
  });

  it('"150 PSA" is 1.5 × the PSA ramp: 0.3 % CPR at age 1 to 9 % at 30, flat after; case and spacing do not matter', () => {
    const psa = parseRampVector(' 150  psa ');
    if (!psa.ok) throw new Error(psa.error);
    expect(psa.values).toHaveLength(30);
    expect(psa.values[0]).toBeCloseTo(0.3, 12);
    expect(psa.values[29]).toBeCloseTo(psaCpr(150, 30) * 100, 12);
    expect(psa.values[29]).toBeCloseTo(9, 12);
    expect(parseCurvePreset('0 PSA')).toMatchObject({ ok: true, curve: 'PSA', speedPct: 0 });
  });

  it('refuses a speed that is not a percent from 0 to 10,000, naming it; other text is not a preset', () => {
    expect(parseRampVector('abc SDA')).toEqual({ ok: false, error: "'abc SDA' is not a SDA speed: write a percent of the SDA curve from 0 to 10,000, e.g. 100 SDA" });
    expect(parseCurvePreset('-5 PSA')).toMatchObject({ ok: false });
    expect(parseCurvePreset('20000 PSA')).toMatchObject({ ok: false });
    expect(parseCurvePreset('5 12R 10')).toBeNull();
    expect(parseCurvePreset('MySDA')).toBeNull();
    expect(looksLikeCurvePreset('abc SDA')).toBe(true);
    expect(looksLikeCurvePreset('base case')).toBe(false);
  });
});
