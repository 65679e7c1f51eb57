/**
 * Answers WITHOUT errors from a compiled run (graphql-jit) are sent as they are (use-compiled-execution.ts), so
 * they must match Yoga's executor's byte for byte: the same fields, in the document's order (GraphQL spec,
 * CollectFields: a response's keys come in the order the selections are met). First execution on Yoga's
 * executor, the third compiled (COMPILE_AFTER_EXECUTIONS=2). Every case fails on graphql-jit 0.8.7.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { threeRuns } from './jit-parity-fixtures.js';

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
const GIG_ID = Buffer.from(`Gig:${GIG}`).toString('base64url');

describe('fragments in a compiled run answer as Yoga executor does', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);

  it('a fragment spread twice, once skipped: its fields are still selected by the other spread', async () => {
    const runs = await threeRuns(
      gw,
      `query SpreadTwice { gig(slug: "${GIG}") { ...Slug @skip(if: true) ...Slug } } fragment Slug on Gig { slug }`,
    );
    expect(runs[0]).toMatchObject({ status: 200, data: { gig: { slug: GIG } } });
    expect(runs[0]!.errors).toBeUndefined();
    expect(runs[2]).toEqual(runs[0]);
  });

  it('the same with the skip given by a Boolean! variable (what a client generates)', async () => {
    const runs = await threeRuns(
      gw,
      `query SpreadTwiceVariable($hide: Boolean!) { gig(slug: "${GIG}") { ...Slug @skip(if: $hide) ...Slug } } fragment Slug on Gig { slug }`,
      { hide: true },
    );
    expect(runs[0]).toMatchObject({ status: 200, data: { gig: { slug: GIG } } });
    expect(runs[2]).toEqual(runs[0]);
  });

  it('fields of a fragment on an interface keep their place before a later fragment on the object type', async () => {
    const runs = await threeRuns(gw, `query NodeOrder { node(id: "${GIG_ID}") { __typename ... on Node { nodeId } ... on Gig { slug } } }`);
    expect(Object.keys(runs[0]!.data!.node as object)).toEqual(['__typename', 'nodeId', 'slug']);
    // The bytes a caller gets: key order included.
    expect(JSON.stringify(runs[2]!.data)).toBe(JSON.stringify(runs[0]!.data));
  });

  it('a field selected again after a skipped first selection keeps the place of the selection that counts', async () => {
    const runs = await threeRuns(gw, `query Repeated { gig(slug: "${GIG}") { slug @skip(if: true) title slug } }`);
    expect(Object.keys(runs[0]!.data!.gig as object)).toEqual(['title', 'slug']);
    expect(JSON.stringify(runs[2]!.data)).toBe(JSON.stringify(runs[0]!.data));
  });

  it('a field in a fragment before a plain field keeps its place', async () => {
    const runs = await threeRuns(gw, `query FragmentFirst { gig(slug: "${GIG}") { ... on Gig { slug } title ... on Gig { title slug } } }`);
    expect(Object.keys(runs[0]!.data!.gig as object)).toEqual(['slug', 'title']);
    expect(JSON.stringify(runs[2]!.data)).toBe(JSON.stringify(runs[0]!.data));
  });
});
