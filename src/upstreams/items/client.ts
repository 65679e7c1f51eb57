/**
 * The item-store client, bound per request to the caller's key, which travels
 * as the `api_key` parameter (docs/upstream-contract.md, "Conventions"): query string on GET, form
 * field on POST. The HTTP status of an error is not documented, so the body is
 * read whatever the status (docs/upstream-contract.md, "Conventions"). Every call
 * is `call(descriptor, args)` with a row of ./operations.ts.
 */
import { UpstreamError } from '../../errors.js';
import type { PublicCacheLayer } from '../public-cache/public-cache.js';
import { parseRetryAfter } from '../retry-after.js';
import { ReadingClient } from '../../../loaders/read-cache.js';
import type { RequestBinding, UpstreamResponse } from '../wire.js';
import { ACCEPT_JSON, upstreamRequest } from '../call.js';
import { formBody } from '../identifiers.js';
import { parsePayload } from '../laravel.js';
import type { AnyOperation, ArgsParam, QueryValues, ResultOf } from '../operations.js';
import { itemsOperations as ops, type ItemsRowExtras, type PurchaseValidationResult } from './operations.js';
import { ItemBatches, type ItemBatchOptions } from '../../../loaders/items.js';
import * as map from './map.js';

/** A form POST's headers (the key travels in the body), the same object for every call. */
const FORM_HEADERS = Object.freeze({ accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' });

export class ItemsClient extends ReadingClient<AnyOperation & ItemsRowExtras> {
  constructor(
    private readonly http: PublicCacheLayer,
    private readonly apiKey: string | undefined,
    private readonly binding: RequestBinding,
    private readonly batching: ItemBatchOptions,
  ) {
    super();
  }

  private batches?: ItemBatches;

  /** Made on first use: a request that reads no item pays nothing for them. */
  private get batched(): ItemBatches {
    return (this.batches ??= new ItemBatches(
      {
        listItems: () => this.read(ops.listItems),
        listed: () => this.hasRead(ops.listItems),
        showItem: (id) => this.read(ops.showItem, { query: { item_id: id } }),
        validatePurchase: (code) => this.call(ops.validatePurchase, { body: { purchase_code: code } }),
      },
      this.batching,
    ));
  }

  /** One item: many asked in one frame share one GET /items/all above the batch threshold (loaders/items.ts). */
  item(id: string): Promise<map.ItemShape> {
    return this.batched.items.load(id);
  }

  /** One purchase validation per code in this request, a bounded number at a time (loaders/items.ts). */
  validatePurchase(code: string): Promise<PurchaseValidationResult> {
    return this.batched.purchases.load(code);
  }

  /** False while this upstream's circuit is open or half-open (look-ahead then speculates no calls). */
  get circuitClosed(): boolean {
    return this.http.breakerState() === 'closed';
  }

  /** Sends one operation; a documented `msg` becomes its answer or error, any other failure a coded error. */
  async call<D extends AnyOperation & ItemsRowExtras>(operation: D, ...[args]: ArgsParam<D>): Promise<ResultOf<D>> {
    if (!this.apiKey) {
      throw new UpstreamError('items', 'UNAUTHENTICATED', 'This field needs an item-store API key (X-Items-Api-Key header)');
    }
    const given = (args ?? {}) as { query?: QueryValues; body?: QueryValues };
    const fields = { api_key: this.apiKey, ...(given.query ?? given.body) };
    const get = operation.method === 'GET';
    const response = await this.http.send(
      upstreamRequest(operation, this.binding, {
        path: operation.path,
        query: get ? fields : undefined,
        headers: get ? ACCEPT_JSON : FORM_HEADERS,
        body: get ? undefined : formBody(fields),
      }),
    );
    const message = errorMessage(response);
    const meaning = message === undefined ? undefined : operation.messages[message];
    if (meaning) {
      const meant = meaning(given as never, response.status);
      if (meant instanceof UpstreamError) throw meant;
      return meant.answer as ResultOf<D>;
    }
    failOnError(response, message, operation.about(given as never));
    return parsePayload('items', operation.schema, response.body, operation.what, response.status) as ResultOf<D>;
  }
}

function errorMessage(response: UpstreamResponse): string | undefined {
  // Every answer comes here, and a zod mismatch builds its issues: a success is told apart without zod.
  if ((response.body as { status?: unknown } | null | undefined)?.status !== 'error') return undefined;
  const parsed = map.errorEnvelope.safeParse(response.body);
  return parsed.success ? parsed.data.msg : undefined;
}

/** Throws the coded error for any answer that is not a success (after the documented messages were handled). */
function failOnError(response: UpstreamResponse, message: string | undefined, subject: string): void {
  const { status } = response;
  const retryAfter = parseRetryAfter(response.headers['retry-after']);
  if (status >= 500) {
    throw new UpstreamError('items', 'UPSTREAM_UNAVAILABLE', `The item store is unavailable (HTTP ${status})`, { status, retryAfter });
  }
  if (status === 429) throw new UpstreamError('items', 'RATE_LIMITED', 'The item store is rate limiting requests', { status, retryAfter });
  if (status === 401) throw new UpstreamError('items', 'UNAUTHENTICATED', 'The item store did not accept the API key', { status });
  if (status === 403) throw new UpstreamError('items', 'FORBIDDEN', 'The item store API key is not allowed to do this', { status });
  if (message !== undefined || status >= 300) {
    throw new UpstreamError('items', 'UPSTREAM_BAD_RESPONSE', `The item store answered an unexpected error for ${subject}`, { status });
  }
}
