/**
 * Issue 34 #7: one STACR convention. A STACR deal built in the custom editor runs in the offering
 * memorandum's convention like the shipped STACR deals (credit events taken at the event, no
 * recovery lag): the editor's rebuild of STACR 2026-DNA1's principal classes (its attachment points,
 * its pool as one WAC/WAM/WALA line) loses what DNA1 loses, when DNA1 loses it, class by class.
 * The editor API also takes the null coupon its schema allows (notes pay index + Spread). The
 * scenario keeps losses in the subordinate classes: under heavy losses DNA1's A-1 follows its
 * offering memorandum's scheduled senior reduction and supplemental reductions, which the editor's
 * senior/subordinate structure does not have (a structure difference, not a convention one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StacrAcisDeal } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** DNA1's principal classes: name in the editor, DNA1's class, detachment (percent of the pool). */
const CLASSES = [
  ['A', 'A-H', 100], ['A1', 'A-1', 4.8], ['M1', 'M-1', 3.525], ['M2A', 'M-2A', 2.25], ['M2B', 'M-2B', 2.075],
  ['B1', 'B-1H', 1.9], ['B2', 'B-2H', 1.45], ['B3', 'B-3H', 0.25],
] as const;
const POOL = 22_781_151_551.84;

const rebuild = (): StacrAcisDeal => ({
    Type: 'STACR_ACIS', Name: 'STACR 2026-DNX', DependantNames: ['ACIS 2026-DNX'],
    STACR: {
      Name: 'STACR 2026-DNX',
      CollateralInformation: [{ ReferencePoolBalance: POOL, Wac: 6.793, Wam: 349, Wala: 10 }],
      ContractInformation: { ClosingDate: 20260217, FirstPayDate: 20260325, MaturityDate: 20460225, EarlyRedemptionDate: 20310225, CancellationPct: 10 },
      Structure: { CETarget: 3.525, DlqTarget: 50, DlqMonthsAverage: 6, UseCumLossTest: true },
      // Coupon null: the schema allows it and the notes pay SOFR + Spread.
      Liability: CLASSES.map(([name, , det], i) => ({
        BondName: name, Detachment: det, Thickness: det - (CLASSES[i + 1]?.[2] ?? 0), Balance: null, Coupon: null, Spread: i === 0 ? 0 : 1,
      })),
    },
    ACIS: {
      Name: 'ACIS 2026-DNX', Structure: { EffectiveDate: 20260217, MaturityDate: 20380217, MonthsToCall: 60 },
      Liability: CLASSES.slice(1).map(([name]) => ({ BondName: name, OfferedPct: 50, Balance: 1_000_000, Premium: 2, CallMultiplier: 1 })),
    },
});

interface Row { Period: number; Defaults: number; Losses: number }
interface Bond { BondName: string; WritedownPct: number; BondCashflow: { ActualWriteDown: number }[] }
interface Simulation { ProjectedLosses: number; CollateralCashflow: Row[]; BondsCashflows: Bond[] }

describe('a custom STACR deal runs like a shipped one (issue 34 #7)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('the editor\'s rebuild of DNA1 saves with null coupons, takes losses at the credit event and loses what DNA1 loses, class by class', async () => {
    const token = await t.token('analyst');
    const created = await t.request({ method: 'POST', url: '/api/deals/custom/stacr_acis', token, payload: rebuild() });
    expect(created.statusCode, created.body).toBe(200);
    const run = async (DealName: string, extra: object = {}) => {
      const res = await t.request({
        method: 'POST', url: '/api/simulate', token,
        payload: { DealName, SettlementDate: 20260217, Cpr: [0, 0.08], Cdr: [0, 0.006], LossSeverity: [0, 0.3], Delinquency: [0, 0], Libor: [0, 0.04], ...extra },
      });
      return res;
    };
    const custom = (await run('STACR 2026-DNX')).json() as Simulation;
    const dna1 = (await run('STACR 2026-DNA1')).json() as Simulation;
    // Credit events at the event: every period's loss is its defaults × severity, none waits.
    for (const deal of [custom, dna1]) {
      for (const r of deal.CollateralCashflow.slice(0, 60)) expect(r.Losses).toBeCloseTo(r.Defaults * 0.3, 0);
    }
    // A recovery lag is refused as on DNA1 (the convention has none).
    const lagged = await run('STACR 2026-DNX', { RecoveryLagMonths: 6 });
    expect(lagged.statusCode).toBe(400);
    expect(lagged.json().Message).toContain('Recovery Lag (months) does not apply to STACR 2026-DNX');
    // The pool loses what DNA1's loses (one line for DNA1's 31: within 1 %).
    expect(Math.abs(custom.ProjectedLosses / dna1.ProjectedLosses - 1)).toBeLessThan(0.01);
    // Each principal class is written down as its DNA1 class is (percent of its balance).
    const wd = (s: Simulation, name: string) => s.BondsCashflows.find((b) => b.BondName === name)?.WritedownPct ?? Number.NaN;
    for (const [name, dnaName] of CLASSES) {
      expect(Math.abs(wd(custom, name) - wd(dna1, dnaName)), `${name} vs ${dnaName}`).toBeLessThan(0.5);
    }
    expect(wd(custom, 'B3')).toBeCloseTo(100, 6);
    expect(wd(custom, 'B2')).toBeGreaterThan(1);
  });
});
