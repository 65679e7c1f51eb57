/**
 * The item-store client, bound per request to the caller's key, which travels
 * as the `api_key` parameter (docs/upstream-contract.md, "Conventions"): query string on GET, form
 * field on POST. The HTTP status of an error is not documented, so the body is
 * read whatever the status (docs/upstream-contract.md, "Conventions").
 */
import { UpstreamError } from '../../errors.js';
import { parseRetryAfter, type CallScope, type UpstreamHttp, type UpstreamResponse } from '../http.js';
import { formBody } from '../identifiers.js';
import { parsePayload } from '../laravel.js';
import { itemsOperations, type ItemsOperationId } from './operations.js';
import * as map from './map.js';

export type PurchaseValidationResult = { valid: true; purchase: map.PurchaseRecord } | { valid: false; reason: string };

export class ItemsClient {
  constructor(
    private readonly http: UpstreamHttp,
    private readonly apiKey: string | undefined,
    private readonly scope: CallScope = {},
  ) {}

  /** False while this upstream's circuit is open or half-open (look-ahead then speculates no calls). */
  get circuitClosed(): boolean {
    return this.http.breakerState() === 'closed';
  }

  get hasKey(): boolean {
    return this.apiKey !== undefined;
  }

  private async call(id: ItemsOperationId, params: Record<string, string> = {}): Promise<UpstreamResponse> {
    if (!this.apiKey) {
      throw new UpstreamError('items', 'UNAUTHENTICATED', 'This field needs an item-store API key (X-Items-Api-Key header)');
    }
    const op = itemsOperations[id];
    const fields = { api_key: this.apiKey, ...params };
    const get = op.method === 'GET';
    return this.http.send({
      method: op.method,
      path: op.path,
      query: get ? fields : undefined,
      headers: get ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: get ? undefined : formBody(fields),
      ...this.scope,
      operation: id,
      template: op.path,
    });
  }

  async getAccount(): Promise<map.AccountRecord> {
    const response = await this.call('accountDetails');
    const message = errorMessage(response);
    if (message === map.ITEMS_MESSAGES.invalidRequest) {
      throw new UpstreamError('items', 'UNAUTHENTICATED', 'The item store did not accept the API key', { status: response.status });
    }
    failOnError(response, message, 'account');
    return parsePayload('items', map.accountEnvelope, response.body, 'account', response.status).data;
  }

  async listItems(): Promise<map.ItemRecord[]> {
    const response = await this.call('listItems');
    const message = errorMessage(response);
    if (message === map.ITEMS_MESSAGES.noItems) return [];
    failOnError(response, message, 'items');
    return parsePayload('items', map.itemsEnvelope, response.body, 'item list', response.status).items;
  }

  async getItem(id: string): Promise<map.ItemRecord> {
    const response = await this.call('showItem', { item_id: id });
    const message = errorMessage(response);
    if (message === map.ITEMS_MESSAGES.itemNotFound) {
      throw new UpstreamError('items', 'NOT_FOUND', `Not found: item '${id}'`, { status: response.status });
    }
    failOnError(response, message, `item '${id}'`);
    return parsePayload('items', map.itemEnvelope, response.body, 'item', response.status).item;
  }

  async validatePurchase(code: string): Promise<PurchaseValidationResult> {
    const response = await this.call('validatePurchase', { purchase_code: code });
    const message = errorMessage(response);
    if (message === map.ITEMS_MESSAGES.invalidPurchaseCode) return { valid: false, reason: message };
    failOnError(response, message, 'purchase');
    return { valid: true, purchase: parsePayload('items', map.purchaseEnvelope, response.body, 'purchase', response.status).data.purchase };
  }
}

function errorMessage(response: UpstreamResponse): string | undefined {
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
