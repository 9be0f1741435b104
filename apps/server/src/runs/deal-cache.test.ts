import { describe, expect, it } from 'vitest';
import { dealInput, SentDeals, withDealBody, type DealBody } from './deal-cache.ts';

const body = { spec: { name: 'X' }, tape: null } as unknown as DealBody;

describe('deal cache (API side)', () => {
  it('reads a deal body at most once per input, even when many tasks of a batch miss together', async () => {
    let loads = 0;
    const input = { deal: dealInput('X|1', null, async () => { loads += 1; return body; }) };
    const filled = await Promise.all([withDealBody(input), withDealBody(input), withDealBody(input)]);
    expect(loads).toBe(1);
    expect(filled.every((f) => f.deal.body === body)).toBe(true);
  });

  it('sends the key alone once a worker took the body, and reads the body again only on a miss', async () => {
    let loads = 0;
    const make = () => ({ deal: dealInput('Y|1', null, () => { loads += 1; return body; }) });
    const sent = new SentDeals();
    const held = new Set<string>();
    // A worker that holds what it was sent with a body and refuses a bare key it does not hold.
    const worker = async (message: unknown) => {
      const deal = (message as { deal: { key: string; body?: DealBody } }).deal;
      if (deal.body) held.add(deal.key);
      else if (!held.has(deal.key)) throw Object.assign(new Error(`${deal.key} is not cached in this worker`), { name: 'DealNotCached' });
      return Boolean(deal.body);
    };
    expect(await sent.send(make(), worker)).toBe(true);
    expect(await sent.send(make(), worker)).toBe(false);
    expect(loads).toBe(1);
    held.clear(); // the worker restarted
    expect(await sent.send(make(), worker)).toBe(true);
    expect(loads).toBe(2);
  });
});
