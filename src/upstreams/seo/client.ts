/**
 * The website-analysis client, bound per request to the caller's API key,
 * sent as `Authorization: Bearer <key>`; GETs add `Accept: application/json`
 * and bodies are form-urlencoded, exactly as `seo-reports-api.md` shows.
 */
import { UpstreamError } from '../../errors.js';
import type { CallScope, UpstreamHttp, UpstreamResponse } from '../http.js';
import { fillPath, formBody } from '../identifiers.js';
import { laravelError, readOne, readPage, laravelCode } from '../laravel.js';
import type { PageRequest } from '../paging.js';
import { seoOperations, type SeoOperationId } from './operations.js';
import { projectSchema, reportSchema } from './map.js';

type Params = Record<string, string | number | undefined>;

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

export class SeoClient {
  constructor(
    private readonly http: UpstreamHttp,
    private readonly apiKey: string | undefined,
    private readonly scope: CallScope = {},
  ) {}

  get hasKey(): boolean {
    return this.apiKey !== undefined;
  }

  private async call(id: SeoOperationId, options: { params?: Record<string, string>; query?: Params; form?: Params; subject?: string }): Promise<UpstreamResponse> {
    if (!this.apiKey) {
      throw new UpstreamError('seo', 'UNAUTHENTICATED', 'This field needs a website-analysis API key (X-Seo-Api-Key header)');
    }
    const op = seoOperations[id];
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    if (op.method === 'GET') headers.accept = 'application/json';
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formBody(options.form);
    }
    const response = await this.http.send({
      method: op.method,
      path: fillPath(op.path, options.params),
      query: options.query,
      headers,
      body,
      ...this.scope,
      operation: id,
      template: op.path,
      codeOf: laravelCode,
    });
    if (response.status >= 200 && response.status < 300) return response;
    throw laravelError('seo', response, options.subject ?? id, this.apiKey ? [this.apiKey] : []);
  }

  async listReports(query: ReportQuery, paging: PageRequest) {
    return readPage(
      'seo',
      await this.call('listReports', {
        query: {
          search: query.search,
          search_by: query.search !== undefined ? 'url' : undefined,
          project: query.project,
          result: query.result,
          sort_by: query.sortBy,
          sort: query.sort,
          per_page: paging.perPage,
          page: paging.page,
        },
      }),
      reportSchema,
      'report',
    );
  }

  async getReport(id: string) {
    return readOne('seo', await this.call('showReport', { params: { id }, subject: `report '${id}'` }), reportSchema, 'report');
  }

  async createReport(input: { url: string; privacy?: number; password?: string }) {
    return readOne('seo', await this.call('createReport', { form: input }), reportSchema, 'report');
  }

  async updateReport(id: string, input: { privacy?: number; password?: string; update?: 0 | 1 }) {
    return readOne('seo', await this.call('updateReport', { params: { id }, form: input, subject: `report '${id}'` }), reportSchema, 'report');
  }

  async deleteReport(id: string): Promise<void> {
    await this.call('deleteReport', { params: { id }, subject: `report '${id}'` });
  }

  async listProjects(query: ProjectQuery, paging: PageRequest) {
    return readPage(
      'seo',
      await this.call('listProjects', {
        query: {
          search: query.search,
          search_by: query.search !== undefined ? 'project' : undefined,
          sort_by: query.sortBy,
          sort: query.sort,
          per_page: paging.perPage,
          page: paging.page,
        },
      }),
      projectSchema,
      'project',
    );
  }

  async deleteProject(name: string): Promise<void> {
    await this.call('deleteProject', { params: { project: name }, subject: `project '${name}'` });
  }
}
