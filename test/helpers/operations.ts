/**
 * Small assertions the per-operation suites share: who calls (a token with
 * exactly the scopes given), what the marketplace received, and the error a
 * field ended with.
 */
import { expect } from 'vitest';
import { errorAt, type GraphQLResponse, type TestGateway } from './gateway.js';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';

/** Headers for a sandbox token of `username` with exactly `scopes` (none: an empty list). */
export const as = (username: string, ...scopes: string[]) => ({ authorization: `Bearer sandbox:${username}:${scopes.join(',')}` });

/** The marketplace calls since the last reset, as "METHOD /path" (root included). */
export const marketplaceCalls = (gw: TestGateway) => gw.calls('marketplace').map((c) => `${c.method} ${c.path}`);

/** The error code (and extensions) a field ended with; fails when it succeeded. */
export function expectError(res: GraphQLResponse<unknown>, path: string, extensions: Record<string, unknown>) {
  const error = errorAt(res, path);
  expect(error, `expected an error at ${path}, got ${JSON.stringify(res)}`).toBeDefined();
  expect(error!.extensions).toMatchObject(extensions);
  return error!;
}

/** No error at all; prints the errors when there are some. */
export function expectOk<T>(res: GraphQLResponse<T>): T {
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

/** The scope check of one field: a token without `scope` gets FORBIDDEN naming it, after one upstream call. */
export async function expectScopeRequired(
  gw: TestGateway,
  document: string,
  path: string,
  scope: string,
  variables?: Record<string, unknown>,
) {
  gw.resetCalls();
  const res = await gw.query(document, { headers: as('bob'), variables });
  expectError(res, path, { code: 'FORBIDDEN', requiredScope: scope, upstream: 'marketplace', status: 403 });
  expect(gw.calls('marketplace')).toHaveLength(1);
  gw.resetCalls();
}

/** The JSON body the upstream received. */
export const sentJson = (call: { body: string; headers: Record<string, string | string[] | undefined> }): unknown => {
  expect(call.headers['content-type']).toBe('application/json');
  return JSON.parse(call.body) as unknown;
};

/**
 * Sends an operation as a GraphQL multipart request (the spec Yoga serves):
 * `files` maps a variable path ("input.file") to the file to put there.
 */
export async function uploadQuery<T = Record<string, unknown>>(
  gw: TestGateway,
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, File>,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  const entries = Object.entries(files);
  form.append('map', JSON.stringify(Object.fromEntries(entries.map(([path], i) => [String(i), [`variables.${path}`]]))));
  entries.forEach(([, file], i) => form.append(String(i), file, file.name));
  // A multipart POST is a "simple" request to a browser, so the gateway's CSRF check wants a preflight-only header.
  const response = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/graphql-response+json, application/json', 'apollo-require-preflight': 'true', ...headers },
  });
  return { status: response.status, ...((await response.json()) as object) } as GraphQLResponse<T>;
}

/** Headers carrying a bearer token as it is. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The JSON body of the `index`-th marketplace call since the last reset. */
export const marketplaceBody = (gw: TestGateway, index = 0) => JSON.parse(gw.calls('marketplace')[index]!.body) as Record<string, unknown>;

/**
 * Whether a marketplace call (`/api/v1/...`) is a public read, which the gateway sends without the
 * caller's credential. The path is matched against the operation table, literal segments first.
 */
export function isPublicMarketplaceCall(call: { method: string; path: string }): boolean {
  const below = call.path.replace(/^\/api\/v\d/, '');
  const matches = Object.values(marketplaceOperations)
    .filter((op) => op.method === call.method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(below))
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  if (!matches[0]) throw new Error(`No marketplace operation for ${call.method} ${call.path}`);
  return matches[0].sharing === 'public';
}

/** Every marketplace call carried `token`, except the public reads, which carried no credential at all. */
export function expectTokenOnlyWhereNeeded(gw: TestGateway, token: string) {
  for (const call of gw.calls('marketplace')) {
    expect(call.headers.authorization, `${call.method} ${call.path}`).toBe(isPublicMarketplaceCall(call) ? undefined : `Bearer ${token}`);
  }
}
