/** The shape shared by the three upstreams' operation tables. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationSpec {
  /** Group heading of the upstream document. */
  group: string;
  method: HttpMethod;
  /** Path below the API root, with `{param}` placeholders. */
  path: string;
  /** Scope the token needs; null when the operation declares no security. */
  scope: string | null;
  /** A scope the endpoint reference lists although the description declares none (sent if present, never required). */
  referenceScope?: string;
  success: number;
  note?: string;
  /**
   * Needs no credential, yet answers a signed-in caller differently (a greeting, their recent gigs):
   * sent with the caller's credential when there is one, and never kept by the shared cache.
   */
  personalised?: boolean;
}

/**
 * A read whose answer cannot depend on the caller, so it is sent without any credential and may be
 * shared between callers (src/upstreams/public-cache/). Only the marketplace declares per-operation
 * security: the website-analysis and item-store documents need their key on every operation, so their
 * clients never ask this.
 */
export function isPublicRead(spec: OperationSpec): boolean {
  // A read whose reference lists a scope may need it after all: a token present still goes with it.
  return spec.method === 'GET' && spec.scope === null && spec.referenceScope === undefined && spec.personalised !== true;
}
