/**
 * The shape shared by the three upstreams' operation tables. A row is the
 * document's facts (`OperationSpec`: method, path, scope, status) plus how the
 * gateway calls it (`OperationDescriptor`): how arguments become the request,
 * how the answer is read and mapped to the graph shape, whether it is paged
 * and whether its answers may be shared. The clients' `call(descriptor, args)`, the cost estimate, the
 * look-ahead, the connection helper and the spans all read these rows, so an
 * operation is described once.
 */
import type { z } from 'zod';
import type { UpstreamName } from '../errors.js';
import type { HttpMethod, Page } from './wire.js';
import type { PageRequest } from './paging.js';

export type { HttpMethod };

/** What the upstream document says about an operation. */
export interface OperationSpec {
  method: HttpMethod;
  /** Path below the API root, with `{param}` placeholders. */
  path: string;
  /** OAuth scope the token needs; null when the operation declares no security. */
  scope: string | null;
  /** A scope the endpoint reference lists although the description declares none (sent if present, never required). */
  referenceScope?: string;
  success: number;
  /**
   * Needs no credential, yet answers a signed-in caller differently (a greeting, their recent gigs):
   * sent with the caller's credential when there is one, and never kept by the shared cache.
   */
  personalised?: boolean;
  /**
   * A POST that changes nothing upstream (a search, a quote): `read` accepts it, so one request asks it once
   * for the same arguments. Still never shared, retried or prefetched (only a GET is).
   */
  readsOnly?: true;
}

/**
 * Whether an answer of this row may be shared between callers: the one rule that keeps one
 * caller's data from another, decided once per row by `sharingOf` and read by the clients (which
 * credential goes with the call), the shared cache (what it may keep) and the docs.
 * - `public`: a read whose answer cannot depend on the caller. Sent without any credential, even
 *   when the caller has one, and shareable.
 * - `public-when-anonymous`: a read that needs no scope although its reference lists one
 *   (`GET /gigs`, `GET /sellers`). A caller's token goes with it and that answer is the caller's
 *   own; sent with no credential at all, its answer is the same for every anonymous caller.
 * - `private`: anything else (a scope, a write, a personalised read, a keyed service): never shared.
 */
export type Sharing = 'public' | 'public-when-anonymous' | 'private';

/**
 * Services whose documents need the caller's key on every operation, whatever a row's scope says:
 * none of their rows is shared.
 */
const KEYED_SERVICES: ReadonlySet<UpstreamName> = new Set(['seo', 'items']);

export function sharingOf(service: UpstreamName, spec: OperationSpec): Sharing {
  if (KEYED_SERVICES.has(service) || spec.method !== 'GET' || spec.scope !== null || spec.personalised === true) return 'private';
  return spec.referenceScope === undefined ? 'public' : 'public-when-anonymous';
}

/**
 * How the answer is wrapped: `{data}` (one), `{data, meta}` (page), an unpaged
 * `{data: [...]}` (list), or the body as a whole (raw).
 */
export type Envelope = 'one' | 'page' | 'list' | 'raw';

/** The page sizes an upstream accepts: a list, or every size from 1 to max. */
export type PageSizes = readonly number[] | { readonly max: number };

/** `{slug: string}` for `/gigs/{slug}`: the arguments a path template needs. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

/** Query values as they go on the wire (undefined values are left out). */
export type QueryValues = Record<string, string | number | boolean | undefined>;

export interface OperationDescriptor<
  P extends string = string,
  E extends Envelope = Envelope,
  T = unknown,
  In = unknown,
> extends OperationSpec {
  readonly service: UpstreamName;
  /** The operation id (document's id or our name): the metrics and log label. */
  readonly id: string;
  readonly path: P;
  readonly envelope: E;
  /** Validates the payload inside the envelope and maps it to the graph shape (zod transforms). */
  readonly schema: z.ZodType<T>;
  /** What one payload is, for error messages ("gig", "AI request"). */
  readonly what: string;
  /** Names what was asked for in a NOT_FOUND message ("gig 'logo-design'"); the id when absent. */
  subject?(params: PathParams<P>): string;
  /** Turns the typed `query` argument into the upstream's query names (default: as given). */
  encodeQuery?(query: never): QueryValues;
  /** Whether its answers may be shared between callers (`sharingOf`, decided once in `table`). */
  readonly sharing: Sharing;
  /** Safe to repeat: only these are retried, and only these may be prefetched. */
  readonly idempotent: boolean;
  /** The page sizes a paginated operation accepts (`page`/`per_page`); null when it is not paged. */
  readonly paginated: PageSizes | null;
  /** The single-item rows each item of this read's answer (or what it holds) is cached as (loaders/read-cache.ts); checked by `table`. */
  readonly primes?: readonly Primes<T, unknown>[];
  /** Completes each item of an answer from the path parameters it was asked with (a review listed per gig gets its gig). */
  complete?(item: T, params: PathParams<P>): T;
  /** Phantom: the typed arguments beyond the path parameters (`query`, `body`). */
  readonly input?: In;
}

/**
 * `primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) }` on a list row: every item of an
 * answer is cached as the answer of `row` (a row of the same table) for the arguments `key` gives,
 * which are the arguments a reader of that row passes (`read(ops.gigsShow, { slug })`).
 * With `items`, what is cached is the records nested in each item of the answer rather than the item
 * (`items: (home) => home.featuredGigs` on the mobile home: its gigs prime `gigsShow`), and `key` is
 * given the item they came in too (an order's deliveries are keyed by the order's uuid). A row may
 * prime several rows: a list of these.
 */
export interface Primes<T, Nested = T> {
  readonly row: string;
  /** The records inside one item of the answer that are answers of `row`; the item itself when absent. */
  items?(item: T): readonly Nested[];
  key(record: Nested, item: T): Record<string, unknown>;
}

/** A row `read` accepts: a GET or a `readsOnly` POST, which the per-request read cache may answer from an earlier call. */
export type ReadRow = AnyOperation & ({ readonly method: 'GET' } | { readonly readsOnly: true });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = OperationDescriptor<string, Envelope, any, any>;

/** The arguments `call(descriptor, args)` takes: path parameters, a page for a paged list, and the row's extra input. */
export type CallArgs<D extends AnyOperation> = PathParams<D['path']> & (D['envelope'] extends 'page' ? PageRequest : unknown) & InputOf<D>;

/** The row's extra input (`input<...>()`), or nothing. */
type InputOf<D extends AnyOperation> = unknown extends D['input'] ? unknown : Exclude<D['input'], undefined>;

/** What `call(descriptor, args)` resolves to. */
export type ResultOf<D extends AnyOperation> =
  D extends OperationDescriptor<string, infer E, infer T, infer _In> ? (E extends 'page' ? Page<T> : E extends 'list' ? T[] : T) : never;

/** The args parameter of `call`: optional when the operation needs none. */
export type ArgsParam<D extends AnyOperation> = object extends CallArgs<D> ? [args?: CallArgs<D>] : [args: CallArgs<D>];

/** How a row is read: envelope, payload schema, and the name of one payload. */
export interface Reading<E extends Envelope, T> {
  envelope: E;
  schema: z.ZodType<T>;
  what: string;
}

export const one = <T>(schema: z.ZodType<T>, what: string): Reading<'one', T> => ({ envelope: 'one', schema, what });
export const list = <T>(schema: z.ZodType<T>, what: string): Reading<'list', T> => ({ envelope: 'list', schema, what });
export const page = <T>(schema: z.ZodType<T>, what: string): Reading<'page', T> => ({ envelope: 'page', schema, what });
export const raw = <T>(schema: z.ZodType<T>, what: string): Reading<'raw', T> => ({ envelope: 'raw', schema, what });

/** Phantom marker for a row's typed input: `input<{ query: GigFilter }>()`. */
export const input = <In>(): In => undefined as In;

export interface RowOptions<P extends string, In, T, Nested = T> {
  subject?: (params: PathParams<P>) => string;
  /** One kind of primed record, typed; or several, each keyed from the item it came in (the records are `unknown` to `key`). */
  primes?: Primes<T, Nested> | readonly Primes<T, unknown>[];
  complete?: (item: T, params: PathParams<P>) => T;
  input?: In;
  encodeQuery?: (query: never) => QueryValues;
  /** Page sizes of a paged list (required with `page(...)`). */
  pageSizes?: PageSizes;
}

/**
 * Builds a descriptor from a document row and how the gateway reads it. The
 * service and id are filled in by `table`, which knows the row's key.
 */
export function row<const S extends OperationSpec, E extends Envelope, T, In = unknown, Nested = T>(
  spec: S,
  reading: Reading<E, T>,
  options: RowOptions<S['path'], In, T, Nested> = {},
): Omit<OperationDescriptor<S['path'], E, T, In>, 'service' | 'id' | 'sharing'> & S {
  const idempotent = spec.method === 'GET';
  if (reading.envelope === 'page' && !options.pageSizes)
    throw new Error(`A paged operation needs its page sizes: ${spec.method} ${spec.path}`);
  return {
    ...spec,
    ...reading,
    subject: options.subject,
    encodeQuery: options.encodeQuery,
    ...(options.primes ? { primes: ([] as Primes<T, unknown>[]).concat(options.primes as Primes<T, unknown>) } : {}),
    ...(options.complete ? { complete: options.complete } : {}),
    idempotent,
    paginated: reading.envelope === 'page' ? options.pageSizes! : null,
  };
}

type TableRow<R, K> = R & { readonly service: UpstreamName; readonly id: K & string; readonly sharing: Sharing };

/** Gives every row of a table its service, its id (the row's key) and its sharing; a `primes` must name a GET row of the table. */
export function table<const R extends Record<string, Omit<AnyOperation, 'service' | 'id' | 'sharing'>>>(
  service: UpstreamName,
  rows: R,
): { [K in keyof R]: TableRow<R[K], K> } {
  const out: Record<string, unknown> = {};
  for (const [id, spec] of Object.entries(rows)) {
    for (const { row: target } of spec.primes ?? []) {
      if (rows[target]?.method !== 'GET') throw new Error(`${service}.${id} primes ${target}, which is not a read of this table`);
    }
    out[id] = { ...spec, service, id, sharing: sharingOf(service, spec) };
  }
  return out as { [K in keyof R]: TableRow<R[K], K> };
}
