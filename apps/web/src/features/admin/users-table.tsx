import type { User } from '@opencrt/contracts';

export type UserAction = 'toggle' | 'roles' | 'deals' | 'scenarios' | 'reset' | 'delete';

/** The users table: username, e-mail, roles, actions. A disabled user's row is dimmed; roles, deals and password are locked. */
export function UsersTable({ users, me, onAction }: { users: readonly User[]; me: string | undefined; onAction(action: UserAction, user: User): void }) {
  return (
    <div className="table-responsive crt-panel p-0">
    <table className="table table-sm table-hover align-middle mb-0" data-testid="users-table">
      <thead>
        <tr><th>Username</th><th>E-mail</th><th>Roles</th><th className="text-end">Actions</th></tr>
      </thead>
      <tbody>
        {users.map((u) => {
          const locked = !u.IsEnabled;
          const button = (action: UserAction, label: string, style = 'outline-secondary', disabled = false) => (
            <button type="button" className={`btn btn-sm btn-${style} ms-1`} disabled={disabled} onClick={() => onAction(action, u)} data-testid={`${action}-${u.Username}`}>
              {label}
            </button>
          );
          return (
            <tr key={u.Id} className={locked ? 'admin-user-disabled' : undefined} data-testid={`user-row-${u.Username}`} data-disabled={locked}>
              <td>{u.Username}{locked && <span className="badge text-bg-secondary ms-2">disabled</span>}</td>
              <td>
                {u.Email ?? <span className="text-muted">—</span>}
                {u.Email && !u.EmailConfirmed && <span className="badge text-bg-warning ms-1" title="Not confirmed yet">unconfirmed</span>}
              </td>
              <td className="small admin-roles">{u.Roles.join(', ')}</td>
              <td className="text-end">
                {button('toggle', u.IsEnabled ? 'Disable' : 'Enable', u.IsEnabled ? 'outline-warning' : 'outline-success', u.Username === me)}
                {button('roles', 'Roles', 'outline-secondary', locked)}
                {button('deals', 'Deals', 'outline-secondary', locked)}
                {button('scenarios', 'Scenarios')}
                {button('reset', 'Reset password', 'outline-secondary', locked)}
                {button('delete', 'Delete', 'outline-danger', u.Username === me)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}
