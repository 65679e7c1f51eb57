/**
 * Fields merged under one response name from several selections (`a: gig {…} a: gig {…}`, or a field selected
 * in a fragment and beside it) are one selection set to both executors. graphql-jit makes a key where a name is
 * first met, skipped or not, and hands a resolver every field node merged under its name, skipped ones too, so a
 * @skip/@include anywhere in such a merged set changes the compiled answer: keys in another order, or look-ahead
 * starting calls for a skipped selection. compilable.ts judged each selection set on its own; the copies with
 * fragments written out (src/plugins/inline-fragments.ts) turn spreads into exactly such merged fields, so
 * documents refused before were compiled and answered differently. First execution on Yoga's executor, the
 * second and third compiled (COMPILE_AFTER_EXECUTIONS=2); each case failed before the fix (answers compared as
 * the bytes a caller gets). The last two: graphql-jit notes an enclosing fragment's @skip/@include on the field
 * nodes of the fragment definitions spread below it, shared by every place they are spread, so a fragment spread
 * inside a skipped inline fragment lost its fields everywhere, with no error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compiledRuns } from './jit-counting.js';
import { useTestGateway } from '../helpers/gateway.js';
import { threeRuns } from './jit-parity-fixtures.js';

vi.mock('graphql-jit', async (original) => (await import('./jit-counting.js')).countingJit(await original()));

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';

describe('merged selections with @skip/@include answer as Yoga executor does', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);
  afterEach(() => void (compiledRuns.count = 0));

  it('a fragment skipped under one field and spread under another of the same name (its copy was compiled: title came first)', async () => {
    const runs = await threeRuns(
      gw,
      `query MergedSpread { a: gig(slug: "${GIG}") { ...Card @skip(if: true) } a: gig(slug: "${GIG}") { slug ...Card } }
       fragment Card on Gig { title slug }`,
    );
    expect(runs[0]!.errors).toBeUndefined();
    expect(Object.keys(runs[0]!.data!.a as object)).toEqual(['slug', 'title']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(0);
  });

  it('the same without fragments: a field skipped by a literal under the first of two merged fields', async () => {
    const runs = await threeRuns(
      gw,
      `query MergedField { a: gig(slug: "${GIG}") { title @skip(if: true) } a: gig(slug: "${GIG}") { slug title } }`,
    );
    expect(Object.keys(runs[0]!.data!.a as object)).toEqual(['slug', 'title']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(0);
  });

  it('the same with a Boolean! variable, in a fragment on the interface the field is written out of', async () => {
    const runs = await threeRuns(
      gw,
      `query MergedVariable($hide: Boolean!) { gig(slug: "${GIG}") { ... on Node { nodeId @skip(if: $hide) } } gig(slug: "${GIG}") { __typename nodeId } ...Again }
       fragment Again on Query { gig(slug: "${GIG}") { __typename nodeId } }`,
      { hide: true },
    );
    expect(Object.keys(runs[0]!.data!.gig as object)).toEqual(['__typename', 'nodeId']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(0);
  });

  it('a skipped selection merged under a connection: look-ahead started calls for its items (cost.actual 4, not 2)', async () => {
    const runs = await threeRuns(
      gw,
      `query MergedLookAhead($hide: Boolean!) {
         x: seller(username: "pixelcraft") { gigs(first: 2) { totalCount } }
         x: seller(username: "pixelcraft") { gigs(first: 2) @skip(if: $hide) { nodes { reviews(first: 1) { totalCount } } } }
       }`,
      { hide: true },
    );
    expect(runs[0]!.errors).toBeUndefined();
    expect((runs[0] as { extensions?: { cost?: { actual?: number } } }).extensions?.cost?.actual).toBe(2);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(0);
  });

  it('a fragment spread inside a skipped inline fragment and again elsewhere: graphql-jit answered the other place without its fields', async () => {
    const runs = await threeRuns(
      gw,
      `query SharedFragment($show: Boolean!) { a: gig(slug: "${GIG}") { ... @include(if: $show) { ...Card } } b: gig(slug: "${GIG}") { ...Card } }
       fragment Card on Gig { slug title }`,
      { show: false },
    );
    expect(runs[0]!.errors).toBeUndefined();
    expect(runs[0]!.data).toMatchObject({ a: {}, b: { slug: GIG } });
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    // Refused as written; its copy, where each spread has nodes of its own, runs compiled.
    expect(compiledRuns.count).toBe(2);
  });

  it('the same through a fragment spreading it, under introspection (its copy, compiled, writes out the fragment Outer spreads)', async () => {
    const runs = await threeRuns(
      gw,
      `query SharedIntrospection($show: Boolean!) {
         a: __type(name: "Gig") { ... @include(if: $show) { ...Outer } }
         b: __type(name: "Seller") { ...Named }
       }
       fragment Outer on __Type { ...Named } fragment Named on __Type { name kind }`,
      { show: false },
    );
    expect(runs[0]!.data).toEqual({ a: {}, b: { name: 'Seller', kind: 'OBJECT' } });
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(2);
  });
});
