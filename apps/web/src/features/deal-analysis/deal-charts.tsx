import { useDeferredValue, useMemo, useState } from 'react';
import { creditModelLabel, ModelVectorsChart } from '../../components/model-vectors/model-vectors-chart.tsx';
import { PeriodChart, type PeriodSeries } from '../../components/period-chart/period-chart.tsx';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';

/** The credit model a run request used ('LDM 3.0'), or null for a run on user vectors or a scenario. */
export function runModelLabel(body: Record<string, unknown> | null | undefined): string | null {
  const model = body?.PrepaymentModel;
  return typeof model === 'string' ? creditModelLabel(model) : null;
}

/**
 * Charts of a deal run (issue 18 #14): the collateral balance, the cumulative loss and each
 * class's balance stacked (the paydown), by period, hover for the values; for a credit-model run
 * also the model's CPR, CDR and severity that drove the waterfall, and beside them the rep-line run
 * of the same inputs when the deal has a loan tape (issue 24). They can be hidden;
 * ECharts loads with the first chart (the tables do not need it).
 */
export function DealCharts({ result: latest, bondNames, agency, model = null }: { result: SimulationResult; bondNames: string[]; agency: boolean; model?: string | null }) {
  const [show, setShow] = useState(true);
  // A new run draws its tables first and its charts right after (issue 27: redrawing three canvas
  // charts took as long as the rest of the screen): the charts follow the result at low priority.
  const result = useDeferredValue(latest);
  const periods = useMemo(() => result.CollateralCashflow.map((r) => r.Period), [result]);
  const collateral = useMemo<PeriodSeries[]>(() => [{ name: 'Collateral balance', values: result.CollateralCashflow.map((r) => r.Balance) }], [result]);
  const losses = useMemo<PeriodSeries[]>(() => [{ name: 'Cumulative loss', values: result.CollateralCashflow.map((r) => r.CumulativeLosses) }], [result]);
  // Rows of a class end after its pay-off (cut for the screen): 0 beyond them.
  const classes = useMemo<PeriodSeries[]>(() => result.BondsCashflows.filter((b) => bondNames.includes(b.BondName)).map((b) => {
    const byPeriod = new Map(b.BondCashflow.map((r) => [r.Period, r.Balance]));
    return { name: b.BondName, stack: 'classes', values: periods.map((p) => byPeriod.get(p) ?? 0) };
  }), [result, bondNames, periods]);
  return (
    <section className="crt-panel mt-3" data-testid="deal-charts">
      <div className="d-flex align-items-center gap-3">
        <h2 className="h5 mb-0">Charts</h2>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="toggle-charts" onClick={() => setShow(!show)}>{show ? 'Hide charts' : 'Show charts'}</button>
      </div>
      {show && (
        <div className="row g-2 mt-1">
          <div className="col-lg-6"><PeriodChart title="Collateral balance" periods={periods} series={collateral} testId="chart-collateral" /></div>
          {!agency && <div className="col-lg-6"><PeriodChart title="Cumulative loss" periods={periods} series={losses} testId="chart-losses" /></div>}
          {model && (
            <div className="col-12">
              <ModelVectorsChart rows={result.CollateralCashflow} model={model} agency={agency} run={result.CreditModel ?? null} />
            </div>
          )}
          <div className="col-12"><PeriodChart title="Class balances (stacked)" periods={periods} series={classes} testId="chart-classes" height={340} /></div>
        </div>
      )}
    </section>
  );
}
