/**
 * The admin reports screen's note on misconfigured report sources (issue 32): a source whose
 * account has more rights than a report account may, or that could not be checked, is named with
 * the server's Message (GET /api/report/sources). Nothing shows while every configured source is ok.
 */
import type { ReportSourceStatus } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session-context.tsx';
import { loadSourceStatus } from '../../api/reports.api.ts';

export function ReportSourceStatusNote() {
  const { api } = useSession();
  const [statuses, setStatuses] = useState<ReportSourceStatus[]>([]);
  useEffect(() => {
    let live = true;
    // The note is advice: a failure to load it leaves the screen as it was.
    loadSourceStatus(api).then((s) => { if (live) setStatuses(s); }, () => undefined);
    return () => { live = false; };
  }, [api]);
  const problems = statuses.filter((s) => s.State === 'refused' || s.State === 'unreachable' || s.State === 'unavailable');
  if (problems.length === 0) return null;
  return (
    <div className="alert alert-warning py-2 small" role="status" data-testid="report-source-status">
      {problems.map((s) => (
        <div key={s.Source} data-testid={`report-source-${s.Source}`}>
          <strong>{s.SourceName}</strong> ({s.State}): {s.Message}
        </div>
      ))}
    </div>
  );
}
