/**
 * REDIS_COMMAND_TIMEOUT_MS (README, docs/caching-redis.md): how long a Redis
 * command may take before each use of Redis takes its fallback.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('REDIS_COMMAND_TIMEOUT_MS', () => {
  it('is 250 ms unless set, and refuses a value that is not 10 to 60000 whole milliseconds, naming the variable', () => {
    expect(loadConfig({}).redisCommandTimeoutMs).toBe(250);
    expect(loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '1000' }).redisCommandTimeoutMs).toBe(1000);
    for (const bad of ['0', '-1', '1.5', 'soon', '600000'])
      expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: bad }), bad).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
  });
});
