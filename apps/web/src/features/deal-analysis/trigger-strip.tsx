import { TRIGGER_TEST_LABELS, type TriggerTimelineDto } from '@opencrt/contracts';
import { cellState, cellTitle, failedPeriods, periodRanges } from './trigger-strip-model.ts';
import { ScrollRegion } from '../../components/scroll-region/scroll-region.tsx';

/** Room for the longest test name and its fail count on one line ("Class A-1 cumulative net loss (0 fail)"); longer ones wrap. */
const LABEL_WIDTH = 290;
const COLOR = { fail: 'var(--bs-danger)', pass: 'var(--bs-success-bg-subtle)', untested: 'var(--bs-secondary-bg)' } as const;

/**
 * Trigger timeline strip (issue 25 #7): one row per deal test, a cell per payment period, red where
 * the test fails (the waterfall then pays the senior class first, so the mezzanine gets no
 * principal). Hovering a cell gives the period, the test's value against its threshold and the
 * outcome. The cells share the row's width; a long run scrolls sideways on a narrow screen.
 */
export function TriggerStrip({ timeline }: { timeline: TriggerTimelineDto }) {
  const periods = timeline.PaymentDates.length;
  if (!timeline.Tests.length || !periods) return null;
  return (
    <section className="crt-panel mt-3" data-testid="trigger-strip">
      <h2 className="h6 mb-2">Trigger timeline <span className="small text-secondary fw-normal">(red = test fails; hover a cell for the value against its threshold)</span></h2>
      <ScrollRegion label="Trigger timeline">
        <div style={{ minWidth: Math.max(400, periods * 2 + LABEL_WIDTH) }}>
          {timeline.Tests.map((test, t) => {
            const failed = failedPeriods(timeline, t);
            return (
              <div key={test} className="d-flex align-items-center mb-1" data-testid={`trigger-row-${test}`}>
                <div className="small pe-2 lh-sm" style={{ width: LABEL_WIDTH, flex: `0 0 ${LABEL_WIDTH}px` }} title={failed.length ? `Fails in periods ${periodRanges(failed)}` : 'Passes in every period'}>
                  {TRIGGER_TEST_LABELS[test]}
                  <span className={`ms-1 ${failed.length ? 'text-danger' : 'text-secondary'}`} data-testid={`trigger-fails-${test}`}>({failed.length} fail)</span>
                </div>
                <div className="d-flex flex-grow-1" style={{ height: 16 }}>
                  {timeline.PaymentDates.map((_, p) => {
                    const state = cellState(timeline, t, p);
                    return <div key={p} data-testid={`trigger-cell-${test}-${p + 1}`} data-state={state} title={cellTitle(timeline, t, p)}
                      style={{ flex: '1 1 0', minWidth: 2, background: COLOR[state], borderRight: '1px solid var(--bs-body-bg)' }} />;
                  })}
                </div>
              </div>
            );
          })}
          <div className="d-flex small text-secondary" style={{ paddingLeft: LABEL_WIDTH }}>
            <span>Period 1</span><span className="ms-auto">Period {periods}</span>
          </div>
        </div>
      </ScrollRegion>
    </section>
  );
}
