/** Issue 25 #7: the run answer's trigger timeline equals the trigger rows it is made of. */
import { TriggerTimelineSchema } from '@opencrt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const base = { DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.03], LossSeverity: [0, 0.3], Delinquency: [0, 0.04], Libor: [0, 0.0365786] };
interface TriggerRow { PaymentDate: number; AllTestsPass: boolean; DelinquencyTest: boolean | null; DelinquencyAverage: number; DelinquencyLimit: number; MinimumCreditEnhancementTest: boolean | null; CumulativeNetLossTest: boolean | null; SubordinatePct: number }
interface Answer { MiscVariables: { Triggers: TriggerRow[] }; BondsCashflows: { BondName: string; BondCashflow: { Principal: number }[] }[]; TriggerTimeline: unknown }

describe('trigger timeline in POST /simulate (issue 25 #7)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('one pass/fail array per deal test over the periods, each cell the trigger row\'s, with value and threshold; a failed test period pays M-1 no principal', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate', token: await t.token('user'), payload: base });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Answer;
    const timeline = TriggerTimelineSchema.parse(answer.TriggerTimeline);
    const rows = answer.MiscVariables.Triggers;
    expect(timeline.Tests).toEqual(expect.arrayContaining(['MinimumCreditEnhancement', 'Delinquency']));
    expect(timeline.PaymentDates).toEqual(rows.map((r) => r.PaymentDate));
    const at = (name: string) => timeline.Tests.indexOf(name as (typeof timeline.Tests)[number]);
    const dlq = at('Delinquency');
    rows.forEach((r, i) => {
      expect(timeline.Pass[dlq]![i]).toBe(r.DelinquencyTest);
      expect(timeline.Value[dlq]![i]).toBe(r.DelinquencyAverage);
      expect(timeline.Threshold[dlq]![i]).toBe(r.DelinquencyTest === null ? null : r.DelinquencyLimit);
      expect(timeline.Pass[at('MinimumCreditEnhancement')]![i]).toBe(r.MinimumCreditEnhancementTest);
      expect(timeline.Value[at('MinimumCreditEnhancement')]![i]).toBe(r.SubordinatePct);
    });
    expect(timeline.Unit[dlq]).toBe('dollars');
    expect(timeline.PassWhen[at('MinimumCreditEnhancement')]).toBe('>=');
    // Under 4 % delinquency the delinquency test fails, and while any test fails M-1 is paid no principal.
    const failing = rows.flatMap((r, i) => (timeline.Pass.some((p) => p[i] === false) ? [i] : []));
    expect(failing.length).toBeGreaterThan(0);
    const m1 = answer.BondsCashflows.find((b) => b.BondName === 'M-1')!.BondCashflow;
    for (const i of failing) expect(m1[i]?.Principal ?? 0).toBe(0);
  });

  it('keeps the timeline in the shallow answer (it is compact)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate?useShallowResponse=true', token: await t.token('user'), payload: base });
    const answer = res.json() as Answer;
    expect(answer.MiscVariables.Triggers).toEqual([]);
    expect(TriggerTimelineSchema.parse(answer.TriggerTimeline).PaymentDates.length).toBeGreaterThan(100);
  });
});
