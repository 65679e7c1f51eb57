/**
 * Cross-site request forgery: what a page on another site can make a visitor's
 * browser send here without a CORS preflight. The gateway reads no cookies (every
 * credential is a header, which such a request cannot carry), so a forged request
 * would run as an anonymous caller; what is left to guard is:
 * - GET: answered. It carries queries and subscriptions only (Yoga refuses a mutation
 *   on GET with 405, naming POST), and a read without credentials is what any
 *   site can already ask for itself. urql's GET and a browser EventSource need no header.
 * - A POST a plain HTML form or a no-cors `fetch` can send (form-urlencoded, multipart,
 *   text/plain, or no content type): refused unless it carries a header that forces a
 *   preflight. It can carry a mutation, and a proxy in front that turns a session
 *   cookie into an Authorization header (oauth2-proxy and the like) would make that
 *   mutation run as the visitor. Uploads (multipart) send the header; everything else
 *   sends `content-type: application/json`, which browsers always preflight.
 */
import { GraphQLError } from 'graphql';

/** Headers a cross-site page cannot add without a preflight (Apollo's and Yoga's names). */
export const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-graphql-yoga-csrf'] as const;

/** Content types a browser sends cross-site without asking first (the CORS "simple" ones). */
const SIMPLE_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

function refusal(contentType: string): GraphQLError {
  const kind = contentType === '' ? 'A POST without a content type' : `A ${contentType} POST`;
  const fix =
    contentType === 'multipart/form-data'
      ? 'add the header "apollo-require-preflight: true" (or "x-graphql-yoga-csrf: 1")'
      : 'send "content-type: application/json", or add the header "apollo-require-preflight: true" (or "x-graphql-yoga-csrf: 1")';
  return new GraphQLError(`${kind} could come from a form on another site: ${fix}.`, {
    extensions: { code: 'FORBIDDEN', http: { status: 403 } },
  });
}

/** Throws the refusal for a POST a page on another site could have made a browser send. */
export function refuseForgeablePost(request: Request): void {
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== '' && !SIMPLE_CONTENT_TYPES.includes(contentType)) return;
  if (PREFLIGHT_HEADERS.some((name) => request.headers.has(name))) return;
  throw refusal(contentType);
}
