/**
 * `/projects` of the website-analysis sandbox: list (search, sort, paging)
 * with report counts, and delete by name (one decoded path segment, so names
 * with spaces or slashes work), which also deletes the project's reports.
 */
import type { Router } from '../router.js';
import { fail, paginate } from '../laravel.js';
import { presentProject, type StoredProject } from './records.js';
import type { SeoStore } from './store.js';
import { guarded, SEO_PAGE_SIZES, validateListQuery } from './strict.js';

const LIST_ENUMS = {
  search_by: ['project'],
  sort_by: ['created_at', 'project'],
  sort: ['desc', 'asc'],
} as const;

const byName = (a: StoredProject, b: StoredProject) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function mountProjectRoutes(router: Router, store: SeoStore): void {
  router.get(
    '/projects',
    guarded((req, owner) => {
      const invalid = validateListQuery(req, LIST_ENUMS);
      if (invalid) return invalid;
      const search = req.query.get('search')?.toLowerCase() ?? '';
      const sortBy = req.query.get('sort_by') ?? 'created_at';
      const direction = req.query.get('sort') === 'asc' ? 1 : -1;
      const rows = store
        .projectsOf(owner)
        .filter((p) => search === '' || p.name.toLowerCase().includes(search))
        .sort((a, b) => direction * ((sortBy === 'project' ? 0 : a.createdAt.localeCompare(b.createdAt)) || byName(a, b)));
      return paginate(req, rows, { allowedPerPage: SEO_PAGE_SIZES, defaultPerPage: 10 }, (p) =>
        presentProject(p, store.reportsCount(owner, p.name)),
      );
    }),
  );

  router.delete(
    '/projects/:project',
    guarded((req, owner) =>
      store.deleteProject(owner, req.params.project ?? '')
        ? { status: 200, json: { message: 'Project deleted.' } }
        : fail(404, 'Project not found.'),
    ),
  );
}
