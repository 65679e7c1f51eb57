/**
 * The marketplace client, bound per request to the caller's bearer token.
 * Every call is `call(descriptor, args)` with a row of the operation table
 * (./operations.ts), which gives method, path, OAuth scope, envelope and
 * schema, so request building, reading and the credential rules
 * (README, "Credentials") live in one place.
 */
import type { Readable } from 'node:stream';
import { UpstreamError } from '../../errors.js';
import type { PublicCacheLayer } from '../public-cache/public-cache.js';
import { ReadingClient } from '../../../loaders/read-cache.js';
import type { RequestBinding } from '../wire.js';
import { ACCEPT_JSON, readAnswer, requestParts, subjectOf, upstreamRequest, type LooseArgs, type UploadBody } from '../call.js';
import { laravelError, laravelCode } from '../laravel.js';
import type { AnyOperation, ArgsParam, ResultOf } from '../operations.js';

export class MarketplaceClient extends ReadingClient {
  /** OAuth scopes the upstream refused in this request: later calls needing them fail without a call. */
  private readonly deniedScopes = new Map<string, UpstreamError>();

  /** Accept and the bearer token, made once per request (this client is made per request) and shared by its calls. */
  private authorized: Readonly<Record<string, string>> | undefined;

  constructor(
    private readonly http: PublicCacheLayer,
    private readonly token: string | undefined,
    private readonly binding: RequestBinding = {},
  ) {
    super();
  }

  /** Whether the caller sent a bearer token (which this client alone holds). */
  get signedIn(): boolean {
    return this.token !== undefined;
  }

  /** False while this upstream's circuit is open or half-open (look-ahead then speculates no calls). */
  get circuitClosed(): boolean {
    return this.http.breakerState() === 'closed';
  }

  /** Sends one operation and reads its answer by the row's envelope and schema; non-2xx answers become coded errors. */
  async call<D extends AnyOperation>(operation: D, ...[args]: ArgsParam<D>): Promise<ResultOf<D>> {
    const given = (args ?? {}) as LooseArgs;
    const requiredScope = operation.scope;
    if (requiredScope && !this.token) {
      throw new UpstreamError(
        'marketplace',
        'UNAUTHENTICATED',
        `This field needs a marketplace bearer token (Authorization: Bearer …) with the scope "${requiredScope}"`,
        { requiredScope },
      );
    }
    const denied = requiredScope ? this.deniedScopes.get(requiredScope) : undefined;
    if (denied) {
      throw new UpstreamError('marketplace', 'FORBIDDEN', denied.message, { status: 403, requiredScope: requiredScope ?? undefined });
    }
    const parts = requestParts(operation, given);
    // Least privilege: a public read goes without the credential, so its answer cannot depend on the caller.
    const credentialed = this.token !== undefined && operation.sharing !== 'public';
    let headers = credentialed ? this.credentialHeaders() : ACCEPT_JSON;
    let body: string | Buffer | Readable | undefined;
    const upload = given.upload as UploadBody | undefined;
    if (upload) {
      headers = { ...headers, 'content-type': upload.contentType };
      body = upload.body;
    } else if (given.body !== undefined) {
      headers = { ...headers, 'content-type': 'application/json' };
      body = JSON.stringify(given.body);
    }
    // Sent with no credential, a row that is not private has an answer that cannot depend on the caller.
    const publicRead = !credentialed && operation.sharing !== 'private';
    const response = await this.http.send(
      upstreamRequest(operation, this.binding, { path: parts.path, query: parts.query, headers, body, publicRead }, laravelCode),
    );
    if (response.status >= 200 && response.status < 300) return readAnswer('marketplace', operation, response, given) as ResultOf<D>;
    const error = laravelError('marketplace', response, subjectOf(operation, given), this.token ? [this.token] : []);
    if (response.status === 403 && requiredScope) this.deniedScopes.set(requiredScope, error);
    throw error;
  }

  private credentialHeaders(): Readonly<Record<string, string>> {
    return (this.authorized ??= Object.freeze({ accept: 'application/json', authorization: `Bearer ${this.token}` }));
  }
}
