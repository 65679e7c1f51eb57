/**
 * The operational routes (/healthz, /readyz): JSON, never stored by a cache, and sent with their
 * length like a GraphQL answer (built with Yoga's Response class: a global Response's body was
 * streamed chunked, at about twice the CPU per probe, docs/benchmarks.md fifth pass).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

describe('health routes', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({});
  });
  afterAll(() => gw.close());

  it.each(['/healthz', '/readyz'])('%s answers JSON with its length, no-store', async (path) => {
    const res = await request(`${gw.url}${path}`);
    const text = await res.body.text();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ status: expect.stringMatching(/^(ok|ready)$/) });
  });
});
