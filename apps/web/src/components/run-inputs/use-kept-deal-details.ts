import type { DealDetail } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { fetchDealDetails } from '../../api/deal-analysis.api.ts';

/**
 * A deal's details at a settlement date, for the deal and bond analysis screens. While another
 * date loads (or fails) the screen keeps the deal it shows; `shown` is the details last loaded and
 * their date, so a failed date change is an alert and the date goes back (issue 18 #5).
 */
export function useKeptDealDetails(api: ApiClient, dealName: string, settlement: number | null, enabled: boolean) {
  const details = useQuery({
    queryKey: ['deal-details', dealName, settlement],
    queryFn: () => fetchDealDetails(api, dealName, settlement),
    enabled,
    meta: { silent: true },
    retry: false,
    placeholderData: (previous: DealDetail | undefined) => (previous?.DealName === dealName ? previous : undefined),
  });
  const [loaded, setLoaded] = useState<{ deal: DealDetail; settlement: number | null } | null>(null);
  useEffect(() => {
    if (details.data && details.isSuccess && !details.isPlaceholderData) setLoaded({ deal: details.data, settlement });
  }, [details.data, details.isSuccess, details.isPlaceholderData, settlement]);
  const shown = loaded?.deal.DealName === dealName ? loaded : null;
  return { details, shown };
}
