/**
 * Website-analysis fields through the real gateway and sandbox: the request
 * building the document shows (Bearer key, Accept on GET, form bodies, only
 * the allowed per_page values), paging with the fewest calls, filters and
 * sorting, the four mutations, and input errors before any call.
 */
import { describe, expect, it } from 'vitest';
import { errorAt, SEO_KEY, useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway({}, ['seo', 'items']);

const seo = { 'x-seo-api-key': SEO_KEY };
type Conn = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string };
  nodes: Array<{ id: string; url: string; score: number }>;
};

describe('website analysis', () => {
  it('lists reports with the documented request: Bearer key, Accept json, allowed per_page', async () => {
    const res = await gw.query(
      '{ seoReports(first: 10) { totalCount pageInfo { hasNextPage endCursor } nodes { id url privacy score result generatedAt project } } }',
      {
        headers: seo,
      },
    );
    expect(res.errors).toBeUndefined();
    const conn = (res.data as { seoReports: Conn }).seoReports;
    expect(conn.nodes).toHaveLength(10);
    expect(conn.totalCount).toBe(270);
    expect(conn.pageInfo.hasNextPage).toBe(true);
    const [call] = gw.calls('seo');
    expect(call).toMatchObject({ method: 'GET', path: '/api/v1/reports', query: { per_page: '10', page: '1' } });
    expect(call!.headers).toMatchObject({ authorization: `Bearer ${SEO_KEY}`, accept: 'application/json' });
  });

  it('covers a window across page boundaries with the fewest calls of an allowed size', async () => {
    const first = await gw.query('{ seoReports(first: 5) { pageInfo { endCursor } nodes { id } } }', { headers: seo });
    const after = (first.data as { seoReports: Conn }).seoReports.pageInfo.endCursor;
    gw.resetCalls();
    // Items 5..16: one page of 25 covers them (two pages of 10 would not be fewer).
    const res = await gw.query(`query($after: String) { seoReports(first: 12, after: $after) { nodes { id } } }`, {
      headers: seo,
      variables: { after },
    });
    expect(res.errors).toBeUndefined();
    expect((res.data as { seoReports: Conn }).seoReports.nodes).toHaveLength(12);
    expect(gw.calls('seo').map((c) => [c.query.per_page, c.query.page])).toEqual([['25', '1']]);

    // The window continues exactly where the first one ended.
    gw.resetCalls();
    const whole = await gw.query('{ seoReports(first: 17) { nodes { id } } }', { headers: seo });
    const ids = (whole.data as { seoReports: Conn }).seoReports.nodes.map((n) => n.id);
    expect((res.data as { seoReports: Conn }).seoReports.nodes.map((n) => n.id)).toEqual(ids.slice(5, 17));
  });

  it('pages of 100 need two calls for a window straddling them', async () => {
    const res = await gw.query('{ a: seoReports(first: 100) { pageInfo { endCursor } } }', { headers: seo });
    const after = (res.data as { a: Conn }).a.pageInfo.endCursor;
    gw.resetCalls();
    await gw.query(`query($after: String) { seoReports(first: 100, after: $after) { nodes { id } } }`, {
      headers: seo,
      variables: { after },
    });
    expect(gw.calls('seo').map((c) => [c.query.per_page, c.query.page])).toEqual([['100', '2']]);
  });

  it('maps filter and order to the documented parameters', async () => {
    const res = await gw.query(
      '{ seoReports(first: 25, filter: { result: GOOD, project: "Docs", search: "example" }, orderBy: { field: SCORE, direction: ASC }) { nodes { score result project } } }',
      { headers: seo },
    );
    expect(res.errors).toBeUndefined();
    const nodes = (res.data as { seoReports: { nodes: Array<{ score: number; result: string; project: string }> } }).seoReports.nodes;
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of nodes) expect(n).toMatchObject({ result: 'GOOD', project: 'Docs' });
    expect(nodes.map((n) => n.score)).toEqual([...nodes.map((n) => n.score)].sort((a, b) => a - b));
    expect(gw.calls('seo')[0]!.query).toMatchObject({
      result: 'good',
      project: 'Docs',
      search: 'example',
      search_by: 'url',
      sort_by: 'score',
      sort: 'asc',
    });
  });

  it('lists projects sorted by name', async () => {
    const res = await gw.query(
      '{ seoProjects(first: 10, orderBy: { field: NAME, direction: ASC }) { totalCount nodes { name reportsCount } } }',
      { headers: seo },
    );
    expect(res.errors).toBeUndefined();
    const names = (res.data as { seoProjects: { nodes: Array<{ name: string }> } }).seoProjects.nodes.map((n) => n.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(gw.calls('seo')[0]!.query).toMatchObject({ sort_by: 'project', sort: 'asc', per_page: '10' });
  });

  it('creates, updates, reads and deletes a report with form bodies', async () => {
    const created = await gw.query(
      'mutation { createSeoReport(input: { url: "https://new.example.com/page", privacy: PASSWORD, password: "s3cret" }) { report { id url privacy hasPassword } } }',
      {
        headers: seo,
      },
    );
    expect(created.errors).toBeUndefined();
    const report = (created.data as { createSeoReport: { report: { id: string } } }).createSeoReport.report;
    expect(report).toMatchObject({ url: 'https://new.example.com/page', privacy: 'PASSWORD', hasPassword: true });
    const post = gw.calls('seo').find((c) => c.method === 'POST')!;
    expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(post.body))).toEqual({
      url: 'https://new.example.com/page',
      privacy: '2',
      password: 's3cret',
    });

    const updated = await gw.query(
      `mutation($id: ID!) { updateSeoReport(input: { id: $id, privacy: PUBLIC, regenerate: true }) { report { id privacy hasPassword } } }`,
      {
        headers: seo,
        variables: { id: report.id },
      },
    );
    expect(updated.data).toEqual({ updateSeoReport: { report: { id: report.id, privacy: 'PUBLIC', hasPassword: false } } });
    const put = gw.calls('seo').find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/v1/reports/${report.id}`);
    expect(Object.fromEntries(new URLSearchParams(put.body))).toEqual({ privacy: '0', update: '1' });

    const deleted = await gw.query(`mutation($id: ID!) { deleteSeoReport(id: $id) { id deleted } }`, {
      headers: seo,
      variables: { id: report.id },
    });
    expect(deleted.data).toEqual({ deleteSeoReport: { id: report.id, deleted: true } });
    const gone = await gw.query(`query($id: ID!) { seoReport(id: $id) { id } }`, { headers: seo, variables: { id: report.id } });
    expect(errorAt(gone, 'seoReport')?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'seo', status: 404 });
  });

  it('deletes a project whose name has a space and a slash as one encoded path segment', async () => {
    const res = await gw.query('mutation { deleteSeoProject(name: "Client A / Landing pages") { id deleted } }', { headers: seo });
    expect(res.data).toEqual({ deleteSeoProject: { id: 'Client A / Landing pages', deleted: true } });
    expect(gw.calls('seo')[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/projects/Client%20A%20%2F%20Landing%20pages' });
  });

  it('upstream 422 becomes BAD_USER_INPUT with field errors', async () => {
    const res = await gw.query(
      'mutation { createSeoReport(input: { url: "https://x.example.com", privacy: PASSWORD }) { report { id } } }',
      { headers: seo },
    );
    expect(errorAt(res, 'createSeoReport')?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      upstream: 'seo',
      status: 422,
      fieldErrors: { password: expect.any(Array) },
    });
  });

  it('rejects bad input before any call: invalid URL, first out of range, bad cursor, bad id', async () => {
    const res = await gw.query(`mutation { createSeoReport(input: { url: "javascript:alert(1)" }) { report { id } } }`, { headers: seo });
    expect(errorAt(res, 'createSeoReport')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.url' });
    const q = await gw.query(
      '{ a: seoReports(first: 101) { totalCount } b: seoReports(first: -1) { totalCount } c: seoReports(after: "nope") { totalCount } d: seoReport(id: "..") { id } }',
      {
        headers: seo,
      },
    );
    for (const path of ['a', 'b', 'c', 'd']) expect(errorAt(q, path)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(gw.calls('seo')).toHaveLength(0);
  });

  it('a rejected key is UNAUTHENTICATED with status 401; no key makes no call', async () => {
    const bad = await gw.query('{ seoReports { totalCount } }', { headers: { 'x-seo-api-key': 'nope' } });
    expect(errorAt(bad, 'seoReports')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'seo', status: 401 });
    gw.resetCalls();
    const none = await gw.query('{ seoReports { totalCount } }');
    expect(errorAt(none, 'seoReports')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'seo' });
    expect(gw.calls('seo')).toHaveLength(0);
  });

  it('another key sees only its own reports', async () => {
    const res = await gw.query('{ seoReport(id: "1") { id } }', { headers: { 'x-seo-api-key': 'seo-other-key' } });
    expect(errorAt(res, 'seoReport')?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});
