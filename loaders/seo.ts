/** Website-analysis reports by id, pages of report and project lists (report pages prime reports by id). */
import type { Clients } from '../src/upstreams/index.js';
import { seoOperations as seoOps, type ProjectQuery, type ReportQuery } from '../src/upstreams/seo/operations.js';
import type { SeoReportShape } from '../src/upstreams/seo/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export function createSeoLoaders(clients: Clients) {
  const seoReportById = perKeyLoader((id: string) => clients.seo.call(seoOps.showReport, { id }));
  const seoReportPages = pageLoader(
    seoOps.listReports,
    ({ filter, page, perPage }: PageKey<ReportQuery>) => clients.seo.call(seoOps.listReports, { query: filter, page, perPage }),
    (report: SeoReportShape) => seoReportById.prime(report.id, report),
  );
  const seoProjectPages = pageLoader(seoOps.listProjects, ({ filter, page, perPage }: PageKey<ProjectQuery>) => clients.seo.call(seoOps.listProjects, { query: filter, page, perPage }));
  return { seoReportById, seoReportPages, seoProjectPages };
}
