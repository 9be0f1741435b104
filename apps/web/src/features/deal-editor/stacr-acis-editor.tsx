/**
 * STACR + ACIS editor (spec 001 §2.5, §3.11, §4): collateral list, contract information,
 * structure, and the paired liability tables. The ACIS name follows the STACR name, detachments
 * recompute thickness and balance, rows are added and removed in both tables, and a STACR date
 * change runs the date cascade.
 */
import { Check, Field, Section } from './editor-fields.tsx';
import { addBond, cascadeDates, recomputeStack, removeBond, renameStacr, type StacrAcisForm } from './editor-form.ts';

type Stacr = StacrAcisForm['STACR'];
type Acis = StacrAcisForm['ACIS'];
type Contract = Stacr['ContractInformation'];

export function StacrAcisEditor({ form, onChange, errors }: { form: StacrAcisForm; onChange(f: StacrAcisForm): void; errors: Record<string, string> }) {
  const stacr = form.STACR;
  const acis = form.ACIS;
  const setStacr = (s: Partial<Stacr>, recompute = false) => {
    const next = { ...form, STACR: { ...stacr, ...s } };
    onChange(recompute ? recomputeStack(next) : next);
  };
  const setAcis = (a: Partial<Acis>, recompute = false) => {
    const next = { ...form, ACIS: { ...acis, ...a } };
    onChange(recompute ? recomputeStack(next) : next);
  };
  const setContract = (key: keyof Contract, value: string) => {
    const changed = { ...stacr.ContractInformation, [key]: value };
    // The cascade runs on a complete date (a half-typed one would be moved under the user's cursor).
    setStacr({ ContractInformation: key !== 'CancellationPct' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? cascadeDates(changed) : changed });
  };
  const contract = (key: keyof Contract, label: string, kind: 'number' | 'date' = 'date') => (
    <Field label={label} path={`STACR.ContractInformation.${key}`} kind={kind} value={stacr.ContractInformation[key]} onChange={(v) => setContract(key, v)} errors={errors} />
  );
  const structure = (key: 'CETarget' | 'DlqTarget' | 'DlqMonthsAverage', label: string) => (
    <Field label={label} path={`STACR.Structure.${key}`} value={stacr.Structure[key]} onChange={(v) => setStacr({ Structure: { ...stacr.Structure, [key]: v } })} errors={errors} />
  );
  const setBond = (i: number, key: keyof Stacr['Liability'][number], value: string) =>
    setStacr({ Liability: stacr.Liability.map((b, j) => (j === i ? { ...b, [key]: value } : b)) }, key === 'Detachment' || key === 'BondName');
  const setAcisBond = (i: number, key: keyof Acis['Liability'][number], value: string) =>
    setAcis({ Liability: acis.Liability.map((b, j) => (j === i ? { ...b, [key]: value } : b)) }, key === 'OfferedPct');
  const setLine = (i: number, key: keyof Stacr['CollateralInformation'][number], value: string) =>
    setStacr({ CollateralInformation: stacr.CollateralInformation.map((c, j) => (j === i ? { ...c, [key]: value } : c)) }, key === 'ReferencePoolBalance');

  return (
    <div data-testid="stacr-acis-editor">
      <div className="row">
        <div className="col-md-6 col-xl-4">
          <Section title="STACR">
            <Field label="STACR Deal Name" path="STACR.Name" kind="text" value={stacr.Name} onChange={(v) => onChange(renameStacr(form, v))} errors={errors} placeholder="e.g. STACR 2022-DNA1" />
            <Field label="ACIS Deal Name" path="ACIS.Name" kind="text" value={acis.Name} onChange={(v) => setAcis({ Name: v })} errors={errors} />
          </Section>
          <Section title="Contract Information">
            {contract('ClosingDate', 'Closing Date')}
            {contract('FirstPayDate', 'First Pay Date')}
            {contract('EarlyRedemptionDate', 'Early Redemption Date')}
            {contract('MaturityDate', 'Maturity Date')}
            {contract('CancellationPct', 'Cancellation (%)', 'number')}
          </Section>
        </div>
        <div className="col-md-6 col-xl-4">
          <Section title="Structure">
            {structure('CETarget', 'CE Target (%)')}
            {structure('DlqTarget', 'Delinquency Target (%)')}
            {structure('DlqMonthsAverage', 'Delinquency Months Average')}
            <Check label="Use Cumulative Loss Test" path="STACR.Structure.UseCumLossTest" checked={stacr.Structure.UseCumLossTest}
              onChange={(v) => setStacr({ Structure: { ...stacr.Structure, UseCumLossTest: v } })} />
          </Section>
          <Section title="ACIS Structure">
            <Field label="Effective Date" path="ACIS.Structure.EffectiveDate" kind="date" value={acis.Structure.EffectiveDate} onChange={(v) => setAcis({ Structure: { ...acis.Structure, EffectiveDate: v } })} errors={errors} />
            <Field label="Maturity Date" path="ACIS.Structure.MaturityDate" kind="date" value={acis.Structure.MaturityDate} onChange={(v) => setAcis({ Structure: { ...acis.Structure, MaturityDate: v } })} errors={errors} />
            <Field label="Months To Call" path="ACIS.Structure.MonthsToCall" value={acis.Structure.MonthsToCall} onChange={(v) => setAcis({ Structure: { ...acis.Structure, MonthsToCall: v } })} errors={errors} />
          </Section>
        </div>
        <div className="col-12 col-xl-4">
          <Section title="Collateral">
            <table className="table table-sm align-top mb-1" data-testid="collateral">
              <thead><tr><th>Pool Balance ($)</th><th>WAC</th><th>WAM</th><th>WALA</th></tr></thead>
              <tbody>
                {stacr.CollateralInformation.map((c, i) => (
                  <tr key={i}>
                    {(['ReferencePoolBalance', 'Wac', 'Wam', 'Wala'] as const).map((k) => (
                      <td key={k}><Field bare label={`${k} ${i + 1}`} path={`STACR.CollateralInformation[${i}].${k}`} value={c[k]} onChange={(v) => setLine(i, k, v)} errors={errors} /></td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={stacr.CollateralInformation.length >= 5}
                onClick={() => setStacr({ CollateralInformation: [...stacr.CollateralInformation, { ReferencePoolBalance: '', Wac: '', Wam: '', Wala: '0' }] }, true)}>Add Line</button>
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={stacr.CollateralInformation.length <= 1}
                onClick={() => setStacr({ CollateralInformation: stacr.CollateralInformation.slice(0, -1) }, true)}>Remove Line</button>
            </div>
          </Section>
        </div>
      </div>
      <div className="row">
        <div className="col-12 col-xl-7">
          <Section title="STACR Liability">
            <table className="table table-sm align-top mb-1" data-testid="stacr-bonds">
              <thead><tr><th>Bond</th><th>Detachment (%)</th><th>Thickness (%)</th><th>Balance ($)</th><th>Coupon (%)</th><th>Spread (%)</th></tr></thead>
              <tbody>
                {stacr.Liability.map((b, i) => {
                  const p = `STACR.Liability[${i}]`;
                  return (
                    <tr key={i}>
                      <td><Field bare kind="text" label={`Bond ${i + 1}`} path={`${p}.BondName`} value={b.BondName} onChange={(v) => setBond(i, 'BondName', v)} errors={errors} /></td>
                      <td><Field bare label={`Detachment ${i + 1}`} path={`${p}.Detachment`} value={b.Detachment} minDecimals={2} readOnly={i === 0} onChange={(v) => setBond(i, 'Detachment', v)} errors={errors} /></td>
                      <td><Field bare readOnly label={`Thickness ${i + 1}`} path={`${p}.Thickness`} value={b.Thickness} onChange={() => undefined} errors={errors} /></td>
                      <td><Field bare readOnly label={`Balance ${i + 1}`} path={`${p}.Balance`} value={b.Balance} onChange={() => undefined} errors={errors} /></td>
                      <td><Field bare label={`Coupon ${i + 1}`} path={`${p}.Coupon`} value={b.Coupon} onChange={(v) => setBond(i, 'Coupon', v)} errors={errors} /></td>
                      <td><Field bare label={`Spread ${i + 1}`} path={`${p}.Spread`} value={b.Spread} onChange={(v) => setBond(i, 'Spread', v)} errors={errors} /></td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange(addBond(form))}>Add Bond</button>
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={stacr.Liability.length <= 2} onClick={() => onChange(removeBond(form))}>Remove Bond</button>
            </div>
            {errors['ACIS.Liability'] ? <div className="invalid-feedback d-block">{errors['ACIS.Liability']}</div> : null}
          </Section>
        </div>
        <div className="col-12 col-xl-5">
          <Section title="ACIS Liability">
            <table className="table table-sm align-top mb-1" data-testid="acis-bonds">
              <thead><tr><th>Bond</th><th>Offered (%)</th><th>Balance ($)</th><th>Premium (%)</th><th>Call Mult.</th></tr></thead>
              <tbody>
                {acis.Liability.map((b, i) => {
                  const p = `ACIS.Liability[${i}]`;
                  return (
                    <tr key={i}>
                      <td><Field bare readOnly kind="text" label={`ACIS Bond ${i + 1}`} path={`${p}.BondName`} value={b.BondName} onChange={() => undefined} errors={errors} /></td>
                      <td><Field bare label={`Offered ${i + 1}`} path={`${p}.OfferedPct`} value={b.OfferedPct} onChange={(v) => setAcisBond(i, 'OfferedPct', v)} errors={errors} /></td>
                      <td><Field bare readOnly label={`ACIS Balance ${i + 1}`} path={`${p}.Balance`} value={b.Balance} onChange={() => undefined} errors={errors} /></td>
                      <td><Field bare label={`Premium ${i + 1}`} path={`${p}.Premium`} value={b.Premium} onChange={(v) => setAcisBond(i, 'Premium', v)} errors={errors} /></td>
                      <td><Field bare label={`Call Multiplier ${i + 1}`} path={`${p}.CallMultiplier`} value={b.CallMultiplier} minDecimals={2} onChange={(v) => setAcisBond(i, 'CallMultiplier', v)} errors={errors} /></td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Section>
        </div>
      </div>
    </div>
  );
}
