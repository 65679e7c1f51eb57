/** Website-analysis reports by id, pages of report and project lists (report pages prime reports by id). */
import type { Clients } from '../src/upstreams/index.js';
import type { ProjectQuery, ReportQuery } from '../src/upstreams/seo/client.js';
import type { SeoReportRecord } from '../src/upstreams/seo/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export function createSeoLoaders(clients: Clients) {
  const seoReportById = perKeyLoader((id: string) => clients.seo.getReport(id));
  const seoReportPages = pageLoader(
    ({ filter, page, perPage }: PageKey<ReportQuery>) => clients.seo.listReports(filter, { page, perPage }),
    (report: SeoReportRecord) => seoReportById.prime(report.id, report),
  );
  const seoProjectPages = pageLoader(({ filter, page, perPage }: PageKey<ProjectQuery>) => clients.seo.listProjects(filter, { page, perPage }));
  return { seoReportById, seoReportPages, seoProjectPages };
}
