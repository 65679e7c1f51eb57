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
import { readAnswer, requestParts, sendFields, type LooseArgs } from '../call.js';
import { formBody } from '../identifiers.js';
import { laravelError, laravelCode } from '../laravel.js';
import type { AnyOperation, ArgsParam, QueryValues, ResultOf } from '../operations.js';

export class SeoClient extends ReadingClient {
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
    const { path, query, subject } = requestParts(operation, given);
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    if (operation.method === 'GET') headers.accept = 'application/json';
    let body: string | undefined;
    if (given.body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formBody(given.body as QueryValues);
    }
    const response = await this.http.send({ ...sendFields(operation), path, query, headers, body, ...this.binding, codeOf: laravelCode });
    if (response.status >= 200 && response.status < 300) return readAnswer('seo', operation, response, given) as ResultOf<D>;
    throw laravelError('seo', response, subject, [this.apiKey]);
  }
}
