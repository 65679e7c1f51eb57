/**
 * In production the mask (src/error-masking.ts) also reshapes the errors a caller sees. graphql-jit's own
 * errors (a null argument, a value a scalar cannot serialise, a variable it refuses) carry no `extensions`
 * object at all (docs/compiled-execution-review.md F8): the compiled run must still answer what Yoga's executor answers, partial
 * data and all, not a 500 without data. First execution on Yoga's executor, the third compiled
 * (COMPILE_AFTER_EXECUTIONS=2).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { threeRuns } from './jit-parity-fixtures.js';
import { useTestGateway } from '../helpers/gateway.js';

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';

describe('errors of a compiled query in production', () => {
  const gw = useTestGateway({ NODE_ENV: 'production', COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);
  afterEach(() => gw.sandbox.services.marketplace!.control.setFaults([]));

  it('a null for a non-null argument: the same partial answer on every run', async () => {
    const runs = await threeRuns(gw, `query NullSlug($s: String = "x") { a: gig(slug: "${GIG}") { slug } b: gig(slug: $s) { slug } }`, {
      s: null,
    });
    expect(runs[0]).toMatchObject({
      status: 200,
      data: { a: { slug: GIG }, b: null },
      errors: [{ message: 'Argument "slug" of non-null type "String!" must not be null.', path: ['b'] }],
    });
    expect(runs[2]).toEqual(runs[0]);
  });

  it('a value the upstream sent that a scalar cannot serialise: the same partial answer on every run', async () => {
    gw.sandbox.services.marketplace!.control.setFaults([
      {
        kind: 'status',
        status: 200,
        method: 'GET',
        pathIncludes: '/reviews',
        body: {
          data: [{ id: 1, gig_slug: GIG, rating: 5, comment: 'Fine.', reviewer_username: 'erin', created_at: 'not a date' }],
          meta: { current_page: 1, per_page: 1, total: 1, last_page: 1 },
          links: { next: null, prev: null },
        },
      },
    ]);
    const runs = await threeRuns(gw, `query ReviewDates { gig(slug: "${GIG}") { slug reviews(first: 1) { nodes { id createdAt } } } }`);
    expect(runs[0]).toMatchObject({
      status: 200,
      data: { gig: { slug: GIG, reviews: { nodes: [{ id: '1', createdAt: null }] } } },
      errors: [{ message: 'Unexpected error.', path: ['gig', 'reviews', 'nodes', 0, 'createdAt'] }],
    });
    expect(runs[2]).toEqual(runs[0]);
  });
});
