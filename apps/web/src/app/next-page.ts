import { z } from 'zod';
import type { ApiClient } from '../api/client.ts';
import { ApiError, messageOf } from '../api/errors.ts';

const IdByCusip = z.object({ DealName: z.string(), BondName: z.string() });

/** Where to go after sign-in or registration (spec 000 §4), and an error to show there if any. */
export async function nextPageAfterLogin(api: ApiClient, query: URLSearchParams): Promise<{ to: string; error?: string }> {
  const cusip = query.get('utm_term')?.trim();
  if (!cusip) return { to: '/deal_catalog' };
  try {
    const found = await api.get(`/deals/idByCusip/${encodeURIComponent(cusip)}`, IdByCusip);
    if (!found.DealName) return { to: '/deal_catalog', error: 'Deal was not found' };
    const next = new URLSearchParams(query);
    next.set('dealName', found.DealName);
    next.set('bondName', found.BondName);
    return { to: `/bond_analysis?${next.toString()}` };
  } catch (error) {
    const message = messageOf(error);
    // An unknown CUSIP (404, whatever the server's wording) is 'Deal was not found' (spec 000 §8).
    const unknown = (error instanceof ApiError && error.status === 404) || /not found/i.test(message) || !message;
    return { to: '/deal_catalog', error: unknown ? 'Deal was not found' : message };
  }
}
