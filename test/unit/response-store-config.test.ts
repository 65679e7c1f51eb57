/**
 * When the response cache is on (docs/caching.md, "The response cache"): it
 * needs RESPONSE_CACHE_MAX_ENTRIES > 0 and the shared cache on, since only the
 * shared cache's freshness says how long a whole answer holds.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createResponseStore } from '../../src/plugins/response-cache/store.js';

const logger = createLogger('silent');
const storeFor = (env: Record<string, string>) => createResponseStore(loadConfig(env), logger);

describe('createResponseStore', () => {
  it('is on with RESPONSE_CACHE_MAX_ENTRIES and the shared cache both on, and off otherwise', () => {
    expect(storeFor({ RESPONSE_CACHE_MAX_ENTRIES: '10' })).toBeDefined();
    expect(storeFor({})).toBeUndefined();
    expect(storeFor({ RESPONSE_CACHE_MAX_ENTRIES: '10', PUBLIC_CACHE_MAX_BYTES: '0' })).toBeUndefined();
  });
});
