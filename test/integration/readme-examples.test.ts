/**
 * The README's example operations (test/operations/*.graphql, typed by
 * graphql-codegen) run as written, with the README's demo credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateSeoReportDocument,
  EverythingDocument,
  ItemOverviewDocument,
  MyOrdersDocument,
  SellerWithGigsDocument,
} from '../generated/graphql.js';
import { ALL_CREDENTIALS, ITEMS_KEY, SEO_KEY, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe('README examples', () => {
  it("a seller's gigs with reviews, without any credential", async () => {
    const res = await gw.query(SellerWithGigsDocument, { variables: { username: 'pixelcraft' } });
    expect(res.errors).toBeUndefined();
    expect(res.data?.seller?.gigs?.nodes).toHaveLength(3);
    expect(res.data?.seller?.gigs?.nodes[0]?.reviews?.nodes.length).toBeLessThanOrEqual(2);
  });

  it('my orders with deliveries and revisions', async () => {
    const res = await gw.query(MyOrdersDocument, { headers: { authorization: `Bearer ${TOKENS.buyer}` } });
    expect(res.errors).toBeUndefined();
    expect(res.data?.orders?.nodes).toHaveLength(5);
    expect(res.data?.orders?.nodes.some((o) => (o.deliveries ?? []).length > 0)).toBe(true);
  });

  it('an item with a purchase check and its demo page reports', async () => {
    const res = await gw.query(ItemOverviewDocument, {
      variables: { id: '1', code: '1d000001-0000-4000-8000-000000000001' },
      headers: { 'x-items-api-key': ITEMS_KEY, 'x-seo-api-key': SEO_KEY },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.item?.purchase).toMatchObject({ valid: true, reason: null });
    expect(res.data?.item?.demoReports?.every((r) => r.url === res.data?.item?.demoLink)).toBe(true);
  });

  it('one request touching all three services', async () => {
    const res = await gw.query(EverythingDocument, {
      variables: { seller: 'pixelcraft', itemId: '2', code: '1d000002-0000-4000-8000-000000000002' },
      headers: ALL_CREDENTIALS,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.me?.username).toBe('alice');
    expect(res.data?.validatePurchase?.valid).toBe(true);
    expect(res.data?.seoReports?.totalCount).toBeGreaterThan(0);
  });

  it('creates a report', async () => {
    const res = await gw.query(CreateSeoReportDocument, {
      variables: { input: { url: 'https://www.example.org/', privacy: 'PUBLIC' } },
      headers: { 'x-seo-api-key': SEO_KEY },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.createSeoReport?.report).toMatchObject({ url: 'https://www.example.org/', privacy: 'PUBLIC', hasPassword: false });
  });
});
