/**
 * /admin (Admin): users table with row actions, Add user, Add deal for all users, Admin Functions
 * and the outbox. Every success and failure shows the spec's notice (spec 002 §8); failures add
 * the server's Message on a second line and go to the client error log.
 */
import type { DealAssignment, RoleName, ScenarioAssignment, User } from '@opencrt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { logClientError } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { useSession } from '../../app/session-context.tsx';
import { ADMIN_NOTICES as N, changedRows } from './admin-model.ts';
import { adminApi } from './admin.api.ts';
import { AddUserPanel, AdminFunctionsPanel, DealForAllPanel, OutboxPanel, type NewUserForm } from './admin-panels.tsx';
import { ConfirmModal, DealsModal, RolesModal, ScenariosModal } from './assignment-modals.tsx';
import { UsersTable, type UserAction } from './users-table.tsx';
import './admin.css';

type Dialog =
  | { kind: 'roles'; user: User }
  | { kind: 'deals'; user: User; rows: DealAssignment[] }
  | { kind: 'scenarios'; user: User; rows: ScenarioAssignment[] }
  | { kind: 'toggle' | 'delete'; user: User };

export function AdminPage() {
  const { api, session } = useSession();
  const calls = useMemo(() => adminApi(api), [api]);
  const alerts = useAlerts();
  const queries = useQueryClient();
  const users = useQuery({ queryKey: ['admin', 'users'], queryFn: calls.users });
  const roles = useQuery({ queryKey: ['admin', 'roles'], queryFn: calls.roles, staleTime: Infinity });
  const deals = useQuery({ queryKey: ['admin', 'deal-names'], queryFn: calls.dealNames });
  const outbox = useQuery({ queryKey: ['admin', 'outbox'], queryFn: calls.outbox });
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const refresh = () => { void queries.invalidateQueries({ queryKey: ['admin'] }); };
  const fail = (notice: string, error: unknown) => {
    const detail = messageOf(error);
    alerts.show('danger', detail && detail !== notice ? `${notice}\n${detail}` : notice);
    void logClientError(`${notice} ${detail}`);
  };
  /** Runs a call, shows its success notice (the server's Message) or the failure notice, then refreshes. */
  async function act(notice: string, call: () => Promise<{ Message: string } | undefined>): Promise<boolean> {
    try {
      const answer = await call();
      if (answer) alerts.success(answer.Message);
      return true;
    } catch (error) {
      fail(notice, error);
      return false;
    } finally {
      refresh();
    }
  }

  async function onAction(action: UserAction, user: User) {
    if (action === 'roles' || action === 'toggle' || action === 'delete') { setDialog({ kind: action, user }); return; }
    if (action === 'reset') {
      try {
        const answer = await calls.resetPassword(user.Id);
        if (answer) alerts.success(answer.Message);
        else alerts.show('warning', N.resetNoEmail);
      } catch (error) {
        fail(N.resetFailed, error);
      }
      return;
    }
    try {
      if (action === 'deals') setDialog({ kind: 'deals', user, rows: await calls.userDeals(user.Id) });
      else setDialog({ kind: 'scenarios', user, rows: await calls.userScenarios(user.Id) });
    } catch (error) {
      fail(action === 'deals' ? N.dealsLoadFailed : N.scenariosLoadFailed, error);
    }
  }

  const close = () => setDialog(null);
  const createUser = (form: NewUserForm) => act(N.createFailed(form.Username.trim()), () => calls.createUser({
    Username: form.Username.trim(), Password: form.Password, ConfirmPassword: form.ConfirmPassword, Roles: form.Roles as RoleName[],
    Email: form.Email.trim() || null,
  }));

  return (
    <div className="container-fluid py-3" data-testid="admin-page">
      <h1 className="h4 mb-3">User management</h1>
      {users.data && <UsersTable users={users.data} me={session?.username} onAction={(a, u) => void onAction(a, u)} />}
      <div className="row g-3 mt-1">
        <div className="col-lg-4">
          <AddUserPanel roles={roles.data ?? []} onCreate={createUser} />
        </div>
        <div className="col-lg-4">
          <DealForAllPanel deals={deals.data ?? []}
            onAssign={(deal) => void act(N.assignAllFailed(deal), () => calls.assignAll(deal))}
            onRemove={(deal) => void act(N.removeAllFailed(deal), () => calls.removeAll(deal))} />
        </div>
        <div className="col-lg-4">
          <AdminFunctionsPanel onLoad={async () => {
            try {
              const r = await calls.loadCatalogue();
              alerts.success(N.catalogueLoaded);
              refresh();
              return `${r.Deals} deals and ${r.Loans.toLocaleString()} loans loaded.`;
            } catch (error) {
              fail(N.catalogueFailed, error);
              return null;
            }
          }} />
        </div>
      </div>
      <OutboxPanel messages={outbox.data ?? []} />

      {dialog?.kind === 'roles' && (
        <RolesModal username={dialog.user.Username} roles={roles.data ?? []} current={dialog.user.Roles} onClose={close}
          onOk={(list) => { close(); void act(N.rolesFailed, () => calls.setRoles(dialog.user.Id, list)); }} />
      )}
      {dialog?.kind === 'deals' && (
        <DealsModal username={dialog.user.Username} deals={dialog.rows} onClose={close} onOk={(rows) => {
          close();
          const changes = changedRows(dialog.rows, rows, (r) => r.DealName);
          if (changes.length) void act(N.dealsFailed, () => calls.changeDeals(dialog.user.Id, changes));
        }} />
      )}
      {dialog?.kind === 'scenarios' && (
        <ScenariosModal username={dialog.user.Username} scenarios={dialog.rows} onClose={close} onOk={(rows) => {
          close();
          const changes = changedRows(dialog.rows, rows, (r) => r.Id);
          if (changes.length) void act(N.scenariosFailed, () => calls.changeScenarios(dialog.user.Id, changes));
        }} />
      )}
      {dialog?.kind === 'toggle' && (
        <ConfirmModal title={dialog.user.IsEnabled ? 'Disable user' : 'Enable user'}
          text={`${dialog.user.IsEnabled ? 'Disable' : 'Enable'} the user ${dialog.user.Username}?${dialog.user.IsEnabled ? ' Their open sessions end at once.' : ''}`}
          onClose={close} onOk={() => { close(); void act(N.infoFailed, () => calls.setEnabled(dialog.user.Id, !dialog.user.IsEnabled)); }} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal title="Delete user" text={`Delete the user ${dialog.user.Username} with their scenarios and portfolios? This cannot be undone.`}
          onClose={close} onOk={() => { close(); void act(N.deleteFailed, () => calls.deleteUser(dialog.user.Id)); }} />
      )}
    </div>
  );
}
