import { ConfigResponse } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { familyOf, lastDeal } from './last-deal.ts';
import { navEntries, type NavEntry, type NavGroup } from './routes.tsx';
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

/**
 * The main bar's items in order: a plain link, or a dropdown standing where its group's first link
 * would (issue 23 #8: thirteen links wrapped the bar to three rows at 1024 px for an admin).
 */
export function mainBarItems(entries: readonly NavEntry[]): ({ kind: 'link'; entry: NavEntry } | { kind: 'group'; group: NavGroup; entries: NavEntry[] })[] {
  const out: ({ kind: 'link'; entry: NavEntry } | { kind: 'group'; group: NavGroup; entries: NavEntry[] })[] = [];
  for (const entry of entries) {
    if (!entry.group) { out.push({ kind: 'link', entry }); continue; }
    const group = out.find((i) => i.kind === 'group' && i.group === entry.group);
    if (group && group.kind === 'group') group.entries.push(entry);
    else out.push({ kind: 'group', group: entry.group, entries: [entry] });
  }
  return out;
}

/** The shell's navbar: role-gated links to existing screens, environment label, user dropdown. */
export function Navbar({ light = false }: { light?: boolean }) {
  const { session, hasRole, logout, api } = useSession();
  const [open, setOpen] = useState<'admin' | 'user' | NavGroup | null>(null);
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
          <ul className="navbar-nav me-auto">
            {mainBarItems(visible('main')).map((item) => (item.kind === 'link' ? (
              <li className="nav-item" key={item.entry.path}><EntryLink entry={item.entry} className="nav-link" currentDeal={currentDeal} /></li>
            ) : (
              <li className="nav-item dropdown" key={item.group} data-testid={`nav-group-${item.group}`}>
                <button type="button" className={`nav-link dropdown-toggle btn btn-link${item.entries.some((e) => location.pathname === e.path) ? ' active' : ''}`}
                  aria-expanded={open === item.group} onClick={() => setOpen(open === item.group ? null : item.group)}>
                  {item.group}
                </button>
                {/* Always in the page (links keep their remembered-deal href); shown while open. */}
                <div className={`dropdown-menu${open === item.group ? ' show' : ''}`} onClick={() => setOpen(null)}>
                  {item.entries.map((e) => <EntryLink key={e.path} entry={e} className="dropdown-item" currentDeal={currentDeal} />)}
                </div>
              </li>
            )))}
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
