/** The website-analysis operations of `seo-reports-api.md` section 4 (no ids upstream: keyed by our name). */
import type { OperationSpec } from '../operations.js';

const group = 'Website analysis';
export const seoOperations = {
  listReports: { group, method: 'GET', path: '/reports', scope: null, success: 200 },
  showReport: { group, method: 'GET', path: '/reports/{id}', scope: null, success: 200 },
  createReport: { group, method: 'POST', path: '/reports', scope: null, success: 201 },
  updateReport: { group, method: 'PUT', path: '/reports/{id}', scope: null, success: 200, note: 'PUT or PATCH' },
  deleteReport: { group, method: 'DELETE', path: '/reports/{id}', scope: null, success: 200 },
  listProjects: { group, method: 'GET', path: '/projects', scope: null, success: 200 },
  deleteProject: { group, method: 'DELETE', path: '/projects/{project}', scope: null, success: 200 },
} as const satisfies Record<string, OperationSpec>;

export type SeoOperationId = keyof typeof seoOperations;

/** per_page values the service accepts (section 8). */
export const SEO_PAGE_SIZES = [10, 25, 50, 100] as const;
