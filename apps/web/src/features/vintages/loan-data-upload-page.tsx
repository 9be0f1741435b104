/**
 * /admin_loan_data (Admin ▸ Loan data, issue 33): upload GSE loan-level files (Freddie Mac
 * origination / performance, Fannie Mae CRT; plain text or .zip) with a progress bar: the upload's
 * bytes first, then the import's progress polled from the server; the files in the store below.
 */
import { ImportJobSchema, type ImportJob } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { useApi, useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { loadGseFiles } from './vintages.api.ts';

type GseFile = Awaited<ReturnType<typeof loadGseFiles>>[number];

/** POST /api/loan-data/uploads with the file as the body (XMLHttpRequest: fetch reports no upload progress). */
function upload(file: File, token: string, onProgress: (pct: number) => void): Promise<ImportJob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/loan-data/uploads?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress((100 * e.loaded) / e.total); };
    xhr.onload = () => {
      try {
        const body: unknown = JSON.parse(xhr.responseText);
        if (xhr.status === 202) resolve(ImportJobSchema.parse(body));
        else reject(new Error((body as { Message?: string }).Message ?? `upload failed (${xhr.status})`));
      } catch (error) { reject(error as Error); }
    };
    xhr.onerror = () => reject(new Error('the upload was interrupted'));
    xhr.send(file);
  });
}

export function LoanDataUploadPage() {
  const api = useApi();
  const { session } = useSession();
  const alerts = useAlerts();
  const [files, setFiles] = useState<GseFile[]>([]);
  const [phase, setPhase] = useState<{ label: string; pct: number } | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);

  const refresh = () => loadGseFiles(api).then(setFiles, (e: unknown) => alerts.error(e));
  useEffect(() => {
    loadGseFiles(api).then(setFiles, (e: unknown) => alerts.error(e));
  }, [api, alerts]);

  const send = async (file: File) => {
    try {
      setJob(null);
      setPhase({ label: `Uploading ${file.name}`, pct: 0 });
      let current = await upload(file, session?.token ?? '', (pct) => setPhase({ label: `Uploading ${file.name}`, pct }));
      while (current.State === 'importing' || current.State === 'uploading') {
        setPhase({ label: `Importing ${file.name}`, pct: current.Percent });
        await new Promise((r) => setTimeout(r, 500));
        current = await api.get(`/loan-data/uploads/${current.Id}`, ImportJobSchema);
      }
      setJob(current);
      setPhase(null);
      if (current.State === 'failed') alerts.error(new Error(current.Message ?? 'the import failed'));
      await refresh();
    } catch (error) {
      setPhase(null);
      alerts.error(error);
    }
  };

  return (
    <div data-testid="loan-data-upload-page">
      <h4 className="mb-3">Loan data</h4>
      <p className="small">Freddie Mac Single-Family Loan-Level Dataset files (origination and monthly performance, 32 fields) and Fannie Mae CRT / Single-Family Loan Performance files (110 fields), plain or .zip. The layout is read from the field count; a file imported before adds nothing.</p>
      <input type="file" className="form-control form-control-sm mb-2" style={{ maxWidth: '30rem' }} accept=".txt,.zip,.csv" aria-label="GSE file" data-testid="gse-file"
        disabled={phase !== null} onChange={(e) => { const f = e.target.files?.[0]; if (f) void send(f); e.target.value = ''; }} />
      {phase && (
        <div className="mb-3" style={{ maxWidth: '30rem' }}>
          <div className="small">{phase.label}</div>
          <div className="progress" role="progressbar" aria-label={phase.label} aria-valuenow={Math.round(phase.pct)} aria-valuemin={0} aria-valuemax={100}>
            <div className="progress-bar" style={{ width: `${phase.pct}%` }} data-testid="gse-progress">{Math.round(phase.pct)}%</div>
          </div>
        </div>
      )}
      {job?.Outcome && (
        <div className="alert alert-info small" data-testid="gse-outcome">
          {job.File}: {job.Outcome.Files} file(s), {job.Outcome.Loans.toLocaleString('en-US')} loans, {job.Outcome.PerformanceRows.toLocaleString('en-US')} monthly rows, {job.Outcome.RejectedLines} rejected line(s){job.Outcome.Skipped.length ? `; imported before: ${job.Outcome.Skipped.join(', ')}` : ''}.
          {job.Outcome.Problems.length > 0 && <ul className="mb-0">{job.Outcome.Problems.map((p, i) => <li key={i}>{p.File} line {p.Line}, {p.Field}: {p.Message}</li>)}</ul>}
        </div>
      )}
      <table className="table table-sm table-striped" data-testid="gse-files">
        <thead><tr><th>File</th><th>Layout</th><th className="text-end">Loans</th><th className="text-end">Monthly rows</th><th className="text-end">Rejected</th><th>Imported</th></tr></thead>
        <tbody>
          {files.map((f) => (
            <tr key={`${f.Name}-${f.ImportedAt}`}><td>{f.Name}</td><td>{f.Layout}</td><td className="text-end">{f.Loans.toLocaleString('en-US')}</td>
              <td className="text-end">{f.PerformanceRows.toLocaleString('en-US')}</td><td className="text-end">{f.RejectedLines}</td><td>{f.ImportedAt.slice(0, 19).replace('T', ' ')}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
