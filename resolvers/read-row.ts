/**
 * `readRow(ctx, row, args)`: a GET through the request's client for the row's
 * upstream (`ctx.clients[row.service]`), so through that client's per-request
 * read cache (loaders/read-cache.ts). The row names its upstream, so a caller
 * never picks the client (or its credential) by hand.
 */
import type { GatewayContext } from '../src/context.js';
import type { CallArgs, ReadRow, ResultOf } from '../src/upstreams/operations.js';

/** The one method readRow needs, with the client's row type left loose (each client checks its own rows' shape). */
interface Reader {
  read(row: ReadRow, args?: object): Promise<unknown>;
}

export const readRow = <D extends ReadRow>(ctx: GatewayContext, row: D, args: CallArgs<D>): Promise<ResultOf<D>> =>
  (ctx.clients[row.service] as unknown as Reader).read(row, args as object) as Promise<ResultOf<D>>;
