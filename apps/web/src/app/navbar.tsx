import { ConfigResponse } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { familyOf, lastDeal } from './last-deal.ts';
import { navEntries, type NavEntry } from './routes.tsx';
import { useSession } from './session-context.tsx';

/** An analysis link carries the current deal when it is of the link's family, else the family's last deal (cookie). */
export function hrefOf(entry: NavEntry, currentDeal: string | undefined): string {
  const deal = entry.family ? (currentDeal && familyOf(currentDeal) === entry.family ? currentDeal : lastDeal(entry.family)) : undefined;
  return deal ? `${entry.path}?dealName=${encodeURIComponent(deal)}` : entry.path;
}

function EntryLink({ entry, className, currentDeal }: { entry: NavEntry; className: string; currentDeal?: string | undefined }) {
  if (entry.path.startsWith('/api')) return <a className={className} href={entry.path} target="_blank" rel="noreferrer">{entry.label}</a>;
  return <NavLink className={className} to={hrefOf(entry, currentDeal)}>{entry.label}</NavLink>;
}

/** The shell's navbar: role-gated links to existing screens, environment label, user dropdown. */
export function Navbar({ light = false }: { light?: boolean }) {
  const { session, hasRole, logout, api } = useSession();
  const [open, setOpen] = useState<'admin' | 'user' | null>(null);
  // Reading the location re-renders the links on every navigation, so remembered deals show up.
  const location = useLocation();
  const currentDeal = new URLSearchParams(location.search).get('dealName')?.trim() || undefined;
  const config = useQuery({ queryKey: ['config'], queryFn: () => api.get('/config', ConfigResponse), staleTime: Infinity });
  const visible = (menu: NavEntry['menu']) =>
    navEntries.filter((e) => e.menu === menu && e.available && (!e.anyRole || hasRole(...e.anyRole)));

  return (
    <nav className="navbar navbar-expand navbar-dark bg-dark px-3 crt-navbar" data-testid="navbar">
      <Link className="navbar-brand fw-semibold" to="/">OpenCRT</Link>
      {config.data?.EnvironmentLabel && (
        <span className="badge text-bg-warning me-3" data-testid="env-label">{config.data.EnvironmentLabel}</span>
      )}
      {session && !light && (
        <>
          <ul className="navbar-nav me-auto flex-wrap">
            {visible('main').map((e) => (
              <li className="nav-item" key={e.path}><EntryLink entry={e} className="nav-link" currentDeal={currentDeal} /></li>
            ))}
            {hasRole('Admin') && (
              <li className="nav-item dropdown" data-testid="admin-menu">
                <button type="button" className="nav-link dropdown-toggle btn btn-link" onClick={() => setOpen(open === 'admin' ? null : 'admin')}>
                  Admin
                </button>
                {open === 'admin' && (
                  <div className="dropdown-menu show" onClick={() => setOpen(null)}>
                    {visible('admin').map((e) => <EntryLink key={e.path} entry={e} className="dropdown-item" />)}
                  </div>
                )}
              </li>
            )}
          </ul>
          <div className="nav-item dropdown" data-testid="user-menu">
            <button type="button" className="nav-link dropdown-toggle btn btn-link text-light" onClick={() => setOpen(open === 'user' ? null : 'user')}>
              {session.username}
            </button>
            {open === 'user' && (
              <div className="dropdown-menu dropdown-menu-end show" onClick={() => setOpen(null)}>
                {visible('user').map((e) => <EntryLink key={e.path} entry={e} className="dropdown-item" />)}
                <button type="button" className="dropdown-item" onClick={logout}>Log Out</button>
              </div>
            )}
          </div>
        </>
      )}
    </nav>
  );
}
