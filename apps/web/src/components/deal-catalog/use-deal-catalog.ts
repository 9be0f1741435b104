/**
 * The user's deal catalog as a shared query: /deal_catalog and every catalog modal on the
 * analysis pages read the same cached list.
 */
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session-context.tsx';
import { loadCatalog } from './deal-catalog.api.ts';

export const DEAL_CATALOG_QUERY_KEY = ['deals', 'catalog'] as const;

/** `silent`: the caller handles failures itself (the catalog page redirects to /error). */
export function useDealCatalog(options: { enabled?: boolean; silent?: boolean } = {}) {
  const { api } = useSession();
  return useQuery({
    queryKey: DEAL_CATALOG_QUERY_KEY,
    queryFn: () => loadCatalog(api),
    retry: false,
    enabled: options.enabled ?? true,
    meta: { silent: options.silent ?? false },
    staleTime: 60_000,
  });
}
