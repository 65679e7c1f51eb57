/**
 * The keys of the website-analysis reads (declared in schema/seo.ts), the
 * exact-url scan behind `Item.demoReports`, and the four mutations. Lists may
 * only ask for per_page 10/25/50/100, so the connection helper picks the size
 * and pages that cover the window with the fewest calls.
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { MAX_SCAN_PAGES } from '../src/upstreams/paging.js';
import {
  PROJECT_SORT_FIELDS,
  REPORT_SORT_FIELDS,
  privacyToUpstream,
  resultToUpstream,
  type SeoPrivacy,
  type SeoReportShape,
  type SeoResult,
} from '../src/upstreams/seo/map.js';
import { searchText } from './args.js';
import type { ConnectionArgs } from './upstream-read.js';
import { seoOperations as seoOps } from '../src/upstreams/seo/operations.js';

type Direction = 'ASC' | 'DESC';

export interface SeoReportsArgs extends ConnectionArgs {
  filter?: { search?: string | null; result?: SeoResult | null; project?: string | null } | null;
  orderBy?: { field: keyof typeof REPORT_SORT_FIELDS; direction: Direction } | null;
}

export interface SeoProjectsArgs extends ConnectionArgs {
  search?: string | null;
  orderBy?: { field: keyof typeof PROJECT_SORT_FIELDS; direction: Direction } | null;
}

const MAX_URL_LENGTH = 2048;
const MAX_PASSWORD_LENGTH = 200;

/** `seoReports(filter, orderBy)`: the filters checked, in the row's query. */
export const seoReportsKey = (args: SeoReportsArgs) => {
  const query = {
    search: searchText(args.filter?.search, 'filter.search'),
    project: searchText(args.filter?.project, 'filter.project'),
    result: args.filter?.result ? resultToUpstream(args.filter.result) : undefined,
    sortBy: args.orderBy ? REPORT_SORT_FIELDS[args.orderBy.field] : undefined,
    sort: args.orderBy ? (args.orderBy.direction.toLowerCase() as 'asc' | 'desc') : undefined,
  };
  return { query };
};

/** `seoProjects(search, orderBy)`: the search checked, in the row's query. */
export const seoProjectsKey = (args: SeoProjectsArgs) => {
  const query = {
    search: searchText(args.search, 'search'),
    sortBy: args.orderBy ? PROJECT_SORT_FIELDS[args.orderBy.field] : undefined,
    sort: args.orderBy ? (args.orderBy.direction.toLowerCase() as 'asc' | 'desc') : undefined,
  };
  return { query };
};

/**
 * Reports whose url equals `url` exactly (the upstream search is a substring
 * match, so pages of near matches are filtered here). Reads at most
 * MAX_SCAN_PAGES pages, the figure the cost estimate counts for the field:
 * the matches in the first 500 results, whatever page count the upstream claims.
 */
export async function reportsForUrl(url: string, first: number, ctx: GatewayContext): Promise<SeoReportShape[]> {
  const matches: SeoReportShape[] = [];
  const perPage = 100;
  for (let page = 1; page <= MAX_SCAN_PAGES; page++) {
    const result = await ctx.clients.seo.read(seoOps.listReports, { query: { search: url }, page, perPage });
    matches.push(...result.items.filter((report) => report.url === url));
    if (matches.length >= first || page >= result.lastPage || result.items.length === 0) break;
  }
  return matches.slice(0, first);
}

function validUrl(value: string): string {
  const url = value.trim();
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || url.length > MAX_URL_LENGTH) {
    throw badUserInput('"input.url" must be an absolute http(s) URL', 'input.url');
  }
  return url;
}

function validPassword(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value.length === 0 || value.length > MAX_PASSWORD_LENGTH) {
    throw badUserInput(`"input.password" must be 1 to ${MAX_PASSWORD_LENGTH} characters`, 'input.password');
  }
  return value;
}

const privacyOf = (privacy: SeoPrivacy | null | undefined) => (privacy ? privacyToUpstream(privacy) : undefined);

export async function createSeoReport(
  _: unknown,
  args: { input: { url: string; privacy?: SeoPrivacy | null; password?: string | null } },
  ctx: GatewayContext,
) {
  const url = validUrl(args.input.url);
  const password = validPassword(args.input.password);
  const report = await ctx.clients.seo.call(seoOps.createReport, { body: { url, privacy: privacyOf(args.input.privacy), password } });
  ctx.clients.seo.prime(seoOps.showReport, { id: report.id }, report);
  return { report };
}

export async function updateSeoReport(
  _: unknown,
  args: { input: { id: string; privacy?: SeoPrivacy | null; password?: string | null; regenerate?: boolean | null } },
  ctx: GatewayContext,
) {
  const id = identifier(args.input.id, 'input.id');
  const password = validPassword(args.input.password);
  const update = args.input.regenerate === null || args.input.regenerate === undefined ? undefined : args.input.regenerate ? 1 : 0;
  const report = await ctx.clients.seo.call(seoOps.updateReport, {
    id,
    body: { privacy: privacyOf(args.input.privacy), password, update },
  });
  ctx.clients.seo.forget(seoOps.showReport, { id });
  ctx.clients.seo.prime(seoOps.showReport, { id }, report);
  return { report };
}

export async function deleteSeoReport(_: unknown, args: { id: string }, ctx: GatewayContext) {
  const id = identifier(args.id, 'id');
  await ctx.clients.seo.call(seoOps.deleteReport, { id });
  ctx.clients.seo.forget(seoOps.showReport, { id });
  return { id, deleted: true };
}

export async function deleteSeoProject(_: unknown, args: { name: string }, ctx: GatewayContext) {
  // The name is sent as it is (one encoded path segment); identifier() refuses empty, dot and overlong names.
  const name = identifier(args.name, 'name');
  await ctx.clients.seo.call(seoOps.deleteProject, { project: name });
  return { id: name, deleted: true };
}
