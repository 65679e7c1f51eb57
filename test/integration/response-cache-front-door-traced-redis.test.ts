/**
 * The front door with tracing on and the response cache in Redis (REDIS_URL, command timeout 250 ms). With
 * Redis paused (SIGSTOP), a request the front door looks up waits the command timeout, then is handed to Yoga
 * and answered within the bound, and its SERVER span covers that wait (it starts at the request's arrival);
 * with Redis stopped, the same, at once. No span is left open either way.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';
import { ENV, GIG_AND_SELLER, gigsOf, post, yogaSaw } from './front-door-fixtures.js';
import { CALLER_SPAN, exportedServerSpan } from './tracing-fixtures.js';

const COMMAND_TIMEOUT_MS = 250;
/** Generous for two busy cores. */
const BOUND_MS = 2_000;

describe.skipIf(!hasRedisServer)(`the traced front door with Redis${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  let receiver: OtlpReceiver;
  let gw: TestGateway;
  let traces = 0;

  beforeAll(async () => {
    redis = await startRedisServer();
    receiver = await startOtlpReceiver();
    gw = await startTestGateway(
      {
        ...ENV,
        REDIS_URL: redis.url,
        REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '20',
      },
      ['marketplace'],
    );
  });
  // A SIGSTOPped server left behind would hang every later suite that uses it.
  afterEach(() => redis?.resume());
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
    await redis?.stop();
  });

  /** A warm POST sent with a traceparent of its own while Redis is in `state`: how long it took, whether Yoga saw it, its SERVER span. */
  async function sendWhile(state: () => void | Promise<void>) {
    const { slug } = await gigsOf(gw)();
    const body = JSON.stringify({ query: `${GIG_AND_SELLER} # ${++traces}`, variables: { slug } });
    await post(gw, body);
    // Warm and read from Redis before it stalls: the front door asks it.
    await expect.poll(async () => (await yogaSaw(gw, () => post(gw, body))).yoga, { timeout: 10_000, interval: 200 }).toBe(0);
    await state();
    const trace = `4bf92f3577b34da6a3ce929d0e0e${String(4950 + traces).padStart(4, '0')}`;
    const started = Date.now();
    const seen = await yogaSaw(gw, () => post(gw, body, { traceparent: `00-${trace}-${CALLER_SPAN}-01` }));
    const ms = Date.now() - started;
    const server = await exportedServerSpan(receiver, trace);
    return { ms, seen, server };
  }

  it('paused: the request waits the command timeout, runs through Yoga within the bound, and its span holds the wait', async () => {
    const { ms, seen, server } = await sendWhile(() => redis.pause());
    expect(ms).toBeLessThan(BOUND_MS);
    expect(seen.yoga).toBe(1);
    expect(seen.result.status).toBe(200);
    expect(server.name).toBe('POST /graphql');
    expect(server.attributes['http.response.status_code']).toBe(200);
    expect(server.durationMs).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 20);
  });

  // Last: the server stays stopped.
  it('stopped: the request runs through Yoga within the bound, with its SERVER span', async () => {
    const { ms, seen, server } = await sendWhile(() => redis.stop());
    expect(ms).toBeLessThan(BOUND_MS);
    expect(seen.yoga).toBe(1);
    expect(seen.result.status).toBe(200);
    expect(server.attributes['http.response.status_code']).toBe(200);
  });
});
