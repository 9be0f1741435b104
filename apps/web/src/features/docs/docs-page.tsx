/**
 * /docs (spec 001 §2.7, DocReader): example clients and documentation links, each opened in a
 * new window from the location the server answers; LDM and AFT function links only for those
 * roles; the loan tape field definitions (GET /documentation/loan/{a}/{b}).
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { GuideSection } from './guide-section.tsx';

const LocationSchema = z.object({ Location: z.string() });
const LoanFieldsSchema = z.array(z.object({ Position: z.number(), Name: z.string(), Type: z.string(), Required: z.boolean(), Values: z.array(z.string()).optional() }));
type LoanField = z.infer<typeof LoanFieldsSchema>[number];

const EXAMPLES: [string, string][] = [['cpp', 'C++ (libcurl)'], ['csharp', 'C# (HttpClient)'], ['excel', 'Excel (VBA)'], ['python', 'Python']];
const LAYOUTS: [string, string, string][] = [
  ['stacr', 'origination', 'STACR origination file'], ['stacr', 'performance', 'STACR monthly performance file'], ['cas', 'performance', 'CAS / CIRT loan performance file'],
];

export function DocsPage() {
  const { api, hasRole } = useSession();
  const alerts = useAlerts();
  const [layout, setLayout] = useState(0);
  const [fields, setFields] = useState<LoanField[] | null>(null);

  const open = async (path: string) => {
    // Open the window first (a popup opened after an await is blocked), then point it at the answer.
    const win = window.open('about:blank', '_blank');
    try {
      const { Location } = await api.get(path, LocationSchema);
      if (win) win.location.href = Location; else window.open(Location, '_blank');
    } catch (error) { win?.close(); alerts.error(error); }
  };

  useEffect(() => {
    const [a, b] = LAYOUTS[layout]!;
    setFields(null);
    api.get(`/documentation/loan/${a}/${b}`, LoanFieldsSchema).then(setFields, (e: unknown) => alerts.error(e));
  }, [api, alerts, layout]);

  return (
    <div data-testid="docs-page">
      <h4 className="mb-3">Documentation</h4>
      <GuideSection />
      <div className="row g-3 mb-3">
        <div className="col-md-6">
          <div className="card h-100"><div className="card-header py-2 fw-semibold">Examples</div>
            <div className="card-body">
              <p className="small text-body-secondary">Each example signs in and runs one simulation against this server.</p>
              <div className="d-flex flex-wrap gap-2">
                {EXAMPLES.map(([name, label]) => (
                  <button key={name} type="button" className="btn btn-sm btn-outline-primary" data-testid={`docs-example-${name}`} onClick={() => void open(`/documentation/examples/${name}`)}>{label}</button>
                ))}
              </div>
            </div>
          </div>
        </div>
        <div className="col-md-6">
          <div className="card h-100"><div className="card-header py-2 fw-semibold">Docs</div>
            <div className="card-body d-flex flex-wrap gap-2 align-content-start">
              <button type="button" className="btn btn-sm btn-outline-primary" data-testid="docs-api" onClick={() => void open('/documentation/docs/api')}>API reference (OpenAPI)</button>
              {hasRole('LDM_User') && <button type="button" className="btn btn-sm btn-outline-primary" data-testid="docs-ldm" onClick={() => void open('/documentation/docs/ldm-functions')}>LDM functions</button>}
              {hasRole('AFT_User') && <button type="button" className="btn btn-sm btn-outline-primary" data-testid="docs-aft" onClick={() => void open('/documentation/docs/aft-functions')}>AFT functions</button>}
            </div>
          </div>
        </div>
      </div>
      <div className="card"><div className="card-header py-2 d-flex gap-2 align-items-center">
        <label className="fw-semibold mb-0" htmlFor="docs-layout">Loan-level fields</label>
        <select id="docs-layout" className="form-select form-select-sm" style={{ width: '20rem' }} value={layout} onChange={(e) => setLayout(Number(e.target.value))} data-testid="docs-layout">
          {LAYOUTS.map(([, , label], i) => <option key={label} value={i}>{label}</option>)}
        </select>
      </div>
        {/* Focusable, so the keyboard can scroll it (axe scrollable-region-focusable). */}
        <div style={{ maxHeight: '50vh', overflow: 'auto' }} tabIndex={0} role="region" aria-label="Loan-level fields table">
          <table className="table table-sm small mb-0" data-testid="docs-loan-fields">
            <thead className="table-light sticky-top"><tr><th>Position</th><th>Name</th><th>Type</th><th>Required</th><th>Values</th></tr></thead>
            <tbody>{(fields ?? []).map((f) => (
              <tr key={f.Position}><td>{f.Position}</td><td>{f.Name}</td><td>{f.Type}</td><td>{f.Required ? 'yes' : ''}</td><td>{f.Values?.join(', ')}</td></tr>
            ))}</tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
