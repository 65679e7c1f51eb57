/**
 * Variable values graphql-jit coerces differently from graphql-js (docs/compiled-execution-review.md F1, F2): a document's first
 * execution runs on Yoga's executor, its second and later ones compiled (COMPILE_AFTER_EXECUTIONS=2), and the
 * caller must get the same answer from every one of them.
 */
import { describe, expect, it } from 'vitest';
import { threeRuns } from './jit-parity-fixtures.js';
import { SEO_KEY, useTestGateway } from '../helpers/gateway.js';

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';

describe('variables, compiled and not', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' });

  it('a non-null variable with a default, left out, takes its default on every run', async () => {
    const runs = await threeRuns(gw, `query NonNullDefault($s: String! = "${GIG}") { gig(slug: $s) { slug } }`, {});
    expect(runs[0]).toMatchObject({ status: 200, data: { gig: { slug: GIG } } });
    expect(runs[0]!.errors).toBeUndefined();
    // The third run is compiled: the same answer.
    expect(runs[2]).toEqual(runs[0]);
  });

  it('an input-object variable given a JSON array is refused on every run, before any upstream call', async () => {
    const query = 'query ArrayAsFilter($f: SeoReportFilter) { seoReports(filter: $f) { totalCount } }';
    const runs = await threeRuns(gw, query, { f: [] }, { 'x-seo-api-key': SEO_KEY });
    expect(runs[0]!.status).toBe(400);
    expect(runs[0]!.errors?.[0]).toMatchObject({
      message: 'Variable "$f" got invalid value []; Expected type "SeoReportFilter" to be an object.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(runs[2]).toEqual(runs[0]);
    expect(gw.calls('seo')).toEqual([]);
  });
});
