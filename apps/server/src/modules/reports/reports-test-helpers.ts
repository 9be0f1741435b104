import type { TestApp } from '../../test/test-app.ts';
import { LOADING_TEXT } from './embedded-report-runner.ts';

/**
 * Waits until reports on the application database run at once: on the embedded database its
 * snapshot loads first (after the start and after each data change), and a test's short timeout
 * would answer LOADING_TEXT meanwhile. Each try starts or joins the same load. On PostgreSQL the
 * first run starts the client thread and checks the account, which a loaded machine may not do in
 * a test's short timeout: a timeout is tried again too. Any other answer than 200 fails.
 */
export async function whenReportsReady(t: TestApp, adminToken: string, tries = 60): Promise<void> {
  let last = '';
  for (let i = 0; i < tries; i++) {
    const res = await t.request({
      method: 'POST', url: '/api/report/test', token: adminToken,
      payload: { Report: { Id: 0, Name: 'ready', Source: 2, Query: 'select 1 as ready', Parameters: [], Columns: [] }, Values: [] },
    });
    if (res.statusCode === 200) return;
    last = res.body;
    const message = (res.json() as { Message?: string }).Message ?? '';
    if (message !== LOADING_TEXT && !/^The report ran longer than \d+ seconds and was stopped\.$/.test(message)) break;
  }
  throw new Error(`reports on the application database are not ready: ${last}`);
}
