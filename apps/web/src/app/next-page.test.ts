import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { nextPageAfterLogin } from './next-page.ts';

const apiFailing = (error: unknown) => ({ get: () => Promise.reject(error) }) as unknown as ApiClient;

describe('nextPageAfterLogin (spec 000 §4, §8)', () => {
  it('an unknown CUSIP (404) is "Deal was not found", whatever the server words it', async () => {
    const next = await nextPageAfterLogin(apiFailing(new ApiError(404, 'Not Found', 'No deal found for CUSIP ZZZ999999')), new URLSearchParams('utm_term=ZZZ999999'));
    expect(next).toEqual({ to: '/deal_catalog', error: 'Deal was not found' });
  });

  it('another failure shows the server message', async () => {
    const next = await nextPageAfterLogin(apiFailing(new ApiError(500, 'Server Error', 'Database is down')), new URLSearchParams('utm_term=X'));
    expect(next).toEqual({ to: '/deal_catalog', error: 'Database is down' });
  });

  it('a found CUSIP opens the bond with the query kept', async () => {
    const api = { get: () => Promise.resolve({ DealName: 'STACR 2026-DNA1', BondName: 'M-1' }) } as unknown as ApiClient;
    const next = await nextPageAfterLogin(api, new URLSearchParams('utm_term=9ST101A46&price=99.5'));
    expect(next.to).toBe('/bond_analysis?utm_term=9ST101A46&price=99.5&dealName=STACR+2026-DNA1&bondName=M-1');
  });
});
