/**
 * What the hostile-upstream suites share: a tiny HTTP server that stands in for
 * the marketplace and misbehaves as each test sets, the gig it would serve, and
 * a query that also reads the items upstream (whose field must still arrive).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TIMEOUT_MS = 500;
export const SLUG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
export const GIG = {
  slug: SLUG,
  title: 'I will design a minimalist logo in 24 hours',
  description: 'A logo.',
  seller_username: 'pixelcraft',
  category_slug: 'logo-design',
  price_from: 155,
  currency: 'USD',
  rating: 4.8,
  reviews_count: 10,
  delivery_days: 13,
  created_at: '2025-11-27T09:26:00.000Z',
};
export const QUERY = `{ gig(slug: "${SLUG}") { slug attributes } itemsAccount { username } }`;

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server whose behaviour each test sets; `hits` counts the requests it received. */
export async function hostileServer(): Promise<{ server: Server; url: string; handle: { current: Handler }; hits: { count: number } }> {
  const handle: { current: Handler } = { current: (_req, res) => res.end() };
  const hits = { count: 0 };
  const server = createServer((req, res) => {
    hits.count++;
    res.on('error', () => undefined);
    handle.current(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handle, hits };
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
