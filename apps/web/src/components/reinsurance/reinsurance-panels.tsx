/**
 * Pieces shared by the ACIS and CIRT screens: the settings inputs (Initial Limit, Collateral,
 * Interest Rate), the cancellation month (not before the deal's optional cancellation date,
 * spec 001 §2.4) and the cashflow export.
 */
import type { InsuranceRowDto } from '@opencrt/contracts';
import type { TriggerRow } from '@opencrt/engine';
import { downloadCashflows, type ExportHeader, type ExportTab } from '../cashflow-export/export-cashflows.ts';
import { exportColumns, TRIGGER_COLUMNS } from '../run-inputs/result-columns.ts';
import type { ReinsuranceSettings } from './reinsurance-settings.ts';
import { INSURANCE_COLUMNS } from './reinsurance-results.tsx';

const FIELDS: [keyof ReinsuranceSettings, string][] = [['initialLimit', 'Initial Limit ($)'], ['collateral', 'Collateral (%)'], ['interestRate', 'Interest Rate (%)']];

export function SettingsPanel({ title, settings, onSettings }: { title: string; settings: ReinsuranceSettings; onSettings(s: ReinsuranceSettings): void }) {
  return (
    <div className="mt-2" data-testid="reinsurance-settings">
      <h3 className="h6">{title}</h3>
      <div className="row g-2">
        {FIELDS.map(([key, label]) => (
          <div className="col-4" key={key}>
            <label className="form-label small mb-0" htmlFor={`setting-${key}`}>{label}</label>
            <input id={`setting-${key}`} className="form-control form-control-sm" value={settings[key]} data-testid={`setting-${key}`}
              onChange={(e) => onSettings({ ...settings, [key]: e.target.value })} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Month input value (YYYY-MM) → YYYYMMDD (the first day). */
export const monthToYmd = (value: string): number | null => (/^\d{4}-\d{2}$/.test(value) ? Number(value.replace('-', '')) * 100 + 1 : null);

/**
 * The cancellation checkbox (CIRT 'Cancellation', ACIS 'Early Call Option'); when on, a month
 * picker whose months before `minMonth` are disabled: the deal's optional cancellation date
 * (spec 001 §2.4) or, when that has passed, the first month with a payment after settlement
 * (early-call.ts). The chosen month is shown as MM/YYYY.
 */
export function CancellationInput({ label, on, month, minMonth, onChange }: {
  label: string; on: boolean; month: string; minMonth: string | null; onChange(on: boolean, month: string): void;
}) {
  return (
    <div className="d-flex align-items-center gap-2 small mt-2">
      <label><input type="checkbox" className="form-check-input me-1" checked={on} data-testid="cancellation" onChange={(e) => onChange(e.target.checked, month)} />{label}</label>
      {on && (
        <>
          <input type="month" className="form-control form-control-sm w-auto" data-testid="cancellation-month" value={month} aria-label={`${label} month`}
            min={minMonth ?? undefined} onChange={(e) => onChange(true, e.target.value)} />
          {/^\d{4}-\d{2}$/.test(month) && <span className="text-secondary" data-testid="cancellation-mmyyyy">{month.slice(5)}/{month.slice(0, 4)}</span>}
        </>
      )}
    </div>
  );
}

/** Excel export (always .xlsx, also for one sheet: CIRT exported CSV, issue 18 #10) of one or more insurance cashflows (one sheet each), then any extra sheets (ACIS trigger info). */
export function exportInsurance(header: ExportHeader, tabs: { name: string; rows: InsuranceRowDto[] }[], extra: ExportTab<TriggerRow>[] = []): Promise<void> {
  return downloadCashflows(header, [...tabs.map((t) => insuranceSheet(t.name, t.rows)), ...extra] as ExportTab<unknown>[], 'xlsx');
}

/** One insurance cashflow as an export sheet: the table's columns and values (rates in percent under '(%)' headers), each of its export kind. */
export function insuranceSheet(name: string, rows: InsuranceRowDto[]): ExportTab<InsuranceRowDto> {
  return { name, rows, columns: exportColumns(INSURANCE_COLUMNS) };
}

/** The trigger rows of an ACIS run as an export sheet: the same columns and export form as deal analysis (rates in percent). */
export function triggerSheet(rows: TriggerRow[]): ExportTab<TriggerRow> {
  return { name: 'Triggers', rows, columns: exportColumns(TRIGGER_COLUMNS) };
}
