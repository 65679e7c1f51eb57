/**
 * Subscriptions appear in gateway_graphql_requests_total, over SSE and
 * graphql-ws: `ok` once the stream opens, `error` when the caller is refused
 * (no credential), read back from /metrics as an operator would. The metrics
 * table of docs/observability.md lists exactly the gateway's metrics.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { sse } from '../helpers/events.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const query = 'subscription { marketplaceEvents { id } }';

async function subscriptions(outcome: 'ok' | 'error'): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`gateway_graphql_requests_total{operation_type="subscription",outcome="${outcome}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function waitForCount(outcome: 'ok' | 'error', expected: number): Promise<void> {
  let seen: number;
  const deadline = Date.now() + 5000;
  while ((seen = await subscriptions(outcome)) !== expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(seen).toBe(expected);
}

describe('subscriptions in gateway_graphql_requests_total', () => {
  it('counts an SSE subscription once, when its stream opens', async () => {
    const before = await subscriptions('ok');
    const stream = await sse(gw.url, query, { authorization: `Bearer ${TOKENS.buyer}` });
    expect(stream.status).toBe(200);
    await waitForCount('ok', before + 1);
    await stream.close();
  });

  it('counts a graphql-ws subscription once, when its stream opens', async () => {
    const before = await subscriptions('ok');
    const client = createClient({
      url: gw.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${TOKENS.buyer}` },
      retryAttempts: 0,
    });
    const dispose = client.subscribe({ query }, { next: () => undefined, error: () => undefined, complete: () => undefined });
    await waitForCount('ok', before + 1);
    dispose();
    await client.dispose();
  });

  it('counts a subscription refused for want of a credential as an error', async () => {
    const before = await subscriptions('error');
    const client = createClient({ url: gw.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, retryAttempts: 0 });
    const refused = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query },
        { next: (value) => resolve(value), error: (error) => resolve(error), complete: () => resolve('complete') },
      );
    });
    expect(JSON.stringify(refused)).toContain('UNAUTHENTICATED');
    await waitForCount('error', before + 1);
    await client.dispose();
  });
});

describe('docs/observability.md', () => {
  it('lists every gateway metric /metrics serves, with its type, and no other', async () => {
    const served = new Map(
      [...(await (await fetch(`${gw.url}/metrics`)).text()).matchAll(/^# TYPE (gateway_\w+) (\w+)$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    const docs = readFileSync(new URL('../../docs/observability.md', import.meta.url), 'utf8');
    const documented = new Map([...docs.matchAll(/^\| `(gateway_\w+)` \| (\w+) \|/gm)].map((m) => [m[1]!, m[2]!]));
    expect(served.size).toBeGreaterThanOrEqual(8);
    expect(documented).toEqual(served);
  });
});
