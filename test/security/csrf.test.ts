/**
 * Plain GET works as client libraries send it (urql's default GET has no content
 * type and no extra header; a browser EventSource can set no header at all), while
 * a POST a cross-site form could send still needs a preflight-forcing header, and
 * every refusal says what to send instead.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway, type GraphQLResponse, type TestGateway, ADMIN_KEY } from '../helpers/gateway.js';
import { eventFor, postWebhook } from '../helpers/events.js';

const gw = useTestGateway();

const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;
const getUrl = (query: string, variables?: Record<string, unknown>) =>
  `${gw.url}/graphql?query=${encodeURIComponent(query)}${variables ? `&variables=${encodeURIComponent(JSON.stringify(variables))}` : ''}`;

/** Opens a GET event stream as an EventSource would and collects its `next` payloads as they arrive. */
async function eventSource(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const received: GraphQLResponse[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let index: number;
        while ((index = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data:'));
          if (frame.includes('event: next') && data) received.push(JSON.parse(data.slice(5)) as GraphQLResponse);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return { response, received, close: async () => (controller.abort(), await reading) };
}

describe('GET without any header', () => {
  it("answers a query as urql's default GET sends it (no content type, no CSRF header)", async () => {
    const res = await fetch(getUrl('query Seller($u: String!) { seller(username: $u) { name } }', { u: 'pixelcraft' }), {
      headers: { accept: 'application/graphql-response+json, application/json' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GraphQLResponse<{ seller: { name: string } }>;
    expect(body.errors).toBeUndefined();
    expect(body.data?.seller.name).toEqual(expect.any(String));
    expect(gw.calls('marketplace').length).toBeGreaterThan(0);
  });

  it('answers a bare GET with no headers at all', async () => {
    const res = await fetch(getUrl('{ categories { slug } }'));
    expect(res.status).toBe(200);
    expect(((await res.json()) as GraphQLResponse<{ categories: unknown[] }>).data?.categories.length).toBeGreaterThan(0);
  });

  it('streams a subscription to an EventSource-style GET (Accept: text/event-stream only)', async () => {
    // Not refused as a cross-site request (no 403): the GET reaches the subscription, which needs a credential
    // an EventSource cannot send, and answers UNAUTHENTICATED as a 401 an EventSource stops at (use-stream-refusal.ts).
    const anonymous = await fetch(getUrl('subscription { marketplaceEvents { event } }'), { headers: { accept: 'text/event-stream' } });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { errors?: Array<{ extensions?: { code?: string } }> }).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );

    // With a credential header (an EventSource polyfill can send one), events arrive over the GET.
    const admin = await eventSource(getUrl('subscription { marketplaceEvents(events: ["order.created"]) { event data } }'), {
      'x-gateway-admin-key': ADMIN_KEY,
    });
    expect(admin.response.status).toBe(200);
    // Sent until one arrives: the first may come before the stream has subscribed.
    for (let i = 0; admin.received.length === 0 && i < 50; i++) {
      await postWebhook(gw.url, eventFor({ username: 'csrf-get-test' }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.close();
    expect(admin.received[0]?.data).toMatchObject({ marketplaceEvents: { event: 'order.created', data: { username: 'csrf-get-test' } } });
  });

  it('refuses a mutation over GET with a coded error naming POST, and calls nothing', async () => {
    const res = await fetch(getUrl('mutation { createSeoReport(input: { url: "https://example.org/" }) { report { id } } }'), {
      headers: { 'x-seo-api-key': 'seo-demo-key' },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    const error = ((await res.json()) as GraphQLResponse).errors?.[0];
    expect(error?.extensions?.code).toBe('BAD_REQUEST');
    expect(error?.message).toMatch(/POST/);
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('refuses variables or extensions that are not JSON with 400 BAD_REQUEST naming the parameter, not a 500', async () => {
    for (const name of ['variables', 'extensions']) {
      const res = await fetch(`${gw.url}/graphql?query=${encodeURIComponent('{ __typename }')}&${name}=%7Bnope`);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as GraphQLResponse).errors?.[0];
      expect(error?.extensions?.code).toBe('BAD_REQUEST');
      expect(error?.message).toContain(`"${name}"`);
    }
  });

  it('still opens GraphiQL for a browser GET', async () => {
    const page = await fetch(`${gw.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });
});

describe('POST a cross-site form could send', () => {
  const mutation = 'mutation { createSeoReport(input: { url: "https://example.org/" }) { report { id } } }';

  it('refuses a form-encoded POST, saying which content type or header to send, and calls nothing', async () => {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-seo-api-key': 'seo-demo-key' },
      body: `query=${encodeURIComponent(mutation)}`,
    });
    expect(res.status).toBe(403);
    const error = ((await res.json()) as GraphQLResponse).errors?.[0];
    expect(error?.extensions?.code).toBe('FORBIDDEN');
    expect(error?.message).toContain('content-type: application/json');
    expect(error?.message).toContain('apollo-require-preflight: true');
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('refuses a text/plain POST and one without a content type', async () => {
    for (const headers of [{ 'content-type': 'text/plain;charset=UTF-8' }, {}] as Array<Record<string, string>>) {
      const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: mutation }) });
      expect(res.status).toBe(403);
      expect(((await res.json()) as GraphQLResponse).errors?.[0]?.message).toContain('application/json');
    }
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('runs a form-encoded POST that carries a preflight-forcing header', async () => {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'apollo-require-preflight': 'true' },
      body: `query=${encodeURIComponent('{ categories { slug } }')}`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as GraphQLResponse<{ categories: unknown[] }>).data?.categories.length).toBeGreaterThan(0);
  });
});
