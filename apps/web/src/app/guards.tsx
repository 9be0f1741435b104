import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isExpired } from './session.ts';
import { useSession } from './session-context.tsx';

/** Who may open a route (spec 002 route table). */
export type Access = 'public' | 'login' | { anyRole: string[] };

/** Sends a user who fails the login or role requirement to / (spec 002 §2). */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (access === 'public') return <>{children}</>;
  if (!session || isExpired(session)) return <Navigate to="/" replace state={{ from: location.pathname }} />;
  if (access !== 'login' && !access.anyRole.some((r) => session.roles.includes(r))) return <Navigate to="/" replace />;
  return <>{children}</>;
}
