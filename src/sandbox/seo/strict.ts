/**
 * The request discipline the website-analysis sandbox enforces so that the
 * gateway's request building is proven: GET must accept JSON (406), bodies
 * must be form-urlencoded (415), list parameters must take documented values
 * (422 naming the field).
 */
import type { Handler, SandboxRequest, SandboxResponse } from '../router.js';
import { fail, validationFailed } from '../laravel.js';
import { ownerOf } from './keys.js';

export const SEO_PAGE_SIZES = [10, 25, 50, 100] as const;

export function requireJsonAccept(req: SandboxRequest): SandboxResponse | undefined {
  const accept = String(req.headers.accept ?? '');
  if (!/(^|,)\s*application\/json\s*(;|,|$)/i.test(accept)) {
    return fail(406, 'Not Acceptable: send Accept: application/json.');
  }
  return undefined;
}

/** Any POST/PUT/PATCH must say form-urlencoded, even with an empty body. */
export function requireForm(req: SandboxRequest): SandboxResponse | undefined {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    return fail(415, 'Unsupported Media Type: send application/x-www-form-urlencoded.');
  }
  return undefined;
}

const label = (field: string) => field.replace(/_/g, ' ');

/**
 * Checks enumerated list parameters, `per_page` and `page`. An absent
 * parameter takes its default; a present one (even empty) must be allowed.
 */
export function validateListQuery(req: SandboxRequest, enums: Record<string, readonly string[]>): SandboxResponse | undefined {
  const errors: Record<string, string[]> = {};
  for (const [field, allowed] of Object.entries(enums)) {
    const value = req.query.get(field);
    if (value !== null && !allowed.includes(value)) errors[field] = [`The selected ${label(field)} is invalid.`];
  }
  const perPage = req.query.get('per_page');
  if (perPage !== null && !SEO_PAGE_SIZES.map(String).includes(perPage)) {
    errors.per_page = [`The per page must be one of ${SEO_PAGE_SIZES.join(', ')}.`];
  }
  const page = req.query.get('page');
  if (page !== null && !/^[1-9]\d{0,8}$/.test(page)) errors.page = ['The page must be an integer of at least 1.'];
  return Object.keys(errors).length ? validationFailed(errors) : undefined;
}

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Wraps a handler with the checks every endpoint shares, in this order:
 * 401 no/unknown key, 406 GET without JSON accept, 415 body not a form.
 */
export function guarded(handler: (req: SandboxRequest, owner: string) => SandboxResponse): Handler {
  return (req) => {
    const owner = ownerOf(req);
    if (!owner) return fail(401, 'Unauthenticated.');
    const refused =
      req.method === 'GET' ? requireJsonAccept(req) : ['POST', 'PUT', 'PATCH'].includes(req.method) ? requireForm(req) : undefined;
    return refused ?? handler(req, owner);
  };
}
