import { ConfigResponse } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { useSession } from '../../app/session-context.tsx';
import { commentRows, EMPTY_CONTACT, validateContact, type ContactForm as Form } from './contact-validation.ts';

const FIELDS: { key: keyof Form; label: string; type?: string }[] = [
  { key: 'FirstName', label: 'First Name' }, { key: 'LastName', label: 'Last Name' },
  { key: 'Company', label: 'Company' }, { key: 'Position', label: 'Position' },
  { key: 'Email', label: 'Email', type: 'email' }, { key: 'PhoneNumber', label: 'Phone Number', type: 'tel' },
];

/** The contact-request form of the home page (spec 000 §2, §5, §8). */
export function ContactForm() {
  const { api } = useSession();
  const alerts = useAlerts();
  const config = useQuery({ queryKey: ['config'], queryFn: () => api.get('/config', ConfigResponse), staleTime: Infinity });
  const [form, setForm] = useState<Form>(EMPTY_CONTACT);
  const [touched, setTouched] = useState(false);
  const errors = touched ? validateContact(form) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateContact(form)).length) return;
    try {
      await api.post('/contact', form);
      alerts.success('Thank you for contacting us.');
      setForm(EMPTY_CONTACT);
      setTouched(false);
    } catch {
      alerts.show('danger', `Failed to send contact request. Please contact ${config.data?.ContactEmail ?? 'us'}`);
    }
  }

  return (
    <form onSubmit={submit} className="crt-panel" data-testid="contact-form" noValidate>
      <h2 className="h5 mb-3">Request information or a trial</h2>
      <div className="row g-2">
        <div className="col-12">
          <label className="form-label" htmlFor="contact-Type">Type</label>
          <select id="contact-Type" className="form-select" value={form.Type} onChange={(e) => setForm({ ...form, Type: e.target.value })}>
            <option>Trial</option><option>Demo</option><option>Pricing</option><option>Other</option>
          </select>
        </div>
        {FIELDS.map((f) => (
          <div className="col-md-6" key={f.key}>
            <label className="form-label" htmlFor={`contact-${f.key}`}>{f.label}</label>
            <input id={`contact-${f.key}`} type={f.type ?? 'text'} className={`form-control${errors[f.key] ? ' is-invalid' : ''}`}
              value={form[f.key]} onChange={(e) => setForm({ ...form, [f.key]: e.target.value })} />
            {errors[f.key]?.map((m) => <div className="invalid-feedback" key={m}>{m}</div>)}
          </div>
        ))}
        <div className="col-12">
          <label className="form-label" htmlFor="contact-Comments">Comments</label>
          <textarea id="contact-Comments" className="form-control" rows={commentRows(form.Comments)} data-testid="contact-comments"
            value={form.Comments} onChange={(e) => setForm({ ...form, Comments: e.target.value })} />
        </div>
      </div>
      <button type="submit" className="btn btn-outline-primary mt-3">Send</button>
    </form>
  );
}
