/**
 * What the three request-bound clients share beyond `call`: their reads go
 * through one per-request read cache (loaders/read-cache.ts), keyed by the
 * row and its arguments, so a request never asks the same thing twice and a
 * list row's items answer its single-item row. A client is made per request
 * (src/upstreams/index.ts, `bindClients`), so no cached answer reaches
 * another caller.
 */
import { ReadCache } from '../../loaders/read-cache.js';
import type { AnyOperation, ArgsParam, CallArgs, ReadRow, ResultOf } from './operations.js';

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
