/**
 * The parameters panel (spec 002 "Reports"): one input per parameter by type — int, date, or a
 * select of saved calculations or of the user's deals. The chosen calculation is remembered in
 * localStorage (checklist §0).
 */
import { parameterEmpty, parameterNotADate, REPORT_DATE_FIRST, REPORT_DATE_LAST, type ReportCalculation, type ReportParameter } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../alerts/alerts.tsx';
import { loadCalculations, loadUserDealNames, type RunValue } from '../../api/reports.api.ts';

export const CALCULATION_STORAGE_KEY = 'opencrt.report.calculation';

export type ParameterValues = Record<string, string>;

/** Start values: the remembered calculation, else the parameter's default value. */
export function initialValues(parameters: readonly ReportParameter[]): ParameterValues {
  const remembered = typeof localStorage === 'undefined' ? null : localStorage.getItem(CALCULATION_STORAGE_KEY);
  return Object.fromEntries(parameters.map((p) => [p.DbName,
    p.Type === 'select' && p.SubType === 'calculations' && remembered ? remembered : p.DefaultValue ?? '']));
}

/**
 * What keeps the report from running: 'Parameter {parameter} is empty' for each empty value (spec
 * 002 §5) and a date outside 1900-2100 (the date input takes year 9999; the server refuses it with
 * the same words). A whole number with letters is the server's to refuse ('Report is not executed'
 * and 'Parameter Step must be a whole number.').
 */
export function parameterMessages(parameters: readonly ReportParameter[], values: ParameterValues): string[] {
  return parameters.flatMap((p) => {
    const value = (values[p.DbName] ?? '').trim();
    if (value === '') return [parameterEmpty(p.Name)];
    if (p.Type === 'date') {
      const iso = isoOfParameterDate(value);
      if (iso === null || iso < REPORT_DATE_FIRST || iso > REPORT_DATE_LAST) return [parameterNotADate(p.Name)];
    }
    return [];
  });
}

/** A date parameter as the server reads it (YYYY-MM-DD, YYYYMMDD or MM/DD/YYYY; a default may be any) in ISO, or null. */
function isoOfParameterDate(text: string): string | null {
  const ymd = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  const mdy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [y, m, d] = ymd ? [ymd[1], ymd[2], ymd[3]] : mdy ? [mdy[3], mdy[1]?.padStart(2, '0'), mdy[2]?.padStart(2, '0')] : [];
  return y && m && d ? `${y}-${m}-${d}` : null;
}

export function runValues(parameters: readonly ReportParameter[], values: ParameterValues): RunValue[] {
  return parameters.map((p) => ({ Id: p.Id, DbName: p.DbName, Name: p.Name, Value: (values[p.DbName] ?? '').trim() }));
}

const calculationLabel = (c: ReportCalculation) => `${c.PortfolioName} / ${c.Name} / ${c.SettlementDate}${c.EarlyCall ? ' / Early Call' : ''}`;

interface Props {
  parameters: readonly ReportParameter[];
  values: ParameterValues;
  onChange(values: ParameterValues): void;
  /** Deal parameters fixed by the screen (historical reports on a deal screen). */
  fixedDeal?: string;
}

export function ReportParameterInputs({ parameters, values, onChange, fixedDeal }: Props) {
  const { api } = useSession();
  const alerts = useAlerts();
  const [calculations, setCalculations] = useState<ReportCalculation[] | null>(null);
  const [deals, setDeals] = useState<string[] | null>(null);
  const needsCalculations = parameters.some((p) => p.Type === 'select' && p.SubType === 'calculations');
  const needsDeals = fixedDeal === undefined && parameters.some((p) => p.Type === 'select' && p.SubType === 'deals');

  useEffect(() => {
    if (needsCalculations && calculations === null) loadCalculations(api).then(setCalculations, (e: unknown) => { setCalculations([]); alerts.error(e); });
  }, [needsCalculations, calculations, api, alerts]);
  useEffect(() => {
    if (needsDeals && deals === null) loadUserDealNames(api).then(setDeals, (e: unknown) => { setDeals([]); alerts.error(e); });
  }, [needsDeals, deals, api, alerts]);

  const set = (p: ReportParameter, value: string) => {
    if (p.Type === 'select' && p.SubType === 'calculations') localStorage.setItem(CALCULATION_STORAGE_KEY, value);
    onChange({ ...values, [p.DbName]: value });
  };

  if (parameters.length === 0) return <div className="text-body-secondary small" data-testid="report-no-parameters">This report has no parameters.</div>;
  return (
    <div className="d-flex flex-wrap gap-3" data-testid="report-parameters">
      {[...parameters].sort((a, b) => a.Order - b.Order).map((p) => {
        const id = `report-param-${p.DbName}`;
        const value = values[p.DbName] ?? '';
        let input;
        if (p.Type === 'select' && p.SubType === 'deals' && fixedDeal !== undefined) {
          input = <input id={id} className="form-control form-control-sm" value={fixedDeal} readOnly data-testid={id} />;
        } else if (p.Type === 'select' && p.SubType === 'deals') {
          input = (
            <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => set(p, e.target.value)} data-testid={id}>
              <option value="">-- select a deal --</option>
              {(deals ?? []).map((d) => <option key={d} value={d}>{d}</option>)}
            </select>
          );
        } else if (p.Type === 'select' && p.SubType === 'calculations') {
          input = (
            <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => set(p, e.target.value)} data-testid={id}>
              <option value="">-- select a calculation --</option>
              {(calculations ?? []).map((c) => <option key={c.Id} value={String(c.Id)}>{calculationLabel(c)}</option>)}
            </select>
          );
        } else if (p.Type === 'date') {
          input = <input id={id} type="date" className="form-control form-control-sm" value={value} onChange={(e) => set(p, e.target.value)} data-testid={id} />;
        } else {
          input = <input id={id} inputMode="numeric" className="form-control form-control-sm" value={value} onChange={(e) => set(p, e.target.value)} data-testid={id} />;
        }
        return (
          <div key={p.DbName} style={{ minWidth: '12rem' }}>
            <label htmlFor={id} className="form-label small mb-1">{p.Name}</label>
            {input}
          </div>
        );
      })}
    </div>
  );
}
