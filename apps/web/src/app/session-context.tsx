import { TokenResponse } from '@opencrt/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiClient } from '../api/client.ts';
import { clearSession, isExpired, readSession, writeSession, type Session } from './session.ts';

interface SessionApi {
  session: Session | null;
  api: ApiClient;
  hasRole(...roles: string[]): boolean;
  /** Token call; throws ApiError with the server's error_description on failure. */
  login(username: string, password: string): Promise<Session>;
  /** Ends the session and goes to / (spec 000 §4). */
  logout(): void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [session, setSession] = useState<Session | null>(() => readSession());
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const logout = useCallback(() => {
    const token = sessionRef.current?.token;
    if (token) {
      // Best effort: revoke the token on the server; the client forgets it either way.
      void fetch('/api/oauth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    }
    clearSession();
    setSession(null);
    void navigate('/');
  }, [navigate]);

  const api = useMemo(() => new ApiClient({
    getToken: () => sessionRef.current?.token ?? null,
    onUnauthorized: () => { clearSession(); setSession(null); void navigate('/'); },
  }), [navigate]);

  const login = useCallback(async (username: string, password: string) => {
    // credentials 'same-origin' (fetch's default, stated so no one drops it): the browser keeps and
    // sends back its device cookie, which exempts it from the slow-down an attack puts on the name.
    const body = await api.json('/oauth/token', TokenResponse, {
      method: 'POST', anonymous: true, credentials: 'same-origin', form: { username, password, grant_type: 'password' },
    });
    const next = writeSession(body.userName, body.roles, body.access_token, body.expires_in);
    // Calls made right after sign-in (the utm_term CUSIP lookup, the trial access log) need the
    // token before React re-renders with the new session.
    sessionRef.current = next;
    setSession(next);
    return next;
  }, [api]);

  // Clicking anywhere after the expiry has passed logs the user out (spec 000 §4).
  useEffect(() => {
    const onClick = () => {
      const current = sessionRef.current;
      if (current && isExpired(current)) logout();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [logout]);

  const value = useMemo<SessionApi>(() => ({
    session,
    api,
    hasRole: (...roles) => !!session && roles.some((r) => session.roles.includes(r)),
    login,
    logout,
  }), [session, api, login, logout]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The API client of the current session. */
export function useApi(): ApiClient {
  return useSession().api;
}
