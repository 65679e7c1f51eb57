/**
 * Who a request comes from, for rate limits: a hash of the credentials it
 * carries (never the credential itself: keys live in memory and metrics),
 * else the client's IP address.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const CREDENTIAL_HEADERS = ['authorization', 'x-seo-api-key', 'x-items-api-key'] as const;

/**
 * The client's address: the socket's, or, behind `trustedProxies` proxies
 * (TRUST_PROXY_HOPS), the X-Forwarded-For entry the outermost trusted proxy
 * saw. Entries left of it are whatever the caller sent, so they never count.
 */
export function clientAddress(serverContext: unknown, trustedProxies = 0): string {
  const req = (serverContext as { req?: IncomingMessage } | undefined)?.req;
  const socket = req?.socket?.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return socket;
  const header = req?.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  return hops[Math.max(0, hops.length - trustedProxies)] ?? socket;
}

/** `cred:<sha256 prefix>` when the request carries a credential, else `ip:<address>`. */
export function clientKey(request: Request, serverContext: unknown, trustedProxies = 0): string {
  const values = CREDENTIAL_HEADERS.map((name) => request.headers.get(name) ?? '');
  if (values.some(Boolean)) return `cred:${createHash('sha256').update(values.join('\n')).digest('hex').slice(0, 32)}`;
  return `ip:${clientAddress(serverContext, trustedProxies)}`;
}
