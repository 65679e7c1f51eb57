/**
 * The response cache's front door (src/front-door.ts): a warm anonymous POST
 * hit is answered in the node:http listener, before Yoga, with what Yoga's
 * path sends for it. Two gateways over the same seeded sandbox, one with the
 * front door and one without, get the same requests: every answer (status,
 * headers but Date, body) must be the same, and the front door's gateway must
 * not have handed the hit to Yoga. Eviction, credentials, the rate limit and
 * requests the front door leaves to Yoga (which must still see their body).
 */
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { answerOf, ENV, GIG_AND_SELLER, gigsOf, hitCount, post, yogaSaw, type Answer } from './front-door-fixtures.js';
import { eventFor, postWebhook } from '../helpers/events.js';
import { testClock } from '../helpers/clock.js';

const clock = testClock();
const door = useTestGateway(ENV, ['marketplace'], { now: clock.now });
const plain = useTestGateway(ENV, ['marketplace'], { now: clock.now, frontDoor: false });
const limited = useTestGateway({ ...ENV, RATE_LIMIT_PER_MINUTE: '3' }, ['marketplace']);
const limitedPlain = useTestGateway({ ...ENV, RATE_LIMIT_PER_MINUTE: '3' }, ['marketplace'], { frontDoor: false });
const freshGig = gigsOf(door);

const variants: Array<[string, Record<string, string>]> = [
  ['no Accept', {}],
  ['Accept */*', { accept: '*/*' }],
  ['Accept application/json', { accept: 'application/json' }],
  ['Accept application/graphql-response+json', { accept: 'application/graphql-response+json' }],
  ['both, graphql-response first', { accept: 'application/graphql-response+json, application/json' }],
  ["Apollo Client's", { accept: 'application/graphql-response+json,application/json;q=0.9' }],
  ['application/*', { accept: 'application/*' }],
  ['a listed Origin', { accept: 'application/json', origin: 'https://admin.example' }],
  ['an Origin not listed', { accept: 'application/json', origin: 'https://evil.example' }],
  ['a charset in the content type', { 'content-type': 'application/json; charset=utf-8' }],
  ['a caller X-Request-Id', { 'x-request-id': 'caller-id-1' }],
  ['a malformed credential (anonymous, as the cache reads it)', { authorization: 'Basic abc' }],
];

describe('a warm hit is answered before Yoga with the bytes and headers Yoga would send', () => {
  it.each(variants)('%s', async (_name, headers) => {
    const { slug } = await freshGig();
    // A comment makes each variant's operation its own entry.
    const body = JSON.stringify({ query: `${GIG_AND_SELLER} # ${_name}`, variables: { slug } });
    const expected = [await post(plain, body, headers), await post(plain, body, headers)];
    door.resetCalls();
    const cold = await yogaSaw(door, () => post(door, body, headers));
    expect(cold.yoga).toBe(1);
    expect(door.calls('marketplace').length).toBeGreaterThan(0);
    door.resetCalls();
    const hitsBefore = await hitCount(door);
    const warm = await yogaSaw(door, () => post(door, body, headers));
    expect(warm.yoga).toBe(0);
    expect(door.calls('marketplace')).toHaveLength(0);
    expect(await hitCount(door)).toBe(hitsBefore + 1);
    expect([cold.result, warm.result]).toEqual(expected);
    expect(JSON.parse(warm.result.body)).toMatchObject({ data: { gig: { slug } } });
  });

  it('an operationName and null variables key the same entry Yoga keeps', async () => {
    const { slug } = await freshGig();
    const query = `query One { gig(slug: "${slug}") { slug title } } query Two { gig(slug: "${slug}") { title } }`;
    const body = JSON.stringify({ query, operationName: 'Two', variables: null });
    const expected = [await post(plain, body), await post(plain, body)];
    const seen = await yogaSaw(door, async () => [await post(door, body), await post(door, body)]);
    expect(seen.result).toEqual(expected);
    expect(seen.yoga).toBe(1);
  });
});

describe('what the front door leaves to Yoga, which still reads the body', () => {
  const unusual: Array<[string, (query: string) => string, Record<string, string>]> = [
    ['a batch', (query) => JSON.stringify([{ query }]), {}],
    ['an extensions member', (query) => JSON.stringify({ query, extensions: {} }), {}],
    ['an unexpected member', (query) => JSON.stringify({ query, documentId: 'x' }), {}],
    ['invalid JSON', (query) => `${JSON.stringify({ query })}}`, {}],
    ['If-None-Match', (query) => JSON.stringify({ query }), { 'if-none-match': '"abc"' }],
    ['an event stream Accept', (query) => JSON.stringify({ query }), { accept: 'text/event-stream' }],
    ['a multipart Accept', (query) => JSON.stringify({ query }), { accept: 'multipart/mixed' }],
    ['text/plain', (query) => JSON.stringify({ query }), { 'content-type': 'text/plain' }],
    ['application/graphql+json', (query) => JSON.stringify({ query }), { 'content-type': 'application/graphql+json' }],
    ['a credential', (query) => JSON.stringify({ query }), { authorization: `Bearer ${TOKENS.buyer}` }],
  ];

  it.each(unusual)('%s: Yoga answers it, as without the front door', async (_name, bodyOf, headers) => {
    const { slug } = await freshGig();
    const query = `query($slug: String! = "${slug}") { gig(slug: $slug) { slug title } } # ${_name}`;
    // Warm the entry with a plain request first: a request the front door leaves alone must not be served from it.
    await post(door, JSON.stringify({ query }));
    await post(plain, JSON.stringify({ query }));
    const expected = await post(plain, bodyOf(query), headers);
    const seen = await yogaSaw(door, () => post(door, bodyOf(query), headers));
    expect(seen.yoga).toBe(1);
    expect(seen.result).toEqual(expected);
  });

  it('a credentialed caller is never answered by the front door, even where an anonymous entry is warm', async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } });
    await post(door, body);
    expect((await yogaSaw(door, () => post(door, body))).yoga).toBe(0);
    const credentials: Array<Record<string, string>> = [
      { authorization: `Bearer ${TOKENS.buyer}` },
      { 'x-seo-api-key': 'seo-demo-key' },
      { 'x-items-api-key': 'items-demo-key' },
    ];
    for (const headers of credentials) {
      const seen = await yogaSaw(door, () => post(door, body, headers));
      expect(seen.yoga).toBe(1);
      expect(seen.result.status).toBe(200);
    }
  });

  it('a CORS preflight is answered as Yoga answers it', async () => {
    const preflight = (gw: TestGateway) =>
      fetch(`${gw.url}/graphql`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      }).then(answerOf);
    expect(await preflight(door)).toEqual(await preflight(plain));
  });
});

describe('the same store and the same eviction as the plugin', () => {
  it('after a webhook evicts the entry, the next request is a miss with an upstream call, then a hit again', async () => {
    const { slug, seller_username: seller } = await freshGig();
    const body = JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } });
    await post(door, body);
    expect((await yogaSaw(door, () => post(door, body))).yoga).toBe(0);
    expect((await postWebhook(door.url, eventFor({ slug, username: seller }, 'gig.updated'))).status).toBe(202);
    door.resetCalls();
    const after = await yogaSaw(door, () => post(door, body));
    expect(after.yoga).toBe(1);
    expect(door.calls('marketplace').length).toBeGreaterThan(0);
    expect((await yogaSaw(door, () => post(door, body))).yoga).toBe(0);
  });

  it('an entry past its lifetime is not served: the next request runs the operation', async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } });
    await post(door, body);
    expect((await yogaSaw(door, () => post(door, body))).yoga).toBe(0);
    // Past the upstream answers' freshness (the gig's is 5 s), which is the entry's lifetime.
    clock.advance(10 * 60_000);
    door.resetCalls();
    const after = await yogaSaw(door, () => post(door, body));
    expect(after.yoga).toBe(1);
    expect(door.calls('marketplace').length).toBeGreaterThan(0);
  });
});

describe('the rate limit', () => {
  it('a hit takes one token from its caller, and one over the limit is refused as Yoga refuses it', async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } });
    const expected: Answer[] = [];
    for (let i = 0; i < 4; i++) expected.push(await post(limitedPlain, body, { accept: 'application/json' }));
    expect(expected.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    const seen = await yogaSaw(limited, async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++) answers.push(await post(limited, body, { accept: 'application/json' }));
      return answers;
    });
    // The fill and the refusal reach Yoga; the two hits between them do not.
    expect(seen.yoga).toBe(2);
    expect(seen.result).toEqual(expected);
    expect(seen.result[3]!.headers['retry-after']).toMatch(/^\d+$/);
  });
});
