import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate, validateDeal, type DealSpec, type SimulationRequest } from '@opencrt/engine';
import { STRUCTURES_DIR } from './deal-files.ts';

// Every shipped ILN, RMBS, ABS and agency structure (issue 5: "every catalog deal of these
// families runs at the default scenario without error").
const dir = STRUCTURES_DIR;
const specs = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as DealSpec)
  .filter((s) => ['ILN', 'RMBS', 'ABS', 'Agency'].includes(s.family));

/** The deal-analysis defaults (spec 000 §9): CPR 10 %, CDR 0.05 %, severity 20 %; SOFR at issue. */
const defaults = (spec: DealSpec, over: Partial<SimulationRequest> = {}): SimulationRequest => ({
  DealName: spec.dealName, Cpr: [0, 0.1], Cdr: [0, 0.0005], LossSeverity: [0, 0.2], Delinquency: [0, 0.02],
  Libor: spec.index.valueAtIssuePct / 100, CleanupCall: false, ...over,
});

const cents = (x: number): number => Math.round(x * 100);

describe('catalog deals beyond STACR/CAS', () => {
  it('ships a structure for every family', () => {
    const families = new Set(specs.map((s) => s.family));
    expect([...families].sort()).toEqual(['ABS', 'Agency', 'ILN', 'RMBS']);
    expect(specs.length).toBeGreaterThanOrEqual(16);
  });

  for (const spec of specs) {
    describe(spec.dealName, () => {
      it('is a valid structure', () => {
        expect(validateDeal(spec)).toEqual([]);
      });
      it('runs the default scenario: bonds pay down, nothing negative, principal + write-downs = start balance', () => {
        const res = simulate(spec, defaults(spec), null);
        expect(res.CollateralCashflow.length).toBeGreaterThan(0);
        const bonds = res.BondsCashflows.filter((b) => !spec.macrClasses.some((m) => m.name === b.BondName));
        expect(bonds.map((b) => b.BondName)).toEqual(spec.tranches.map((t) => t.name));
        for (const b of bonds) {
          const rows = b.BondCashflow;
          for (const r of rows) {
            expect(r.Balance, `${b.BondName} balance`).toBeGreaterThanOrEqual(0);
            expect(r.Principal, `${b.BondName} principal`).toBeGreaterThanOrEqual(0);
            expect(r.Interest, `${b.BondName} interest`).toBeGreaterThanOrEqual(0);
          }
          // A class leaves only by principal or write-down (Z accretion adds to it).
          const t = spec.tranches.find((x) => x.name === b.BondName);
          const paid = rows.reduce((s, r) => s + cents(r.Principal) + cents(r.ActualWriteDown), 0);
          const last = rows.at(-1)?.Balance ?? 0;
          const accrual = spec.waterfall.kind === 'cash-flow' && spec.waterfall.interest.some((c) => c.tranche === b.BondName && c.accrual);
          if (!accrual) expect(paid + cents(last), b.BondName).toBe(cents(t?.originalNotional ?? 0));
        }
      });
      it('runs a stressed scenario with the clean-up call', () => {
        const res = simulate(spec, defaults(spec, { Cpr: [0, 0.2], Cdr: [0, 0.03], LossSeverity: [0, 0.4], Delinquency: [0, 0.08], CleanupCall: true }), null);
        expect(res.BondsCashflows.every((b) => b.BondCashflow.every((r) => r.Balance >= 0))).toBe(true);
        if (spec.family !== 'Agency') expect(res.ProjectedLosses).toBeGreaterThan(0);
        else expect(res.ProjectedLosses).toBe(0);
      });
    });
  }
});
