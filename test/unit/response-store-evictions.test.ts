/**
 * The response store keeps no answer overtaken by a webhook's eviction of what it read, however close the two
 * come: the answer is staged (checked against the evictions) as its execution ends, and written a turn later.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { ResponseStore } from '../../src/plugins/response-cache/store.js';

const logger = createLogger('silent');
const GIG = 'marketplace:gig:logo-design';

describe('ResponseStore and evictions', () => {
  it('does not keep an answer whose gig is evicted between its staging and its write', async () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1_000_000, logger });
    store.stage('key', [GIG], store.mark());
    const storing = store.set('key', { data: { gig: { title: 'before the change' } } }, [], 60_000);
    // The webhook's eviction runs before the store's write does (another request's continuation).
    const evicting = store.evict([GIG]);
    await Promise.all([storing, evicting]);
    expect(store.get('key')).toBeUndefined();
  });

  it('keeps an answer no eviction overtook', async () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1_000_000, logger });
    store.stage('key', [GIG], store.mark());
    const storing = store.set('key', { data: { gig: { title: 'current' } } }, [], 60_000);
    const evicting = store.evict(['marketplace:gig:another']);
    await Promise.all([storing, evicting]);
    expect(store.get('key')).toMatchObject({ data: { gig: { title: 'current' } } });
  });
});
