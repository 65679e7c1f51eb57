/**
 * The front door with trusted documents (PERSISTED_DOCUMENTS): a warm hit named by `documentId`, over POST or
 * GET, is answered before Yoga with what Yoga's path sends (public headers: a persisted document's answer is
 * shareable), and everything trusted documents would refuse or read otherwise is left to Yoga: query text where
 * only trusted documents run, an unknown id, an id and text together, an If-None-Match. Two gateways over the
 * same seeded sandbox, with the front door and without, get the same requests and must answer them alike.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { answerOf, ENV, GIG_AND_SELLER, gigsOf, post, yogaSaw, type Answer } from './front-door-fixtures.js';

const ID = `sha256:${createHash('sha256').update(GIG_AND_SELLER).digest('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'front-door-trusted-'));
const file = join(dir, 'persisted-documents.json');
writeFileSync(file, JSON.stringify({ [ID]: GIG_AND_SELLER }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRUSTED = { ...ENV, PERSISTED_DOCUMENTS: file };
const ONLY = { ...TRUSTED, PERSISTED_DOCUMENTS_ONLY: 'true' };
const door = useTestGateway(TRUSTED, ['marketplace']);
const plain = useTestGateway(TRUSTED, ['marketplace'], { frontDoor: false });
const onlyDoor = useTestGateway(ONLY, ['marketplace']);
const onlyPlain = useTestGateway(ONLY, ['marketplace'], { frontDoor: false });
const freshGig = gigsOf(door);

/**
 * The answer with its dates left out, and a public max-age as `max-age=N`: the two gateways store their entries
 * apart, so their Expires and seconds left may differ by a second (response-cache-front-door-get.test.ts).
 */
const withoutDate = ({ headers, ...rest }: Answer): Answer => ({
  ...rest,
  headers: {
    ...headers,
    date: '',
    expires: headers.expires ? 'E' : '',
    'last-modified': headers['last-modified'] ? 'L' : '',
    'cache-control': headers['cache-control']?.replace(/max-age=\d+/, 'max-age=N') ?? '',
  },
});
const get = (gw: TestGateway, search: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}/graphql?${new URLSearchParams(search)}`, { headers: { accept: 'application/json', ...headers } }).then(answerOf);

/** `send` to both gateways twice (cold, then warm): the door's warm answer, whether Yoga saw it, and the plain gateway's. */
async function both(send: (gw: TestGateway) => Promise<Answer>) {
  const expected = [await send(plain), await send(plain)];
  await send(door);
  door.resetCalls();
  const warm = await yogaSaw(door, () => send(door));
  expect(withoutDate(warm.result)).toEqual(withoutDate(expected[1]!));
  return { warm, upstreamCalls: door.calls('marketplace').length };
}

describe('trusted documents: a warm hit named by documentId', () => {
  it('over POST is answered before Yoga, public, as Yoga answers it', async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ documentId: ID, variables: { slug } });
    const { warm, upstreamCalls } = await both((gw) => post(gw, body));
    expect([warm.yoga, upstreamCalls]).toEqual([0, 0]);
    expect(warm.result.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(JSON.parse(warm.result.body)).toMatchObject({ data: { gig: { slug } } });
  });

  it('over GET is answered before Yoga, public, as Yoga answers it', async () => {
    const { slug } = await freshGig();
    const { warm } = await both((gw) => get(gw, { documentId: ID, variables: JSON.stringify({ slug }) }));
    expect(warm.yoga).toBe(0);
    expect(warm.result.headers.etag).toBeDefined();
  });

  it('and its text sent as a query, where text may run: answered before Yoga too, private as any POST of text', async () => {
    const { slug } = await freshGig();
    const { warm } = await both((gw) => post(gw, JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } })));
    expect(warm.yoga).toBe(0);
    expect(warm.result.headers['cache-control']).toBe('private, no-store');
  });
});

describe('trusted documents: what is left to Yoga', () => {
  it('an unknown id, an id with text, an If-None-Match: each reaches Yoga and is answered as there', async () => {
    const { slug } = await freshGig();
    const variables = { slug };
    const sends: Array<(gw: TestGateway) => Promise<Answer>> = [
      (gw) => post(gw, JSON.stringify({ documentId: `sha256:${'0'.repeat(64)}`, variables })),
      (gw) => post(gw, JSON.stringify({ documentId: ID, query: GIG_AND_SELLER, variables })),
      (gw) => get(gw, { documentId: ID, variables: JSON.stringify(variables) }, { 'if-none-match': '"x"' }),
    ];
    for (const send of sends) expect((await both(send)).warm.yoga).toBe(1);
  });

  it('query text where only trusted documents run is refused, though the same answer is warm under its id', async () => {
    const { slug } = await freshGig();
    const byId = JSON.stringify({ documentId: ID, variables: { slug } });
    await post(onlyDoor, byId);
    expect((await yogaSaw(onlyDoor, () => post(onlyDoor, byId))).yoga).toBe(0);
    const text = JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } });
    const refused = await yogaSaw(onlyDoor, () => post(onlyDoor, text));
    expect(refused.yoga).toBe(1);
    expect(withoutDate(refused.result)).toEqual(withoutDate(await post(onlyPlain, text)));
    expect(JSON.parse(refused.result.body).errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
  });
});
