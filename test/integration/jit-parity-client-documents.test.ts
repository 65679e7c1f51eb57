/**
 * Documents in the shape clients generate (fragments, with Apollo Client's `__typename` after each of them) run
 * compiled, through a copy with their fragments written out in place (src/plugins/inline-fragments.ts), and
 * answer byte for byte as Yoga's executor does. Without the copy each of them kept Yoga's executor: graphql-jit
 * collects a selection set's fragments after its fields, so the document itself is refused (compilable.ts). First
 * execution on Yoga's executor, the second and third compiled (COMPILE_AFTER_EXECUTIONS=2).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compiledRuns } from './jit-counting.js';
import { useTestGateway } from '../helpers/gateway.js';
import { threeRuns } from './jit-parity-fixtures.js';

vi.mock('graphql-jit', async (original) => (await import('./jit-counting.js')).countingJit(await original()));

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
const GIG_ID = Buffer.from(`Gig:${GIG}`).toString('base64url');
const SELLER_ID = Buffer.from('Seller:pixelcraft').toString('base64url');

describe('client-generated documents run compiled and answer as Yoga executor does', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);
  afterEach(() => void (compiledRuns.count = 0));

  it('named fragments on the selected type, each followed by __typename (Apollo Client)', async () => {
    const runs = await threeRuns(
      gw,
      `query GigPage($slug: String!) { gig(slug: $slug) { ...GigCard seller { ...SellerCard __typename } __typename } }
       fragment GigCard on Gig { slug title priceFrom __typename }
       fragment SellerCard on Seller { username name rating __typename }`,
      { slug: GIG },
    );
    expect(runs[0]!.errors).toBeUndefined();
    expect(Object.keys(runs[0]!.data!.gig as object)).toEqual(['slug', 'title', 'priceFrom', '__typename', 'seller']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(2);
  });

  it('a fragment spreading another, a field selected in both with other subfields, an inline fragment without a type', async () => {
    const runs = await threeRuns(
      gw,
      `query Nested { gig(slug: "${GIG}") { seller { username } ...Outer ... { slug } __typename } }
       fragment Outer on Gig { seller { name username } ...Inner title }
       fragment Inner on Gig { slug priceFrom }`,
    );
    expect(runs[0]!.errors).toBeUndefined();
    expect(Object.keys(runs[0]!.data!.gig as object)).toEqual(['seller', 'slug', 'priceFrom', 'title', '__typename']);
    expect(Object.keys((runs[0]!.data!.gig as { seller: object }).seller)).toEqual(['username', 'name']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(2);
  });

  it('a fragment on the interface a field returns, then one narrowing to an object type', async () => {
    const runs = await threeRuns(
      gw,
      `query NodeCard { node(id: "${GIG_ID}") { ...NodeId ... on Gig { slug } __typename } } fragment NodeId on Node { nodeId }`,
    );
    expect(Object.keys(runs[0]!.data!.node as object)).toEqual(['nodeId', 'slug', '__typename']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(2);
  });

  it('fragments narrowing to object types among fields, on a list of several types: each type in its own order', async () => {
    const runs = await threeRuns(
      gw,
      `query Narrowing { nodes(ids: ["${GIG_ID}", "${SELLER_ID}"]) { ... on Gig { slug } nodeId ... on Seller { username } __typename } }`,
    );
    const [gig, seller] = runs[0]!.data!.nodes as object[];
    expect(Object.keys(gig!)).toEqual(['slug', 'nodeId', '__typename']);
    expect(Object.keys(seller!)).toEqual(['nodeId', 'username', '__typename']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(2);
  });

  it('a fragment skipped in one place and spread in another, on a list of gigs with their sellers', async () => {
    const runs = await threeRuns(
      gw,
      `query Lists($hide: Boolean!) { a: gig(slug: "${GIG}") { ...Card @skip(if: $hide) } b: gigs(first: 3) { nodes { ...Card seller { ...Who } __typename } totalCount } }
       fragment Card on Gig { slug title __typename } fragment Who on Seller { username __typename }`,
      { hide: true },
    );
    expect(runs[0]!.errors).toBeUndefined();
    expect(runs[0]!.data!.a).toEqual({});
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(2);
  });

  it('keeps Yoga’s executor for a fragment under @skip followed by a field (graphql-jit would write the field first)', async () => {
    const runs = await threeRuns(
      gw,
      `query Skipped($hide: Boolean!) { gig(slug: "${GIG}") { ...Card @skip(if: $hide) title } } fragment Card on Gig { slug title }`,
      { hide: false },
    );
    expect(Object.keys(runs[0]!.data!.gig as object)).toEqual(['slug', 'title']);
    expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    expect(compiledRuns.count).toBe(0);
  });
});
