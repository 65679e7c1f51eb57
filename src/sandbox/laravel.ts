/**
 * Laravel-style JSON resources, as the contract (section 4) fixes them for the
 * marketplace and the website-analysis service: `{data}` for one resource,
 * `{data, meta, links}` for a page, `{message, errors?}` for an error.
 */
import type { SandboxRequest, SandboxResponse } from './router.js';

export const ok = (data: unknown, status = 200): SandboxResponse => ({ status, json: { data } });

export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): SandboxResponse => ({
  status,
  json: { message, ...extra },
});

export const validationFailed = (errors: Record<string, string[]>): SandboxResponse =>
  fail(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', { errors });

export interface PageOptions {
  /** Allowed `per_page` values; undefined means 1..100. */
  allowedPerPage?: readonly number[];
  defaultPerPage: number;
}

/** Pages a list by `page` (1-based) and `per_page`; a bad value is a 422. */
export function paginate<T>(
  req: SandboxRequest,
  items: readonly T[],
  options: PageOptions,
  present: (item: T) => unknown = (x) => x,
): SandboxResponse {
  const perPageRaw = req.query.get('per_page');
  const pageRaw = req.query.get('page');
  const perPage = perPageRaw === null ? options.defaultPerPage : Number(perPageRaw);
  const page = pageRaw === null ? 1 : Number(pageRaw);
  const allowed = options.allowedPerPage;
  if (!Number.isInteger(perPage) || (allowed ? !allowed.includes(perPage) : perPage < 1 || perPage > 100)) {
    return validationFailed({
      per_page: [allowed ? `The per page must be one of ${allowed.join(', ')}.` : 'The per page must be between 1 and 100.'],
    });
  }
  if (!Number.isInteger(page) || page < 1) return validationFailed({ page: ['The page must be at least 1.'] });
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number) => {
    const q = new URLSearchParams(req.query);
    q.set('page', String(p));
    return `?${q.toString()}`;
  };
  return {
    status: 200,
    json: {
      data: slice.map(present),
      meta: { current_page: page, per_page: perPage, total, last_page: lastPage },
      links: { next: page < lastPage ? link(page + 1) : null, prev: page > 1 ? link(page - 1) : null },
    },
  };
}

/** The bearer credential of a request, or undefined. */
export function bearer(req: SandboxRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}
