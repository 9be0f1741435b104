import { describe, expect, it } from 'vitest';
import dna2Json from '../../../../data/deals/structures/stacr-2026-dna2.json' with { type: 'json' };
import type { DealSpec } from './deal-spec.ts';
import { validateDeal } from './validate-deal.ts';
import { referenceWaterfall } from './waterfall-kind.ts';

const good = dna2Json as DealSpec;
const clone = (): DealSpec => JSON.parse(JSON.stringify(good)) as DealSpec;
const messages = (spec: DealSpec): string[] => validateDeal(spec).map((i) => `${i.path}: ${i.message}`);

describe('validateDeal', () => {
  it('accepts the shipped STACR 2026-DNA2 structure', () => {
    expect(validateDeal(good)).toEqual([]);
  });
  it('reports date order, sums, pairs and unknown tranches with paths', () => {
    const s = clone();
    s.dates.firstPaymentDate = '2026-02-30';
    s.collateral.repLines[0]!.balance += 0.01;
    s.tranches[1]!.pair = 'X-1H';
    const down = referenceWaterfall(s).steps.find((x) => x.kind === 'write-down');
    if (down && 'order' in down) down.order[1]!.tranche = 'B-9H';
    expect(messages(s)).toEqual([
      'dates.firstPaymentDate: must be an ISO date YYYY-MM-DD',
      'collateral.repLines: rep-line balances sum to 26703800234.87, not the cut-off balance',
      'tranches[1].pair: unknown pair X-1H',
      'tranches[2].pair: pair M-1 does not point back',
      'waterfall.steps[1].order[1].tranche: unknown tranche B-9H',
    ]);
  });
  it('checks tranche notionals against the cut-off balance to the cent', () => {
    const s = clone();
    s.tranches[0]!.originalNotional = 25902685229.85;
    expect(messages(s)).toEqual(['tranches: tranche notionals sum to 26703800234.85, not the cut-off balance']);
  });
  it('uses the spec editor limits for thresholds and needs a loss share for the PPM convention', () => {
    const s = clone();
    referenceWaterfall(s).tests.minimumCreditEnhancement = { thresholdPct: 30 };
    s.conventions.fixedLossSharePct = null;
    s.earlyRedemption.cleanUpPctOfCutOff = 40;
    expect(messages(s)).toEqual([
      'earlyRedemption.cleanUpPctOfCutOff: 0 <= CancellationPct < 25',
      'conventions.fixedLossSharePct: stacr-ppm convention needs a loss share between 0 and 100',
      'waterfall.tests.minimumCreditEnhancement.thresholdPct: 0 < CETarget < 25',
    ]);
  });
  it('rejects non-cent money and gating on undefined tests', () => {
    const s = clone();
    s.collateral.repLines[0]!.balance = 1.005;
    referenceWaterfall(s).tests.delinquency = null;
    const m = messages(s);
    expect(m).toContain('collateral.repLines[0].balance: must be >= 0 and exact to the cent');
    expect(m).toContain('waterfall.gatingTests[2]: test delinquency is not defined');
  });
});
