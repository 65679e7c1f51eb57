/**
 * Who a request comes from, for rate limits: a hash of the credentials it
 * carries, normalised as the gateway would forward them (never the
 * credential itself: keys live in memory, Redis and metrics), else the
 * client's address. A header the gateway would not forward (malformed)
 * counts as absent, so spelling variants of one token share one bucket.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readCredentials, type HeaderSource } from '../context.js';

/**
 * The client's address: the socket's, or, behind `trustedProxies` proxies
 * (TRUST_PROXY_HOPS), the X-Forwarded-For entry the outermost trusted proxy
 * saw. Entries left of it are whatever the caller sent, so they never count.
 * `serverContext.req` is the HTTP request, or a WebSocket's upgrade request.
 */
export function clientAddress(serverContext: unknown, trustedProxies = 0): string {
  const req = (serverContext as { req?: IncomingMessage } | undefined)?.req;
  const socket = req?.socket?.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return socket;
  const header = req?.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return hops[Math.max(0, hops.length - trustedProxies)] ?? socket;
}

/** `cred:<sha256 prefix>` when the request carries a usable credential, else `ip:<address>`. */
export function clientKey(request: HeaderSource, serverContext: unknown, trustedProxies = 0): string {
  const { marketplaceToken, seoApiKey, itemsApiKey } = readCredentials(request);
  if (marketplaceToken || seoApiKey || itemsApiKey) {
    const material = [marketplaceToken ?? '', seoApiKey ?? '', itemsApiKey ?? ''].join('\n');
    return `cred:${createHash('sha256').update(material).digest('hex').slice(0, 32)}`;
  }
  return `ip:${clientAddress(serverContext, trustedProxies)}`;
}
