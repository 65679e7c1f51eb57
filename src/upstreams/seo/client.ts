/**
 * The website-analysis client, bound per request to the caller's API key,
 * sent as `Authorization: Bearer <key>`; GETs add `Accept: application/json`
 * and bodies are form-urlencoded, exactly as `seo-reports-api.md` shows.
 * Every call is `call(descriptor, args)` with a row of ./operations.ts.
 */
import { UpstreamError } from '../../errors.js';
import type { PublicCacheLayer } from '../public-cache/public-cache.js';
import { ReadingClient } from '../../../loaders/read-cache.js';
import type { RequestBinding } from '../wire.js';
import { readAnswer, requestParts, subjectOf, upstreamRequest, type LooseArgs } from '../call.js';
import { formBody } from '../identifiers.js';
import { laravelError, laravelCode } from '../laravel.js';
import type { AnyOperation, ArgsParam, QueryValues, ResultOf } from '../operations.js';

export class SeoClient extends ReadingClient {
  /** The key's headers, made once per request (this client is made per request) and shared by its calls. */
  private keyed: Readonly<Record<string, string>> | undefined;
  private keyedGet: Readonly<Record<string, string>> | undefined;

  constructor(
    private readonly http: PublicCacheLayer,
    private readonly apiKey: string | undefined,
    private readonly binding: RequestBinding = {},
  ) {
    super();
  }

  /** False while this upstream's circuit is open or half-open (look-ahead then speculates no calls). */
  get circuitClosed(): boolean {
    return this.http.breakerState() === 'closed';
  }

  /** Sends one operation and reads its answer by the row's envelope and schema; non-2xx answers become coded errors. */
  async call<D extends AnyOperation>(operation: D, ...[args]: ArgsParam<D>): Promise<ResultOf<D>> {
    if (!this.apiKey) {
      throw new UpstreamError('seo', 'UNAUTHENTICATED', 'This field needs a website-analysis API key (X-Seo-Api-Key header)');
    }
    const given = (args ?? {}) as LooseArgs;
    const parts = requestParts(operation, given);
    let headers = operation.method === 'GET' ? this.getHeaders() : this.sendHeaders();
    let body: string | undefined;
    if (given.body !== undefined) {
      headers = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
      body = formBody(given.body as QueryValues);
    }
    const response = await this.http.send(
      upstreamRequest(operation, this.binding, { path: parts.path, query: parts.query, headers, body }, laravelCode),
    );
    if (response.status >= 200 && response.status < 300) return readAnswer('seo', operation, response, given) as ResultOf<D>;
    throw laravelError('seo', response, subjectOf(operation, given), [this.apiKey]);
  }

  /** A GET adds `Accept: application/json`, as the API document shows. */
  private getHeaders(): Readonly<Record<string, string>> {
    return (this.keyedGet ??= Object.freeze({ authorization: `Bearer ${this.apiKey}`, accept: 'application/json' }));
  }

  private sendHeaders(): Readonly<Record<string, string>> {
    return (this.keyed ??= Object.freeze({ authorization: `Bearer ${this.apiKey}` }));
  }
}
