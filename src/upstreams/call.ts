/**
 * What every client's `call(descriptor, args)` shares: the request parts a
 * descriptor makes of typed arguments (path parameters filled and encoded, the
 * query, a page of a paged list), and the reading of the answer by the
 * descriptor's envelope and schema. The clients add only what differs per
 * upstream: the credential, the body encoding and the error shapes.
 */
import type { Readable } from 'node:stream';
import type { UpstreamName } from '../errors.js';
import type { RequestBinding, UpstreamRequest, UpstreamResponse } from './wire.js';
import { fillPath } from './identifiers.js';
import { parsePayload, readOne, readPage } from './laravel.js';
import type { AnyOperation, QueryValues } from './operations.js';

/** A body sent as is, with its content type (a multipart upload, resolvers/upload.ts). */
export interface UploadBody {
  body: Buffer | Readable;
  contentType: string;
}

/** The loose view of `CallArgs` the clients work with. */
export interface LooseArgs {
  query?: unknown;
  body?: unknown;
  page?: number;
  perPage?: number;
  [param: string]: unknown;
}

export interface RequestParts {
  /** Path below the root, every identifier validated and percent-encoded. */
  path: string;
  query: QueryValues | undefined;
}

export function requestParts(operation: AnyOperation, args: LooseArgs): RequestParts {
  const encoded =
    operation.encodeQuery && args.query !== undefined
      ? operation.encodeQuery(args.query as never)
      : (args.query as QueryValues | undefined);
  const query = operation.paginated ? { ...encoded, page: args.page, per_page: args.perPage } : encoded;
  return { path: fillPath(operation.path, args as Record<string, string>), query };
}

/** What NOT_FOUND messages name ("gig 'logo-design'"): built only when an answer is an error. */
export const subjectOf = (operation: AnyOperation, args: LooseArgs): string =>
  operation.subject ? operation.subject(args as never) : operation.id;

/** `Accept: application/json` alone: the headers of every call that sends no credential and no body, one object for all. */
export const ACCEPT_JSON: Readonly<Record<string, string>> = Object.freeze({ accept: 'application/json' });

/**
 * The UpstreamRequest of one call, built in one literal of one shape: the row's fields (method, the label for logs
 * and metrics, the span's `url.template`, retries), the client's parts, and what the GraphQL request lends every
 * call (`binding`). Whether the answer may be shared (`publicRead`) is the client's to say, knowing the credential.
 */
export function upstreamRequest(
  operation: AnyOperation,
  binding: RequestBinding,
  parts: RequestParts & { headers: Readonly<Record<string, string>>; body?: UpstreamRequest['body']; publicRead?: boolean },
  codeOf?: UpstreamRequest['codeOf'],
): UpstreamRequest {
  return {
    method: operation.method,
    operation: operation.id,
    template: operation.path,
    idempotent: operation.idempotent,
    readsOnly: operation.readsOnly,
    path: parts.path,
    query: parts.query,
    // Shared between calls (ACCEPT_JSON, a client's credential headers): no layer below writes to it.
    headers: parts.headers as Record<string, string>,
    body: parts.body,
    publicRead: parts.publicRead,
    signal: binding.signal,
    deadlineAt: binding.deadlineAt,
    idempotencyKey: binding.idempotencyKey,
    requestId: binding.requestId,
    trace: binding.trace,
    inFlight: binding.inFlight,
    budget: binding.budget,
    reads: binding.reads,
    codeOf,
  };
}

/** Reads a 2xx answer by the descriptor's envelope (each item completed from `args` when the row says how); a payload that does not fit is UPSTREAM_BAD_RESPONSE. */
export function readAnswer(upstream: UpstreamName, operation: AnyOperation, response: UpstreamResponse, args: LooseArgs = {}): unknown {
  const answer = readEnvelope(upstream, operation, response);
  const complete = operation.complete;
  if (!complete) return answer;
  const completed = (item: unknown): unknown => complete(item, args as never);
  if (operation.envelope === 'page') {
    const paged = answer as { items: unknown[] };
    return { ...paged, items: paged.items.map(completed) };
  }
  return operation.envelope === 'list' ? (answer as unknown[]).map(completed) : completed(answer);
}

function readEnvelope(upstream: UpstreamName, operation: AnyOperation, response: UpstreamResponse): unknown {
  switch (operation.envelope) {
    case 'one':
      return readOne(upstream, response, operation.schema, operation.what);
    case 'page':
      return readPage(upstream, response, operation.schema, operation.what);
    case 'list':
      return readPage(upstream, response, operation.schema, operation.what).items;
    case 'raw':
      return parsePayload(upstream, operation.schema, response.body, operation.what, response.status);
  }
}
