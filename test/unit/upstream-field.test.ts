/**
 * Fields declared as row + key (schema/upstream-field.ts), executed on the
 * real schema with a real marketplace client over a recorded upstream: the
 * key decides the call, a null key is a null field with no call, and a
 * declared look-ahead starts the child's call with the parent's.
 */
import { execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import type { GatewayContext } from '../../src/context.js';
import { MarketplaceClient } from '../../src/upstreams/marketplace/client.js';
import type { PublicCacheLayer } from '../../src/upstreams/public-cache/public-cache.js';
import type { UpstreamRequest, UpstreamResponse } from '../../src/upstreams/wire.js';

const order = (gigSlug: string | null) => ({
  uuid: 'o1',
  status: 'active',
  gig_slug: gigSlug,
  buyer_username: 'ann',
  created_at: '2026-01-01T00:00:00Z',
});

/** Runs `query` as a signed-in caller; `answers` by path; records each path when its call leaves and when it is answered. */
async function run(query: string, answers: Record<string, unknown>) {
  const events: string[] = [];
  const upstream = {
    send: async (request: UpstreamRequest): Promise<UpstreamResponse> => {
      events.push(`sent ${request.path}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`answered ${request.path}`);
      const body = answers[request.path];
      return (
        body === undefined
          ? { status: 404, headers: {}, body: { message: 'Not found' } }
          : { status: 200, headers: {}, body: { data: body } }
      ) as UpstreamResponse;
    },
    breakerState: () => 'closed',
  } as unknown as PublicCacheLayer;
  const marketplace = new MarketplaceClient(upstream, 'token');
  const closed = { circuitClosed: true };
  const contextValue = { clients: { marketplace, seo: closed, items: closed } } as unknown as GatewayContext;
  const result = await execute({ schema, document: parse(query), contextValue });
  return { result, events };
}

describe('a field declared as row + key', () => {
  it('calls the row with the key its declaration makes, and a null key is a null field without a call', async () => {
    const { result, events } = await run('{ order(id: "o1") { id gig { slug } buyer { username } } }', {
      '/orders/o1': order(null),
      '/users/ann': { username: 'ann' },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ order: { id: 'o1', gig: null, buyer: { username: 'ann' } } });
    expect(events.filter((e) => e.startsWith('sent'))).toEqual(['sent /orders/o1', 'sent /users/ann']);
  });

  it('refuses an invalid key before any call', async () => {
    const { result, events } = await run('{ order(id: "..") { id } }', {});
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(events).toEqual([]);
  });

  it("starts a declared look-ahead child together with its parent, and the child's resolver reuses that call", async () => {
    const { result, events } = await run('{ order(id: "o1") { id deliveries { id } } }', {
      '/orders/o1': order('logo'),
      '/orders/o1/deliveries': [{ id: 'd1' }],
    });
    expect(result.errors).toBeUndefined();
    expect(events.slice(0, 2).sort()).toEqual(['sent /orders/o1', 'sent /orders/o1/deliveries']);
    expect(events.filter((e) => e.startsWith('sent'))).toHaveLength(2);
  });
});
