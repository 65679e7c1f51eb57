/**
 * The front door (src/front-door.ts) on GET: a warm anonymous hit is answered
 * before Yoga with its public headers (ETag, Expires, Last-Modified,
 * `public, max-age=<seconds left>`, Vary, and CORS's own Vary line), as
 * Yoga's path sends them. The two gateways' entries are filled a moment
 * apart, so their dates and max-age may differ by a second: the hit is
 * compared with the same gateway's first answer (the same entry) for those,
 * and with the other gateway's hit for everything else.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { answerOf, ENV, GIG_AND_SELLER, gigsOf, yogaSaw, type Answer } from './front-door-fixtures.js';

const door = useTestGateway(ENV, ['marketplace']);
const plain = useTestGateway(ENV, ['marketplace'], { frontDoor: false });
const freshGig = gigsOf(door);

const get = (gw: TestGateway, search: string, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}/graphql?${search}`, { headers }).then(answerOf);

const DATED = ['expires', 'last-modified', 'cache-control'];
/** The answer with its entry's dates and max-age left out. */
const undated = (answer: Answer) => ({
  ...answer,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !DATED.includes(name))),
});
const dated = (answer: Answer) => Object.fromEntries(DATED.map((name) => [name, answer.headers[name]]));
const maxAge = (answer: Answer) => Number(/^public, max-age=(\d+)$/.exec(answer.headers['cache-control'] ?? '')?.[1]);

const variants: Array<[string, Record<string, string>]> = [
  ['no Accept', {}],
  ['Accept application/json', { accept: 'application/json' }],
  ['Accept application/graphql-response+json', { accept: 'application/graphql-response+json' }],
  ['a listed Origin', { accept: 'application/json', origin: 'https://app.example' }],
  ['an Origin not listed, asking about headers', { origin: 'https://evil.example', 'access-control-request-headers': 'x-custom' }],
];

describe('a warm GET hit is answered before Yoga with its public headers', () => {
  it.each(variants)('%s', async (name, headers) => {
    const { slug } = await freshGig();
    const search = new URLSearchParams({ query: `${GIG_AND_SELLER} # ${name}`, variables: JSON.stringify({ slug }) }).toString();
    const expected = [await get(plain, search, headers), await get(plain, search, headers)];
    const cold = await yogaSaw(door, () => get(door, search, headers));
    const warm = await yogaSaw(door, () => get(door, search, headers));
    expect([cold.yoga, warm.yoga]).toEqual([1, 0]);
    expect(warm.result.headers.etag).toMatch(/^"/);
    expect(maxAge(warm.result)).toBeGreaterThan(0);
    expect(undated(warm.result)).toEqual(undated(expected[1]!));
    expect(undated(cold.result)).toEqual(undated(expected[0]!));
    // The same entry: the same dates; max-age counts down from them, at most a second apart here.
    expect({ ...dated(warm.result), 'cache-control': undefined }).toEqual({ ...dated(cold.result), 'cache-control': undefined });
    expect(Math.abs(maxAge(warm.result) - maxAge(cold.result))).toBeLessThanOrEqual(1);
  });

  it('an operation name and no variables', async () => {
    const { slug } = await freshGig();
    const query = `query One { gig(slug: "${slug}") { slug } } query Two { gig(slug: "${slug}") { title } }`;
    const search = new URLSearchParams({ query, operationName: 'Two' }).toString();
    const expected = await get(plain, search).then(() => get(plain, search));
    const seen = await yogaSaw(door, async () => [await get(door, search), await get(door, search)]);
    expect(seen.yoga).toBe(1);
    expect(undated(seen.result[1]!)).toEqual(undated(expected));
  });
});

describe('GET requests the front door leaves to Yoga', () => {
  const unusual: Array<[string, (search: URLSearchParams) => void, Record<string, string>]> = [
    ['If-None-Match (a 304)', () => undefined, { 'if-none-match': 'ETAG' }],
    ['a page (text/html)', () => undefined, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
    ['extensions', (search) => search.set('extensions', '{}'), {}],
    ['a documentId', (search) => search.set('documentId', 'abc'), {}],
    ['a parameter twice', (search) => search.append('operationName', 'X'), {}],
    ['variables that are not JSON', (search) => search.set('variables', '{nope'), {}],
    ['an event stream Accept', () => undefined, { accept: 'text/event-stream' }],
  ];

  it.each(unusual)('%s', async (name, change, headers) => {
    const { slug } = await freshGig();
    const base = new URLSearchParams({ query: `${GIG_AND_SELLER} # ${name}`, variables: JSON.stringify({ slug }) });
    const warmDoor = await get(door, base.toString());
    const warmPlain = await get(plain, base.toString());
    change(base);
    const withEtag = (answer: Answer) => (headers['if-none-match'] ? { ...headers, 'if-none-match': answer.headers.etag! } : headers);
    const expected = await get(plain, base.toString(), withEtag(warmPlain));
    const seen = await yogaSaw(door, () => get(door, base.toString(), withEtag(warmDoor)));
    expect(seen.yoga).toBe(1);
    expect(undated(seen.result)).toEqual(undated(expected));
  });
});
