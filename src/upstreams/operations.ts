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
}
