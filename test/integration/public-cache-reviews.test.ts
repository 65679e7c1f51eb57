/**
 * What the sandbox's own `review.created` webhook evicts from the shared
 * cache of public reads: a real review (alice's, on a completed order of
 * hers) changes the gig's reviews, rating and count, and its seller's rating
 * and count (which cover every gig of theirs), wherever they are shown. Each
 * reader sees the change as soon as the sandbox has delivered its webhook,
 * not after the 30 s the sandbox's answers are fresh for.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { until } from '../helpers/events.js';
import { expectOk } from '../helpers/operations.js';

const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024) }, ['marketplace']);
const alice = { authorization: 'Bearer sandbox:alice:orders.read,reviews.write' };

type Orders = {
  orders: {
    nodes: Array<{ id: string; status: string; gig: { slug: string; sellerUsername: string }; attributes: Record<string, unknown> }>;
  };
};

/** A completed order of alice's she has not reviewed yet (one per test: each reviews it). */
async function reviewableOrder() {
  const orders = expectOk(
    await gw.query<Orders>('{ orders(first: 100) { nodes { id status gig { slug sellerUsername } attributes } } }', { headers: alice }),
  );
  return orders.orders.nodes.find(
    (o) => o.status === 'completed' && o.attributes.review_id === null && o.attributes.buyer_username === 'alice',
  )!;
}

/**
 * Reads with `read` until it is cached (a second read makes no upstream call), has alice review the order, and
 * waits (polling) until `read` shows what `changed` expects: the sandbox delivers its webhook on its own schedule.
 */
async function expectFreshAfterReview<T>(orderId: string, read: () => Promise<T>, changed: (before: T, after: T) => boolean) {
  const before = (await read()) as T;
  gw.resetCalls();
  expect(await read()).toEqual(before);
  expect(gw.calls('marketplace')).toHaveLength(0);
  expectOk(
    await gw.query('mutation($input: CreateReviewInput!) { createReview(input: $input) { review { id } } }', {
      variables: { input: { orderId, rating: 5, comment: 'Cached no more.' } },
      headers: alice,
    }),
  );
  let after = before;
  const poll = setInterval(() => void read().then((value) => (after = value as T)), 50);
  try {
    await until(() => changed(before, after));
  } finally {
    clearInterval(poll);
  }
}

describe("the sandbox's own review.created", () => {
  it('evicts the gig and its reviews: readers see the new review at once, not after max-age', async () => {
    const order = await reviewableOrder();
    const REVIEWS = 'query($slug: String!) { gig(slug: $slug) { reviewsCount reviews(first: 1) { totalCount } } }';
    type Reviews = { gig: { reviewsCount: number; reviews: { totalCount: number } } };
    const readReviews = async () => expectOk(await gw.query<Reviews>(REVIEWS, { variables: { slug: order.gig.slug } })).gig;
    await expectFreshAfterReview(
      order.id,
      readReviews,
      (before, after) => after.reviews.totalCount === before.reviews.totalCount + 1 && after.reviewsCount === before.reviewsCount + 1,
    );
  });

  it("evicts the gig's seller (their count covers every gig of theirs) and the gig in lists of gigs", async () => {
    const order = await reviewableOrder();
    const { slug, sellerUsername: seller } = order.gig;
    const SELLER = `query($seller: String!) { seller(username: $seller) { reviewsCount }
      gigs(seller: $seller, first: 50) { nodes { slug reviewsCount } } }`;
    type Seller = { seller: { reviewsCount: number }; gigs: { nodes: Array<{ slug: string; reviewsCount: number }> } };
    const read = async () => {
      const data = expectOk(await gw.query<Seller>(SELLER, { variables: { seller } }));
      return { seller: data.seller.reviewsCount, listed: data.gigs.nodes.find((gig) => gig.slug === slug)!.reviewsCount };
    };
    await expectFreshAfterReview(
      order.id,
      read,
      (before, after) => after.seller === before.seller + 1 && after.listed === before.listed + 1,
    );
  });
});
