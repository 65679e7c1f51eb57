/**
 * The website-analysis operations of `seo-reports-api.md` section 4 (no ids
 * upstream: keyed by our name), each with how the gateway calls it. Every
 * operation needs the caller's API key, although the document declares no
 * OAuth scope, so none is public.
 */
import { z } from 'zod';
import { input, one, page, raw, row, table, type QueryValues } from '../operations.js';
import { projectSchema, reportSchema } from './map.js';

/** per_page values the service accepts (section 8). */
const SEO_PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ReportQuery {
  search?: string;
  project?: string;
  result?: string;
  sortBy?: string;
  sort?: 'asc' | 'desc';
}

export interface ProjectQuery {
  search?: string;
  sortBy?: string;
  sort?: 'asc' | 'desc';
}

/** Form fields of a report write (section 4). */
type ReportForm = { body: Record<string, string | number | undefined> };

const report = ({ id }: { id: string }) => `report '${id}'`;

export const seoOperations = table('seo', {
  listReports: row({ method: 'GET', path: '/reports', scope: null, success: 200 }, page(reportSchema, 'report'), {
    pageSizes: SEO_PAGE_SIZES,
    input: input<{ query: ReportQuery }>(),
    primes: { row: 'showReport', key: (report) => ({ id: report.id }) },
    // `search` matches the url (search_by=url); the graph's camelCase sort names become the service's.
    encodeQuery: (query: ReportQuery): QueryValues => ({
      search: query.search,
      search_by: query.search !== undefined ? 'url' : undefined,
      project: query.project,
      result: query.result,
      sort_by: query.sortBy,
      sort: query.sort,
    }),
  }),
  showReport: row({ method: 'GET', path: '/reports/{id}', scope: null, success: 200 }, one(reportSchema, 'report'), { subject: report }),
  createReport: row({ method: 'POST', path: '/reports', scope: null, success: 201 }, one(reportSchema, 'report'), {
    input: input<ReportForm>(),
  }),
  updateReport: row({ method: 'PUT', path: '/reports/{id}', scope: null, success: 200 }, one(reportSchema, 'report'), {
    subject: report,
    input: input<ReportForm>(),
  }),
  deleteReport: row({ method: 'DELETE', path: '/reports/{id}', scope: null, success: 200 }, raw(z.unknown(), 'deletion'), {
    subject: report,
  }),
  listProjects: row({ method: 'GET', path: '/projects', scope: null, success: 200 }, page(projectSchema, 'project'), {
    pageSizes: SEO_PAGE_SIZES,
    input: input<{ query: ProjectQuery }>(),
    encodeQuery: (query: ProjectQuery): QueryValues => ({
      search: query.search,
      search_by: query.search !== undefined ? 'project' : undefined,
      sort_by: query.sortBy,
      sort: query.sort,
    }),
  }),
  deleteProject: row({ method: 'DELETE', path: '/projects/{project}', scope: null, success: 200 }, raw(z.unknown(), 'deletion'), {
    subject: ({ project }) => `project '${project}'`,
  }),
});

export type SeoOperationId = keyof typeof seoOperations;
