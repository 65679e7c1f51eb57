/** Website analysis: reports and projects, their lists, and the four mutations. */
import type { SeoProjectShape, SeoReportShape } from '../src/upstreams/seo/map.js';
import { PRIVACY_VALUES, RESULT_VALUES } from '../src/upstreams/seo/map.js';
import * as resolve from '../resolvers/seo.js';
import { builder } from './builder.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { seoOperations as ops } from '../src/upstreams/seo/operations.js';
import { connectionOf } from './connection.js';
import { DeletePayload } from './shared.js';
import { upstream } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const SeoPrivacy = builder.enumType('SeoPrivacy', {
  description: 'Who can open the report page: 0 public, 1 private, 2 password upstream.',
  values: PRIVACY_VALUES,
});
export const SeoResult = builder.enumType('SeoResult', { values: RESULT_VALUES });
export const SortDirection = builder.enumType('SortDirection', { values: ['ASC', 'DESC'] as const });
export const SeoReportSortField = builder.enumType('SeoReportSortField', {
  description: 'Upstream sort_by: id (date created), generated_at, url, score.',
  values: ['CREATED_AT', 'GENERATED_AT', 'URL', 'SCORE'] as const,
});
export const SeoProjectSortField = builder.enumType('SeoProjectSortField', {
  description: 'Upstream sort_by: created_at, project (name).',
  values: ['CREATED_AT', 'NAME'] as const,
});

export const SeoReport = builder.objectRef<SeoReportShape>('SeoReport').implement({
  description: 'An analysis report of one web page.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    url: t.exposeString('url', { nullable: false }),
    privacy: t.expose('privacy', { type: SeoPrivacy, nullable: false }),
    hasPassword: t.exposeBoolean('hasPassword'),
    score: t.exposeFloat('score'),
    result: t.expose('result', { type: SeoResult }),
    generatedAt: t.expose('generatedAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    project: t.exposeString('project'),
  }),
});
export const SeoReportConnection = connectionOf('SeoReport', SeoReport);

export const SeoProject = builder.objectRef<SeoProjectShape>('SeoProject').implement({
  description: 'A project grouping reports.',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: false }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    reportsCount: t.exposeInt('reportsCount'),
  }),
});
export const SeoProjectConnection = connectionOf('SeoProject', SeoProject);

const SeoReportFilter = builder.inputType('SeoReportFilter', {
  fields: (t) => ({
    search: t.string({ description: 'Text the report url contains (search_by=url).' }),
    result: t.field({ type: SeoResult }),
    project: t.string(),
  }),
});
const SeoReportOrder = builder.inputType('SeoReportOrder', {
  fields: (t) => ({
    field: t.field({ type: SeoReportSortField, required: true }),
    direction: t.field({ type: SortDirection, required: true }),
  }),
});
const SeoProjectOrder = builder.inputType('SeoProjectOrder', {
  fields: (t) => ({
    field: t.field({ type: SeoProjectSortField, required: true }),
    direction: t.field({ type: SortDirection, required: true }),
  }),
});
const CreateSeoReportInput = builder.inputType('CreateSeoReportInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'Absolute http(s) URL of the page to analyse.' }),
    privacy: t.field({ type: SeoPrivacy, description: 'Default PUBLIC.' }),
    password: t.string({ description: 'Only effective with privacy PASSWORD.' }),
  }),
});
const UpdateSeoReportInput = builder.inputType('UpdateSeoReportInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    privacy: t.field({ type: SeoPrivacy }),
    password: t.string({ description: 'Only effective with privacy PASSWORD.' }),
    regenerate: t.boolean({ description: 'Analyse the page again (upstream update=1).' }),
  }),
});

export const SeoReportPayload = builder.objectRef<{ report: SeoReportShape }>('SeoReportPayload').implement({
  fields: (t) => ({ report: t.expose('report', { type: SeoReport }) }),
});

builder.queryFields((t) => ({
  seoReport: upstreamField(t, ops.showReport, {
    type: SeoReport,
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ id: identifier(args.id, 'id') }),
  }),
  seoReports: upstreamConnection(t, ops.listReports, {
    type: SeoReportConnection,
    description: 'Pages are fetched with the fewest calls the allowed per_page values (10, 25, 50, 100) permit.',
    args: {
      filter: t.arg({ type: SeoReportFilter }),
      orderBy: t.arg({ type: SeoReportOrder }),
    },
    key: (_, args) => resolve.seoReportsKey(args),
  }),
  seoProjects: upstreamConnection(t, ops.listProjects, {
    type: SeoProjectConnection,
    args: {
      search: t.arg.string({ description: 'Text the project name contains.' }),
      orderBy: t.arg({ type: SeoProjectOrder }),
    },
    key: (_, args) => resolve.seoProjectsKey(args),
  }),
}));

builder.mutationFields((t) => ({
  createSeoReport: t.field({
    type: SeoReportPayload,
    ...upstream.seo('createReport'),
    args: { input: t.arg({ type: CreateSeoReportInput, required: true }) },
    resolve: resolve.createSeoReport,
  }),
  updateSeoReport: t.field({
    type: SeoReportPayload,
    ...upstream.seo('updateReport', 'Sent as PUT.'),
    args: { input: t.arg({ type: UpdateSeoReportInput, required: true }) },
    resolve: resolve.updateSeoReport,
  }),
  deleteSeoReport: t.field({
    type: DeletePayload,
    ...upstream.seo('deleteReport'),
    args: { id: t.arg.id({ required: true }) },
    resolve: resolve.deleteSeoReport,
  }),
  deleteSeoProject: t.field({
    type: DeletePayload,
    ...upstream.seo('deleteProject', 'Deletes the project and its reports.'),
    args: { name: t.arg.string({ required: true }) },
    resolve: resolve.deleteSeoProject,
  }),
}));
