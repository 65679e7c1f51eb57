/**
 * The per-request read cache every request-bound client keeps, the
 * `read`/`prime`/`forget` the three clients share around their `call`
 * (`ReadingClient`, below), and `readRow`, the read of a row through the
 * client of its upstream: one request never asks the same thing twice. A
 * client is made per request (src/upstreams/index.ts, `bindClients`), so no
 * cached answer reaches another caller.
 * An entry is the promise of one call, keyed by the operation row and a
 * stable key of the call's arguments (key order does not matter), so two
 * fields asking for the same gig, or a prefetch and the resolver it runs
 * ahead of, share one call.
 *
 * As DataLoader does, a failure stays cached as the rejected promise (every
 * field that asked for it reports the same error, and it is not retried
 * within the request), and a list answer primes the single-item rows its
 * row names (`primes` on the row, src/upstreams/operations.ts), so an item
 * that arrived in a list (or nested in an answer, `primes.items`) is never
 * fetched again by key. Priming never replaces an entry already there.
 *
 * Unlike DataLoader, a call starts at once rather than at the end of the
 * frame: nothing here batches, so there is nothing to wait for.
 */
import { stringify } from 'safe-stable-stringify';
import type { AnyOperation, ArgsParam, CallArgs, ReadRow, ResultOf } from '../src/upstreams/operations.js';

/** The stable text of a call's arguments: the same for `{ a, b }` and `{ b, a }`; undefined values left out. */
export const argumentsKey = (args: unknown): string => stringify(args ?? {}) ?? '';

export class ReadCache {
  /** Row id → argument key → the call's answer. */
  private readonly rows = new Map<string, Map<string, Promise<unknown>>>();

  /** The answer cached for `row` and `args`, or `fetch()`'s, cached (failure included) and primed from. */
  read<T>(row: AnyOperation, args: unknown, fetch: () => Promise<T>): Promise<T> {
    const entries = this.entriesOf(row.id);
    const key = argumentsKey(args);
    const cached = entries.get(key);
    if (cached) return cached as Promise<T>;
    const pending = fetch();
    entries.set(key, pending);
    if (row.primes)
      pending.then(
        (answer) => this.primeFrom(row, answer),
        () => undefined,
      );
    return pending;
  }

  /** Caches `value` as the answer of `row` for `args`, unless that is already cached (DataLoader's `prime`). */
  prime(row: AnyOperation, args: unknown, value: unknown): void {
    this.primeById(row.id, args, value);
  }

  /** Whether `row` has been asked for `args` in this request (or primed). */
  has(row: AnyOperation, args: unknown): boolean {
    return this.rows.get(row.id)?.has(argumentsKey(args)) ?? false;
  }

  /** Drops the cached answer of `row` for `args`, or every answer of `row` without them (after a write that changes them). */
  forget(row: AnyOperation, args?: unknown): void {
    if (args === undefined) this.rows.delete(row.id);
    else this.rows.get(row.id)?.delete(argumentsKey(args));
  }

  private primeFrom(row: AnyOperation, answer: unknown): void {
    for (const { row: target, items, key } of row.primes!) {
      for (const item of itemsOf(row, answer)) {
        for (const record of items ? items(item) : [item]) this.primeById(target, key(record, item), record);
      }
    }
  }

  private primeById(rowId: string, args: unknown, value: unknown): void {
    const entries = this.entriesOf(rowId);
    const key = argumentsKey(args);
    if (!entries.has(key)) entries.set(key, Promise.resolve(value));
  }

  private entriesOf(rowId: string): Map<string, Promise<unknown>> {
    let entries = this.rows.get(rowId);
    if (!entries) this.rows.set(rowId, (entries = new Map()));
    return entries;
  }
}

/** The items of an answer, by its row's envelope: a page's, a list's (or a raw list's) elements, or the one record. */
function itemsOf(row: AnyOperation, answer: unknown): unknown[] {
  if (row.envelope === 'page') return (answer as { items: unknown[] }).items;
  return Array.isArray(answer) ? answer : [answer];
}

/** What the three request-bound clients share beyond `call`: their reads go through one read cache. */
export abstract class ReadingClient<Row extends AnyOperation = AnyOperation> {
  private readonly reads = new ReadCache();

  /** Sends one operation (each client's own: credential, body encoding, error shapes). */
  abstract call<D extends Row>(operation: D, ...[args]: ArgsParam<D>): Promise<ResultOf<D>>;

  /** `call`, once per request for the same row and arguments; its items prime the row `primes` names. */
  read<D extends Row & ReadRow>(row: D, ...[args]: ArgsParam<D>): Promise<ResultOf<D>> {
    return this.reads.read(row, args, () => this.call(row, ...([args] as ArgsParam<D>)));
  }

  /** Caches an answer that arrived inside another one (a gig in a recommendation), unless one is cached already. */
  prime<D extends Row & ReadRow>(row: D, args: CallArgs<D>, value: ResultOf<D>): void {
    this.reads.prime(row, args, value);
  }

  /** Whether this request has asked `row` for `args` already. */
  protected hasRead<D extends Row & ReadRow>(row: D, ...[args]: ArgsParam<D>): boolean {
    return this.reads.has(row, args);
  }

  /** Drops the cached answer of `row` for `args`, or all of the row's without them (after a write that changes them). */
  forget<D extends Row & ReadRow>(row: D, args?: CallArgs<D>): void {
    this.reads.forget(row, args);
  }
}

/** The one method `readRow` needs, with the client's row type left loose (each client checks its own rows' shape). */
interface Reader {
  read(row: ReadRow, args?: object): Promise<unknown>;
}

/**
 * A read (a GET, or a `readsOnly` POST) through the request's client for the row's upstream
 * (`ctx.clients[row.service]`), so through that client's read cache: the row names its upstream, so a caller never
 * picks the client (or its credential) by hand.
 */
export const readRow = <D extends ReadRow>(
  ctx: { readonly clients: Readonly<Record<ReadRow['service'], object>> },
  row: D,
  args: CallArgs<D>,
): Promise<ResultOf<D>> => (ctx.clients[row.service] as Reader).read(row, args as object) as Promise<ResultOf<D>>;
