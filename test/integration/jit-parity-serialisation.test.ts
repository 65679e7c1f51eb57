/**
 * An upstream value a scalar cannot serialise (docs/compiled-execution-review.md F5). Yoga's executor turns the scalar's error into
 * a plain Error, which the caller gets masked ("Unexpected error.") and the gateway logs as unexpected; the
 * compiled run (graphql-jit) must answer and log the same. First execution on Yoga's executor, the third
 * compiled (COMPILE_AFTER_EXECUTIONS=2).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';

const reviewsWithDate = (createdAt: string) => ({
  data: [{ id: 1, gig_slug: GIG, order_uuid: null, rating: 5, comment: 'Fine.', reviewer_username: 'erin', created_at: createdAt }],
  meta: { current_page: 1, per_page: 1, total: 1, last_page: 1 },
  links: { next: null, prev: null },
});

describe('a date-time the upstream sent that is not one, compiled and not', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);
  afterEach(() => gw.sandbox.services.marketplace!.control.setFaults([]));

  it('is the same masked error on every run, logged as unexpected each time', async () => {
    gw.sandbox.services.marketplace!.control.setFaults([
      { kind: 'status', status: 200, method: 'GET', pathIncludes: '/reviews', body: reviewsWithDate('not a date') },
    ]);
    const query = `query ReviewDates { gig(slug: "${GIG}") { reviews(first: 1) { nodes { id createdAt } } } }`;
    const runs = [];
    const unexpected = [];
    for (let run = 0; run < 3; run++) {
      const before = gw.logs.length;
      runs.push(await gw.query(query));
      unexpected.push(gw.logs.slice(before).filter((line) => line.includes('"msg":"unexpected error"')).length);
    }
    expect(runs[0]).toMatchObject({
      data: { gig: { reviews: { nodes: [{ id: '1', createdAt: null }] } } },
      errors: [{ message: 'Unexpected error.', path: ['gig', 'reviews', 'nodes', 0, 'createdAt'] }],
    });
    // The third run is compiled.
    expect(runs[2]).toEqual(runs[0]);
    expect(unexpected[2]).toBe(unexpected[0]);
  });
});
