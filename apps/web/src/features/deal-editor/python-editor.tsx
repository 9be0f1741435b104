/**
 * Python (template) editor (spec 001 §2.5, §3.11): a template choice (FHLMC 5005 default, NQM
 * GENERIC) and the balance and coupon of each bond. Bonds with no balance are dropped; coupons
 * are shown as percent to 3 digits.
 */
import type { PythonDeal, PythonDealStructure, PythonDealType, PythonTemplate } from '@opencrt/contracts';
import { Field, Section } from './editor-fields.tsx';
import { formatNumber, parseNumber } from './editor-form.ts';

export interface PythonForm {
  Name: string;
  DealName: PythonTemplate;
  DealType: PythonDealType;
  Bonds: { BondName: string; Balance: string; Coupon: string }[];
  /** Template bonds a saved deal set to no balance: not shown, and kept at 0 by the next save. */
  Dropped: string[];
}

export const PYTHON_TEMPLATES: PythonTemplate[] = ['FHLMC 5005', 'NQM GENERIC'];

/** Coupon percent to 3 digits. */
export const couponText = (pct: number | null): string => (pct === null ? '' : String(Math.round(pct * 1000) / 1000));

/** The editor rows of a template with a saved deal's custom fields applied; zero-balance bonds dropped. */
export function pythonBonds(template: PythonDealStructure, custom: PythonDeal['CustomFields'] = {}): PythonForm['Bonds'] {
  return template.Bonds
    .map((b) => {
      const c = custom[b.BondName];
      const balance = c?.balance ?? b.CurrentBalance;
      return { BondName: b.BondName, Balance: formatNumber(balance), Coupon: couponText(c?.coupon ?? b.Coupon), zero: !(balance > 0) };
    })
    .filter((b) => !b.zero)
    .map(({ zero: _zero, ...b }) => b);
}

/** Template bonds whose saved balance is 0 or less. */
export function droppedBonds(template: PythonDealStructure, custom: PythonDeal['CustomFields'] = {}): string[] {
  return template.Bonds.filter((b) => !((custom[b.BondName]?.balance ?? b.CurrentBalance) > 0)).map((b) => b.BondName);
}

/** Form → save payload: every bond's balance and coupon as CustomFields (dropped bonds stay at 0). */
export function pythonPayload(f: PythonForm): PythonDeal {
  return {
    Type: 'PYTHON', Name: f.Name, DealName: f.DealName, DealType: f.DealType,
    CustomFields: Object.fromEntries([
      ...f.Dropped.map((name) => [name, { balance: 0 }] as const),
      ...f.Bonds.map((b) => [b.BondName, { balance: parseNumber(b.Balance), coupon: parseNumber(b.Coupon) }] as const),
    ]),
  };
}

export function PythonEditor({ form, onChange, onTemplate, errors }: {
  form: PythonForm; onChange(f: PythonForm): void; onTemplate(t: PythonTemplate): void; errors: Record<string, string>;
}) {
  const setBond = (i: number, key: 'Balance' | 'Coupon', v: string) => onChange({ ...form, Bonds: form.Bonds.map((b, j) => (j === i ? { ...b, [key]: v } : b)) });
  return (
    <div className="row" data-testid="python-editor">
      <div className="col-md-4">
        <Section title="Deal">
          <Field label="Deal Name" path="Name" kind="text" value={form.Name} onChange={(v) => onChange({ ...form, Name: v })} errors={errors} />
          <label className="form-label small mb-0" htmlFor="python-template">Template</label>
          <select id="python-template" className="form-select form-select-sm mb-2" value={form.DealName} onChange={(e) => onTemplate(e.target.value as PythonTemplate)}>
            {PYTHON_TEMPLATES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
          <div className="small text-muted">Deal type: {form.DealType}</div>
        </Section>
      </div>
      <div className="col-md-8">
        <Section title="Bonds">
          <table className="table table-sm align-top" data-testid="python-bonds">
            <thead><tr><th>Bond</th><th>Balance ($)</th><th>Coupon (%)</th></tr></thead>
            <tbody>
              {form.Bonds.map((b, i) => (
                <tr key={b.BondName}>
                  <td className="align-middle">{b.BondName}</td>
                  <td><Field bare label={`Balance ${b.BondName}`} path={`CustomFields.${b.BondName}.balance`} value={b.Balance} onChange={(v) => setBond(i, 'Balance', v)} errors={errors} /></td>
                  <td><Field bare label={`Coupon ${b.BondName}`} path={`CustomFields.${b.BondName}.coupon`} value={b.Coupon} onChange={(v) => setBond(i, 'Coupon', v)} errors={errors} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      </div>
    </div>
  );
}
