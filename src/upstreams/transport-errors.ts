/**
 * Telling what went wrong on an upstream call: a timeout, a transport failure
 * of the upstream (refused, reset, DNS, TLS, a malformed HTTP answer), or an
 * exception of our own (a request body that throws while streaming, an
 * invalid header) that says nothing about the upstream's health. And naming
 * the cause for operators: the error code and host:port, never a URL's
 * credentials or path.
 */
import { errors as undiciErrors } from 'undici';
import { UpstreamError, type UpstreamName } from '../errors.js';

/**
 * A failed attempt: the error its caller gets, and whether it speaks about the upstream's health
 * (what the circuit breaker hears). An Error with a constant code, as undici's own errors are, so
 * whatever catches it unexpectedly still has a stack and a name.
 */
export class AttemptFailure extends Error {
  override readonly name = 'AttemptFailure';
  readonly code = 'GATEWAY_ATTEMPT_FAILED';
  /** What the caller gets (an UpstreamError when the failure is coded, else the exception itself). */
  readonly error: unknown;
  readonly upstreamFault: boolean;

  constructor({ error, upstreamFault }: { error: unknown; upstreamFault: boolean }) {
    super('An upstream attempt failed', { cause: error });
    this.error = error;
    this.upstreamFault = upstreamFault;
  }
}

/** What is known of an attempt when it fails. */
export interface AttemptFacts {
  /** A write: a timeout leaves its outcome unknown. */
  mutation: boolean;
  /** The status, when the headers had arrived. */
  status?: number;
  /** The GraphQL request's signal (the caller leaving, the deadline). */
  outer?: AbortSignal;
  /** The attempt's own timer ended it. */
  timedOut: boolean;
}

/** Sorts a failed attempt: the upstream's fault, the caller's leaving, or an exception of our own. */
export function classifyAttempt(
  upstream: UpstreamName,
  error: unknown,
  { mutation, status, outer, timedOut }: AttemptFacts,
): AttemptFailure {
  if (error instanceof UpstreamError) return new AttemptFailure({ error, upstreamFault: false }); // a bad body: the upstream answers, it is not down
  if (isMalformedHead(error)) {
    // Not an answer we can read at all (a header past maxHeaderSize): as broken as a reset, so the breaker hears it.
    const details = { status, outcomeUnknown: mutation || undefined, cause: error };
    const coded = new UpstreamError(
      upstream,
      'UPSTREAM_BAD_RESPONSE',
      `The ${upstream} service sent a response the gateway cannot read`,
      details,
    );
    return new AttemptFailure({ error: coded, upstreamFault: true });
  }
  const left = cancelledByCaller(outer, timedOut);
  const late = !left && (timedOut || isTimeout(error) || (outer?.aborted === true && isDeadline(outer)));
  // Our own exception (say, a request body that throws while streaming) is a bug here, not an upstream failure.
  if (!left && !late && !isTransportFailure(error)) return new AttemptFailure({ error, upstreamFault: false });
  const details = { status, outcomeUnknown: mutation || undefined, cause: error };
  const coded = late
    ? new UpstreamError(upstream, 'UPSTREAM_TIMEOUT', `The ${upstream} service did not answer in time`, details)
    : new UpstreamError(upstream, 'UPSTREAM_UNAVAILABLE', `The ${upstream} service could not be reached`, details);
  // The request's deadline is the whole GraphQL request's: other calls may have spent it, so an attempt it ends
  // before the attempt's own timer says nothing of this upstream. The caller still gets UPSTREAM_TIMEOUT.
  const endedByDeadline = !timedOut && outer?.aborted === true && isDeadline(outer);
  return new AttemptFailure({ error: coded, upstreamFault: !left && !endedByDeadline });
}

/** System error codes of a peer or network that failed us. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPROTO',
]);
/** TLS failures (OpenSSL and Node codes) and HTTP parser errors (llhttp). */
const PEER_CODE = /^(ERR_TLS_|ERR_SSL_|HPE_)|CERT|^UNABLE_TO_|^DEPTH_ZERO/;

interface Coded {
  code?: unknown;
  cause?: unknown;
  name?: unknown;
}

/** The error and its causes, outermost first (bounded: a cause chain can be a cycle). */
function* chain(error: unknown): Generator<Coded> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Coded;
    current = (current as Coded).cause;
  }
}

export function isTimeout(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    (error instanceof Error && error.name === 'TimeoutError')
  );
}

/** A response whose status line and headers undici refused to read: headers larger than its maxHeaderSize. */
function isMalformedHead(error: unknown): boolean {
  for (const e of chain(error)) if (e instanceof undiciErrors.HeadersOverflowError || e.code === 'HPE_HEADER_OVERFLOW') return true;
  return false;
}

/** True when the upstream (or the network to it) failed, as opposed to an exception of our own. */
export function isTransportFailure(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || PEER_CODE.test(e.code))) return true;
    if (
      e instanceof undiciErrors.SocketError ||
      e instanceof undiciErrors.HTTPParserError ||
      e instanceof undiciErrors.ResponseContentLengthMismatchError ||
      e instanceof undiciErrors.ClientClosedError ||
      e instanceof undiciErrors.ClientDestroyedError
    ) {
      return true;
    }
  }
  return false;
}

/** The most specific code in the error's chain (ECONNREFUSED rather than UND_ERR_SOCKET), or its name. */
export function errorCode(error: unknown): string {
  let fallback: string | undefined;
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && /^[\w.-]{1,64}$/.test(e.code)) {
      if (!e.code.startsWith('UND_ERR')) return e.code;
      fallback ??= e.code;
    }
  }
  if (fallback) return fallback;
  const name = (error as Coded | undefined)?.name;
  return typeof name === 'string' ? name : 'Error';
}

/** `host:port` of an origin, without the userinfo a URL may carry. */
export function addressOf(origin: string): string {
  const url = new URL(origin);
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * True when the request's signal ended the call for a reason of its own (the caller left, or its
 * result was ready without this call), not for time: neither the upstream's fault nor a timeout.
 */
export function cancelledByCaller(outer: AbortSignal | undefined, timedOut: boolean): boolean {
  return !timedOut && outer?.aborted === true && !isDeadline(outer);
}

/** The request's own deadline passed (src/context.ts aborts with a TimeoutError), as opposed to the caller leaving. */
export function isDeadline(signal: AbortSignal): boolean {
  return (signal.reason as Error | undefined)?.name === 'TimeoutError';
}
