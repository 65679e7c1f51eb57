/**
 * pino, with every place a credential can hide redacted: caller headers,
 * upstream headers, the items `api_key`, passwords and tokens in bodies.
 * Redaction is the second line of defence: the gateway's own log calls pass
 * names, codes and statuses, never a request's headers, variables or body
 * (test/security/credential-isolation.test.ts scans the captured logs).
 *
 * A line written while an OpenTelemetry span is active carries its `trace_id`
 * and `span_id`, so a log line leads to its trace. The gateway's own tracing
 * registers no context manager (src/tracing.ts), so for its requests "active"
 * means the request the line names (`requestId`), found among the traced
 * requests in flight; a span made active by an embedding process's own context
 * manager counts as well. With neither, the lookups return at once.
 * A line written while serving an HTTP request carries its `requestId`. The gateway's own lines pass it;
 * Yoga's debug lines, which go through the one process logger, get it from `requestLogScope`, entered
 * only while debug lines are written (src/plugins/use-request-id.ts): on Node 20 any AsyncLocalStorage
 * turns on promise hooks for every promise, which cost 7-18 % of the CPU per request. An unexpected error
 * (its one `unexpected error` line, and any other error Yoga logs) carries it through `noteRequestOfError`, noted by the
 * same plugin before Yoga masks the error.
 * `pretty` is for people (development); `json` is for log shippers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GraphQLError } from 'graphql';
import { pino, stdSerializers, type Logger as PinoLogger } from 'pino';
import { build as prettyStream } from 'pino-pretty';
import { context, isSpanContextValid, trace, type Context } from '@opentelemetry/api';
import { requestTraceById } from './request-trace.js';

export type Logger = PinoLogger;

export const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  '*.headers.authorization',
  'headers["x-seo-api-key"]',
  'headers["x-items-api-key"]',
  'headers["x-gateway-admin-key"]',
  '*.headers["x-seo-api-key"]',
  '*.headers["x-items-api-key"]',
  'api_key',
  '*.api_key',
  'password',
  '*.password',
  'token',
  '*.token',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'variables.input.password',
  'variables.password',
  'variables.input.refreshToken',
  // Mobile auth (login, register, refresh): GraphQL variables, upstream bodies and token payloads.
  'variables.input.passwordConfirmation',
  'password_confirmation',
  '*.password_confirmation',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'data.*.accessToken',
  'data.*.refreshToken',
  // Any other variable of that name, wherever an input nests it; cookies and the items key in queries or bodies.
  'variables.*.password',
  'variables.*.token',
  'variables.*.refreshToken',
  'headers.cookie',
  '*.headers.cookie',
  'query.api_key',
  '*.query.api_key',
  'body.api_key',
  'body.password',
];

export type LogFormat = 'json' | 'pretty';

/**
 * `text` cut to at most `max` characters, marked as cut. A copy, not a slice: V8 keeps a slice's whole parent
 * string alive, and the parent is a caller's document.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${Buffer.from(text.slice(0, max - 1)).toString()}…`;
}

/** The HTTP request being served, for the lines written while serving it (at debug level only: see above). */
export const requestLogScope = new AsyncLocalStorage<{ requestId: string }>();

/** The request each error met while serving it belongs to: weak, so an error is forgotten with its request. */
const requestOfError = new WeakMap<object, string>();

/**
 * Notes that `error` happened while serving the request `requestId`. The error object itself, not the value
 * it wraps: a shared cause (the deadline's DOMException) must not lend one request's id to another's error.
 */
export function noteRequestOfError(error: unknown, requestId: string): void {
  if (typeof error === 'object' && error !== null) requestOfError.set(error, requestId);
}

/** `{ requestId }` of the request an error was met serving, or nothing: for the lines that log the error. */
export function requestFieldsOfError(error: unknown): { requestId?: string } {
  const requestId = typeof error === 'object' && error !== null ? requestOfError.get(error) : undefined;
  return requestId === undefined ? {} : { requestId };
}

/**
 * A line's own trace, where the code writing it knows one (an operation's, src/request-trace.ts
 * `operationTrace`: in a batch, the request's names the operation begun last). A Symbol key: pino prints none.
 */
export const LINE_TRACE = Symbol('line trace');

/**
 * The request's id and the active span's ids, or nothing: called by pino for every line with the line's
 * own fields (which it merges into the object returned here; a field the call passes itself wins).
 */
export function traceFields(line: { err?: unknown; requestId?: unknown; [LINE_TRACE]?: { readonly current: Context } } = {}): {
  requestId?: string;
  trace_id?: string;
  span_id?: string;
} {
  const scope = requestLogScope.getStore();
  const fields: { requestId?: string; trace_id?: string; span_id?: string } = scope
    ? { requestId: scope.requestId }
    : line.err === undefined
      ? {}
      : requestFieldsOfError(line.err);
  const requestId = typeof line.requestId === 'string' ? line.requestId : fields.requestId;
  const requestTrace = line[LINE_TRACE] ?? (requestId === undefined ? undefined : requestTraceById(requestId));
  const span = trace.getSpan(requestTrace ? requestTrace.current : context.active());
  if (!span) return fields;
  const ids = span.spanContext();
  if (isSpanContextValid(ids)) Object.assign(fields, { trace_id: ids.traceId, span_id: ids.spanId });
  return fields;
}

/** Characters kept of any one string in a log line (its message, a field, an error's message or stack). */
const LOG_STRING_CHARS = 2048;

/** Strings cut to LOG_STRING_CHARS, in plain objects and arrays a few levels down: a line stays a few KB whatever it quotes. */
function clipStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return clip(value, LOG_STRING_CHARS);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => clipStrings(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clipStrings(item, depth + 1)]));
}

export function createLogger(level: string, destination?: NodeJS.WritableStream, format: LogFormat = 'json'): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'gateway' },
    mixin: traceFields,
    // Bounded by construction: a caller's 400 KB operation name or header quoted anywhere is a few KB here.
    formatters: { log: (object: Record<string, unknown>) => clipStrings(object) as Record<string, unknown> },
    serializers: { err: (error: Error) => clipStrings({ ...stdSerializers.err(error) }) },
    hooks: {
      logMethod(this: PinoLogger, args: Parameters<PinoLogger['info']>, method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? clip(arg, LOG_STRING_CHARS) : arg)),
        );
      },
    },
  };
  if (format === 'pretty') {
    // Synchronous, in this thread: a line logged just before process.exit (a port in use) is not lost.
    const stream = prettyStream({
      destination: destination ?? 1,
      sync: true,
      colorize: destination ? false : process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service',
      // A message may quote caller input: a CR or LF in it must not start a forged line.
      messageFormat: (log, messageKey) => String(log[messageKey] ?? '').replace(/[\r\n]/g, (c) => (c === '\r' ? '\\r' : '\\n')),
    });
    return pino(options, stream);
  }
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Yoga's log arguments as one line of text (src/yoga.ts), a GraphQL error by its message alone: graphql-js's text
 * of a located error (`String(error)`) prints the lines of the caller's document around it, and a literal
 * argument written there can be a password (`mobileLogin(input: { password: "…" })`).
 */
export function logText(args: readonly unknown[]): string {
  return args.map((arg) => (arg instanceof GraphQLError ? arg.message : String(arg))).join(' ');
}
