/**
 * The marketplace client, bound per request to the caller's bearer token.
 * Every call goes through `call(operationId, ...)`, which reads method, path
 * and scope from the operation table, so request building and the credential
 * rules (contract section 3) live in one place.
 */
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { UpstreamError } from '../../errors.js';
import type { CallScope, UpstreamHttp, UpstreamResponse } from '../http.js';
import type { PageRequest } from '../paging.js';
import { isPublicRead } from '../operations.js';
import { fillPath } from '../identifiers.js';
import { laravelError, readOne, readPage, parsePayload, type Page, laravelCode } from '../laravel.js';
import { marketplaceOperations, type MarketplaceOperationId } from './operations.js';
import * as map from './map.js';

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON request body. */
  json?: unknown;
  /** Raw body with its content type (multipart uploads). */
  raw?: { body: Buffer | Readable; contentType: string };
  /** What was asked for, for NOT_FOUND messages ("gig 'logo-design'"). */
  subject?: string;
}


export class MarketplaceClient {
  /** Scopes the upstream refused in this request: later calls needing them fail without a call. */
  private readonly deniedScopes = new Map<string, UpstreamError>();

  constructor(
    private readonly http: UpstreamHttp,
    private readonly token: string | undefined,
    private readonly scope: CallScope = {},
  ) {}

  /** False while this upstream's circuit is open or half-open (look-ahead then speculates no calls). */
  get circuitClosed(): boolean {
    return this.http.breakerState() === 'closed';
  }

  get hasToken(): boolean {
    return this.token !== undefined;
  }

  /** Sends one operation; non-2xx answers become coded errors. */
  async call(id: MarketplaceOperationId, options: CallOptions = {}): Promise<UpstreamResponse> {
    const op = marketplaceOperations[id];
    const required = op.scope;
    if (required && !this.token) {
      throw new UpstreamError(
        'marketplace',
        'UNAUTHENTICATED',
        `This field needs a marketplace bearer token (Authorization: Bearer …) with the scope "${required}"`,
        { requiredScope: required },
      );
    }
    const denied = required ? this.deniedScopes.get(required) : undefined;
    if (denied) {
      throw new UpstreamError('marketplace', 'FORBIDDEN', denied.message, { status: 403, requiredScope: required ?? undefined });
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    // Least privilege: a public read goes without the credential, so its answer cannot depend on the caller.
    const publicRead = isPublicRead(op);
    if (this.token && !publicRead) headers.authorization = `Bearer ${this.token}`;
    let body: string | Buffer | Readable | undefined;
    if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await this.http.send({
      method: op.method,
      path: fillPath(op.path, options.params),
      query: options.query,
      headers,
      body,
      ...this.scope,
      operation: id,
      template: op.path,
      publicRead,
      codeOf: laravelCode,
    });
    if (response.status >= 200 && response.status < 300) return response;
    const error = laravelError('marketplace', response, options.subject ?? id, this.token ? [this.token] : []);
    if (response.status === 403 && required) this.deniedScopes.set(required, error);
    return Promise.reject(error);
  }

  async one<T>(id: MarketplaceOperationId, schema: z.ZodType<T>, what: string, options: CallOptions = {}): Promise<T> {
    return readOne('marketplace', await this.call(id, options), schema, what);
  }

  async page<T>(id: MarketplaceOperationId, schema: z.ZodType<T>, what: string, paging: PageRequest, options: CallOptions = {}): Promise<Page<T>> {
    const query = { ...options.query, page: paging.page, per_page: paging.perPage };
    return readPage('marketplace', await this.call(id, { ...options, query }), schema, what);
  }

  /** An unpaged `{data: [...]}` list. */
  async list<T>(id: MarketplaceOperationId, schema: z.ZodType<T>, what: string, options: CallOptions = {}): Promise<T[]> {
    return readPage('marketplace', await this.call(id, options), schema, what).items;
  }

  // Named reads of the core graph.
  me() {
    return this.one('me', map.userSchema, 'user');
  }
  getUser(username: string) {
    return this.one('usersShow', map.userSchema, 'user', { params: { username }, subject: `user '${username}'` });
  }
  getSeller(username: string) {
    return this.one('sellersShow', map.sellerSchema, 'seller', { params: { username }, subject: `seller '${username}'` });
  }
  listSellers(paging: PageRequest) {
    return this.page('sellersIndex', map.sellerSchema, 'seller', paging);
  }
  getGig(slug: string) {
    return this.one('gigsShow', map.gigSchema, 'gig', { params: { slug }, subject: `gig '${slug}'` });
  }
  listGigs(filter: { seller?: string; search?: string; category?: string }, paging: PageRequest) {
    return this.page('gigsIndex', map.gigSchema, 'gig', paging, { query: filter });
  }
  listReviews(slug: string, paging: PageRequest) {
    return this.page('reviewsGig', map.reviewSchema, 'review', paging, { params: { slug }, subject: `gig '${slug}'` });
  }
  getOrder(uuid: string) {
    return this.one('ordersShow', map.orderSchema, 'order', { params: { uuid }, subject: `order '${uuid}'` });
  }
  listOrders(paging: PageRequest) {
    return this.page('ordersIndex', map.orderSchema, 'order', paging);
  }
  listDeliveries(uuid: string) {
    return this.list('ordersDeliveries', map.deliverySchema, 'delivery', { params: { uuid }, subject: `order '${uuid}'` });
  }
  listRevisions(uuid: string) {
    return this.list('ordersRevisions', map.revisionSchema, 'revision', { params: { uuid }, subject: `order '${uuid}'` });
  }
  listCategories() {
    return this.list('categoriesIndex', map.categorySchema, 'category');
  }
  async getDescription(): Promise<z.output<typeof map.openapiSchema>> {
    const response = await this.call('openapi');
    return parsePayload('marketplace', map.openapiSchema, response.body, 'API description', response.status);
  }
}
