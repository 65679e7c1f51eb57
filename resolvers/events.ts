/** Who may receive which marketplace event, and the filtered event stream. */
import { timingSafeEqual } from 'node:crypto';
import { filter, pipe } from 'graphql-yoga';
import type { GatewayContext } from '../src/context.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { namedUsers, type MarketplaceEvent } from '../src/webhooks/events.js';

const MAX_EVENT_FILTERS = 100;

function isAdmin(ctx: GatewayContext): boolean {
  const expected = ctx.config.adminKey;
  const given = ctx.request.headers.get('x-gateway-admin-key');
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function subscribeMarketplaceEvents(
  _: unknown,
  args: { events?: readonly string[] | null },
  ctx: GatewayContext,
): Promise<AsyncIterable<MarketplaceEvent>> {
  const wanted = args.events?.length ? new Set(args.events.slice(0, MAX_EVENT_FILTERS)) : undefined;
  // Throws UNAUTHENTICATED (no token) or FORBIDDEN (no users.read) before anything is streamed. The only
  // upstream call of a subscription: ctx.signal aborts at REQUEST_DEADLINE_MS (use-request-deadline.ts), so
  // nothing that runs once events flow may call an upstream or read it.
  const username = isAdmin(ctx) ? undefined : (await ctx.clients.marketplace.read(ops.me)).username;
  return pipe(
    ctx.events.subscribe('marketplace:event'),
    filter(
      (event: MarketplaceEvent) =>
        (!wanted || wanted.has(event.event)) && (username === undefined || namedUsers(event.data).includes(username)),
    ),
  );
}
