/**
 * The Laravel-style conventions the marketplace and website-analysis services
 * share (docs/upstream-contract.md, "Conventions"): `{data}` and `{data, meta, links}` envelopes,
 * and HTTP status + `{message, errors?, required_scope?}` errors mapped to the
 * codes of README, "Errors".
 */
import { z } from 'zod';
import { UpstreamError, type ErrorCode, type UpstreamName } from '../errors.js';
import { parseRetryAfter } from './retry-after.js';
import type { Page, UpstreamResponse } from './wire.js';
import { safeFieldErrors, safeUpstreamMessage } from './upstream-message.js';
import { graphFieldName } from './field-names.js';

const pageMeta = z.object({
  current_page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  last_page: z.number().int().min(1),
});

export type { Page };

const errorBody = z
  .object({
    message: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    required_scope: z.string().optional(),
  })
  .loose();

/** Validates a payload with `schema`; a mismatch is UPSTREAM_BAD_RESPONSE on that field. */
export function parsePayload<T>(upstream: UpstreamName, schema: z.ZodType<T>, value: unknown, what: string, status?: number): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent an unexpected ${what}`, {
      status,
      cause: result.error,
    });
  }
  return result.data;
}

// Building a zod schema is costly (zod 4 compiles it): each envelope around an item schema is made once, and
// reads the envelope and its items in one pass (the envelope checked first, then its items, was two).
const ones = new WeakMap<z.ZodType, z.ZodType>();
const pages = new WeakMap<z.ZodType, z.ZodType>();
function envelopeOf<T>(item: z.ZodType<T>): z.ZodType<{ data: T }> {
  let one = ones.get(item);
  if (!one) ones.set(item, (one = z.object({ data: item })));
  return one as z.ZodType<{ data: T }>;
}
function pageOf<T>(item: z.ZodType<T>): z.ZodType<{ data: T[]; meta?: z.infer<typeof pageMeta> }> {
  let page = pages.get(item);
  if (!page) pages.set(item, (page = z.object({ data: z.array(item), meta: pageMeta.optional() })));
  return page as z.ZodType<{ data: T[]; meta?: z.infer<typeof pageMeta> }>;
}

/** `{data: {...}}` → the record mapped by `item`. */
export function readOne<T>(upstream: UpstreamName, response: UpstreamResponse, item: z.ZodType<T>, what: string): T {
  return parsePayload(upstream, envelopeOf(item), response.body, what, response.status).data;
}

/**
 * `{data: [...], meta}` → items mapped by `item`, with the total from `meta`.
 * The meta must add up (last_page = ceil(total / per_page), or 1 for an empty
 * list; no more items than per_page): loops over pages stop at `lastPage`, so
 * a page count that the total does not back is UPSTREAM_BAD_RESPONSE.
 */
export function readPage<T>(upstream: UpstreamName, response: UpstreamResponse, item: z.ZodType<T>, what: string): Page<T> {
  const { data: items, meta } = parsePayload(upstream, pageOf(item), response.body, `${what} list`, response.status);
  if (meta && (meta.last_page !== Math.max(1, Math.ceil(meta.total / meta.per_page)) || items.length > meta.per_page)) {
    throw new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent inconsistent paging for a ${what} list`, {
      status: response.status,
    });
  }
  return {
    items,
    total: meta?.total ?? items.length,
    lastPage: meta?.last_page ?? 1,
  };
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'BAD_USER_INPUT',
  429: 'RATE_LIMITED',
};

/** The code a non-2xx status of a Laravel upstream becomes (also recorded on the call's span). */
export function laravelCode(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'UPSTREAM_UNAVAILABLE' : 'UPSTREAM_BAD_RESPONSE');
}

/**
 * The error for a non-2xx response; `subject` names what was asked for ("gig 'x'"). The upstream's
 * own message and field errors pass only when safe to show (upstream-message.ts); `secrets` are the
 * request's credentials, which never pass.
 */
export function laravelError(
  upstream: UpstreamName,
  response: UpstreamResponse,
  subject: string,
  secrets: readonly string[] = [],
): UpstreamError {
  const { status } = response;
  const parsed = errorBody.safeParse(response.body);
  const body = parsed.success ? parsed.data : {};
  const retryAfter = parseRetryAfter(response.headers['retry-after']);
  const code = laravelCode(status);
  const upstreamMessage = safeUpstreamMessage(body.message, secrets);
  const requiredScope = body.required_scope !== undefined && /^[\w.:-]{1,100}$/.test(body.required_scope) ? body.required_scope : undefined;
  const message = (() => {
    switch (code) {
      case 'UNAUTHENTICATED':
        return `The ${upstream} service did not accept the credential`;
      case 'FORBIDDEN':
        return requiredScope
          ? `The ${upstream} credential lacks the scope "${requiredScope}"`
          : `The ${upstream} credential is not allowed to do this`;
      case 'NOT_FOUND':
        return `Not found: ${subject}`;
      case 'CONFLICT':
        return upstreamMessage ?? `The ${subject} is not in a state that allows this change`;
      case 'BAD_USER_INPUT':
        return upstreamMessage ?? `The ${upstream} service rejected the input`;
      case 'RATE_LIMITED':
        return `The ${upstream} service is rate limiting requests`;
      case 'UPSTREAM_UNAVAILABLE':
        return `The ${upstream} service is unavailable (HTTP ${status})`;
      default:
        return `The ${upstream} service answered HTTP ${status}`;
    }
  })();
  return new UpstreamError(upstream, code, message, {
    status,
    retryAfter: code === 'RATE_LIMITED' || code === 'UPSTREAM_UNAVAILABLE' ? retryAfter : undefined,
    requiredScope,
    // Keyed by the GraphQL input field (`gigSlug`), not the upstream's body key (`gig_slug`).
    fieldErrors: status === 422 ? safeFieldErrors(body.errors, secrets, graphFieldName) : undefined,
  });
}
