/** CIRT editor sections (spec 001 §2.5, §3.11): Collateral Information, Structure, Contract Information, Liability Stepdowns. */
import { Check, Field, Section } from './editor-fields.tsx';
import { formatNumber, parseNumber, type CirtForm } from './editor-form.ts';

type Step = CirtForm['LiabilityStepDowns'][number];

export function CirtEditor({ form, onChange, errors }: { form: CirtForm; onChange(f: CirtForm): void; errors: Record<string, string> }) {
  const set = <K extends keyof CirtForm>(key: K) => (value: CirtForm[K]) => onChange({ ...form, [key]: value });
  const field = (key: keyof CirtForm & string, label: string, kind: 'number' | 'date' = 'number') => (
    <Field label={label} path={key} value={form[key] as string} onChange={set(key) as (v: string) => void} errors={errors} kind={kind} />
  );
  const pool = parseNumber(form.ReferencePoolBalance) ?? 0;
  const amount = (pct: string): string => formatNumber(Math.round(pool * (parseNumber(pct) ?? 0)) / 100);
  const setStep = (i: number, key: keyof Step, value: string) =>
    onChange({ ...form, LiabilityStepDowns: form.LiabilityStepDowns.map((r, j) => (j === i ? { ...r, [key]: value } : r)) });
  return (
    <div className="row" data-testid="cirt-editor">
      <div className="col-md-6 col-xl-4">
        <Section title="Collateral Information">
          <Field label="Deal Name" path="Name" kind="text" value={form.Name} onChange={set('Name')} errors={errors} placeholder="e.g. CIRT 2022-01-SUFFIX" />
          {field('ReferencePoolBalance', 'Reference Pool Balance ($)')}
          {field('Wac', 'WAC (%)')}
          {field('Wam', 'WAM (months)')}
        </Section>
        <Section title="Structure">
          {field('AnnualPremiumRatePct', 'Annual Premium Rate (%)')}
          {field('RetentionPct', 'Retention (%)')}
          <div className="small text-muted mb-2" data-testid="retention-amount">Retention Amount: {amount(form.RetentionPct)}</div>
          {field('LimitOfLiabilityPct', 'Limit of Liability (%)')}
          <div className="small text-muted mb-2" data-testid="limit-amount">Limit of Liability Amount: {amount(form.LimitOfLiabilityPct)}</div>
        </Section>
      </div>
      <div className="col-md-6 col-xl-3">
        <Section title="Contract Information">
          {field('EffectiveDate', 'Effective Date', 'date')}
          {field('FirstPayDate', 'First Pay Date', 'date')}
          {field('MaturityDate', 'Maturity Date', 'date')}
          {field('EarlyRedemptionDate', 'Early Redemption Date', 'date')}
          {field('CancellationPct', 'Cancellation (%)')}
          <Check label="Use Liability" path="UseLiability" checked={form.UseLiability} onChange={set('UseLiability')} />
        </Section>
      </div>
      <div className="col-12 col-xl-5">
        <Section title="Liability Stepdowns">
          <table className="table table-sm align-top mb-1" data-testid="stepdowns">
            <thead>
              <tr><th>Start Period</th><th>End Period</th><th>Reassess</th><th>Balance Mult.</th><th>Delinquent Mult.</th><th>Detachment</th></tr>
            </thead>
            <tbody>
              {form.LiabilityStepDowns.map((r, i) => {
                const path = (k: keyof Step) => `LiabilityStepDowns[${i}].${k}`;
                const cell = (k: keyof Step, label: string, minDecimals = 0) => (
                  <td><Field bare label={`${label} ${i + 1}`} path={path(k)} value={r[k]} onChange={(v) => setStep(i, k, v)} errors={errors} minDecimals={minDecimals} /></td>
                );
                return (
                  <tr key={i}>
                    {cell('StartPeriod', 'Start Period')}
                    {cell('EndPeriod', 'End Period')}
                    <td>
                      <select className="form-select form-select-sm" aria-label={`Reassess ${i + 1}`} value={r.Reassess} onChange={(e) => setStep(i, 'Reassess', e.target.value)}>
                        <option value="0">Monthly</option>
                        <option value="1">Annual</option>
                      </select>
                    </td>
                    {cell('BalanceMultiplier', 'Balance Multiplier', 2)}
                    {cell('DelinquentMultiplier', 'Delinquent Multiplier', 2)}
                    {cell('Detachment', 'Detachment', 2)}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange({
              ...form, LiabilityStepDowns: [...form.LiabilityStepDowns, { StartPeriod: '', EndPeriod: '1', Reassess: '0', BalanceMultiplier: '1.00', DelinquentMultiplier: '2.00', Detachment: '0.00' }],
            })}>Add Row</button>
            <button type="button" className="btn btn-sm btn-outline-secondary" disabled={form.LiabilityStepDowns.length === 0}
              onClick={() => onChange({ ...form, LiabilityStepDowns: form.LiabilityStepDowns.slice(0, -1) })}>Remove Row</button>
          </div>
        </Section>
      </div>
    </div>
  );
}
