/**
 * UPSTREAM_INFLIGHT_BYTES (the bytes of upstream answers the whole process reads at once) and
 * UPSTREAM_MAX_RESPONSE_BYTES (the most one answer may hold): an answer sized between a smaller budget
 * and the per-answer limit could never be read, and would fail as UPSTREAM_UNAVAILABLE "retry in 1 s"
 * for ever. Such a pair is refused at start-up, naming both variables, as other invalid settings are.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('UPSTREAM_INFLIGHT_BYTES against UPSTREAM_MAX_RESPONSE_BYTES', () => {
  it('refuses a budget below the per-answer limit, naming both variables', () => {
    expect(() => loadConfig({ UPSTREAM_INFLIGHT_BYTES: '8000', UPSTREAM_MAX_RESPONSE_BYTES: '8001' })).toThrow(
      /^Invalid configuration:\n {2}UPSTREAM_INFLIGHT_BYTES: 8000 is below UPSTREAM_MAX_RESPONSE_BYTES \(8001\)/,
    );
    // The per-answer limit's default (10 MiB) counts too.
    expect(() => loadConfig({ UPSTREAM_INFLIGHT_BYTES: '8000' })).toThrow(/UPSTREAM_MAX_RESPONSE_BYTES \(10485760\)/);
  });

  it('accepts a budget at or above the limit, and 0 (no budget)', () => {
    const at = loadConfig({ UPSTREAM_INFLIGHT_BYTES: '8000', UPSTREAM_MAX_RESPONSE_BYTES: '8000' });
    expect([at.upstreamInflightBytes, at.upstreamMaxResponseBytes]).toEqual([8000, 8000]);
    expect(loadConfig({ UPSTREAM_INFLIGHT_BYTES: '0' }).upstreamInflightBytes).toBe(0);
    expect(loadConfig({}).upstreamInflightBytes).toBeGreaterThanOrEqual(loadConfig({}).upstreamMaxResponseBytes);
  });
});
