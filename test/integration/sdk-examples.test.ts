/**
 * The typed SDK (sdk/) and its examples (examples/*.ts) against the gateway
 * over the sandbox: each example's main runs as a caller would run it, and the
 * client sends exactly the credential headers it was given and throws a typed
 * error carrying the gateway's extensions.code.
 */
import { describe, expect, it } from 'vitest';
import { createClient, isUnigraphError, MyOrdersDocument, SellerGigsDocument, UnigraphError, ItemReportDocument } from '@unigraph/sdk';
import { main as sellerGigs } from '../../examples/seller-gigs.js';
import { main as itemReport } from '../../examples/item-report.js';
import { ITEMS_KEY, SEO_KEY, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { expectTokenOnlyWhereNeeded } from '../helpers/operations.js';

const gw = useTestGateway();
const endpoint = () => `${gw.url}/graphql`;
const PURCHASE_CODE = '1d000001-0000-4000-8000-000000000001';

describe('examples/seller-gigs.ts', () => {
  it("prints the seller's gigs with their reviews, with no credential sent upstream", async () => {
    const output = await sellerGigs({ url: endpoint(), username: 'pixelcraft', gigs: 3 });
    const lines = output.split('\n');
    expect(lines[0]).toMatch(/^pixelcraft \(Pixel Craft Studio\), rating [\d.]+, \d+ gigs$/);
    expect(lines.filter((l) => l.startsWith('- '))).toHaveLength(3);
    expect(lines.some((l) => /^ {4}\d\/5 by \S+: /.test(l))).toBe(true);
    expect(gw.calls('marketplace').some((c) => c.path.endsWith('/sellers/pixelcraft'))).toBe(true);
    expect(gw.calls('marketplace').every((c) => !c.headers.authorization)).toBe(true);
  });

  it('says so when the seller does not exist (the NOT_FOUND code, told apart by the SDK)', async () => {
    expect(await sellerGigs({ url: endpoint(), username: 'nobody-by-this-name' })).toBe('No seller named nobody-by-this-name.');
  });
});

describe('examples/item-report.ts', () => {
  it('prints the item, a valid purchase check and its demo page reports, sending each key to its own service', async () => {
    const output = await itemReport({
      url: endpoint(),
      id: '1',
      purchaseCode: PURCHASE_CODE,
      credentials: { itemsApiKey: ITEMS_KEY, seoApiKey: SEO_KEY },
    });
    const lines = output.split('\n');
    expect(lines[1]).toMatch(/^price: regular [\d.]+, extended [\d.]+$/);
    expect(lines[2]).toMatch(/^purchase code: valid, license Regular License, support until \d{4}-/);
    expect(lines[3]).toMatch(/^demo page https?:\/\/\S+: [1-5] SEO reports$/);
    expect(lines.slice(4).every((l) => /^- report \S+: score /.test(l))).toBe(true);
    // The gateway hands the item-store key to the item store only (as its api_key parameter), the SEO key to the SEO service only.
    const items = gw.calls('items');
    const seo = gw.calls('seo');
    expect(items.length).toBeGreaterThan(0);
    const itemKeyOf = (c: (typeof items)[number]) => c.query.api_key ?? new URLSearchParams(c.body).get('api_key');
    expect(items.every((c) => itemKeyOf(c) === ITEMS_KEY && !JSON.stringify(c).includes(SEO_KEY))).toBe(true);
    expect(seo.length).toBeGreaterThan(0);
    expect(seo.every((c) => c.headers.authorization === `Bearer ${SEO_KEY}` && !JSON.stringify(c).includes(ITEMS_KEY))).toBe(true);
  });

  it('reports a missing item-store key by its error code, without calling the item store', async () => {
    const output = await itemReport({ url: endpoint(), id: '1', purchaseCode: PURCHASE_CODE, credentials: { seoApiKey: SEO_KEY } });
    expect(output).toMatch(/^Not allowed \(UNAUTHENTICATED\): .*X-Items-Api-Key/);
    expect(gw.calls('items')).toHaveLength(0);
  });
});

describe('createClient', () => {
  it('sends the bearer token as Authorization and returns typed data', async () => {
    const client = createClient({ url: endpoint(), credentials: { token: TOKENS.buyer } });
    const data = await client.request(MyOrdersDocument, { first: 2 });
    expect(data.me?.username).toBe('alice');
    expect(data.orders?.nodes).toHaveLength(2);
    const marketplace = gw.calls('marketplace');
    expect(marketplace.length).toBeGreaterThan(0);
    // The token goes where it is needed (me, orders); public reads (a gig, a seller) go without it.
    expectTokenOnlyWhereNeeded(gw, TOKENS.buyer);
    expect(marketplace.some((c) => c.headers.authorization === `Bearer ${TOKENS.buyer}`)).toBe(true);
  });

  it('throws a UnigraphError with the code, the errors and the partial data', async () => {
    const client = createClient({ url: endpoint() });
    const error = await client.request(MyOrdersDocument, {}).catch((e: unknown) => e);
    expect(isUnigraphError(error)).toBe(true);
    const typed = error as UnigraphError;
    expect(typed.code).toBe('UNAUTHENTICATED');
    expect(typed.status).toBe(200);
    expect(typed.errors[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(typed.data).toMatchObject({ me: null });
  });

  it('turns bad variables into BAD_USER_INPUT before any upstream call', async () => {
    const client = createClient({ url: endpoint(), credentials: { itemsApiKey: ITEMS_KEY } });
    const error = await client
      .request(SellerGigsDocument, { username: 'pixelcraft', gigs: 'many' as unknown as number })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnigraphError);
    expect((error as UnigraphError).code).toBe('BAD_USER_INPUT');
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('reports an unreachable gateway as NETWORK_ERROR without the credentials in the message', async () => {
    const client = createClient({ url: 'http://127.0.0.1:9/graphql', credentials: { token: TOKENS.buyer, itemsApiKey: ITEMS_KEY } });
    const error = (await client.request(ItemReportDocument, { id: '1', code: PURCHASE_CODE }).catch((e: unknown) => e)) as UnigraphError;
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toContain('127.0.0.1:9');
    expect(`${error.message} ${String(error.cause)}`).not.toMatch(new RegExp(`${TOKENS.buyer}|${ITEMS_KEY}`));
  });
});
