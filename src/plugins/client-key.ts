/**
 * Who a request comes from, for rate limits: a hash of the credentials it
 * carries (never the credential itself: keys live in memory and metrics),
 * else the client's IP address.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const CREDENTIAL_HEADERS = ['authorization', 'x-seo-api-key', 'x-items-api-key'] as const;

/** The socket's remote address (X-Forwarded-For is not trusted: any caller can set it). */
export function clientAddress(serverContext: unknown): string {
  const req = (serverContext as { req?: IncomingMessage } | undefined)?.req;
  return req?.socket?.remoteAddress ?? 'unknown';
}

/** `cred:<sha256 prefix>` when the request carries a credential, else `ip:<address>`. */
export function clientKey(request: Request, serverContext: unknown): string {
  const values = CREDENTIAL_HEADERS.map((name) => request.headers.get(name) ?? '');
  if (values.some(Boolean)) return `cred:${createHash('sha256').update(values.join('\n')).digest('hex').slice(0, 32)}`;
  return `ip:${clientAddress(serverContext)}`;
}
