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
import { connect } from 'node:net';
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

describe('trusted documents: query text sent with an id beside it', () => {
  it('runs as text where text may run, and goes out private as any POST of text', async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ query: GIG_AND_SELLER, documentId: 'not-a-document', variables: { slug } });
    for (const gw of [door, plain]) {
      await post(gw, body);
      const warm = await post(gw, body);
      expect(warm.status).toBe(200);
      expect(warm.headers['cache-control']).toBe('private, no-store');
      expect(warm.headers.etag).toBeUndefined();
    }
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

/** A GET sent as raw bytes, so that a `#` reaches the server as part of the path (fetch would cut it off): status and Cache-Control. */
function rawGet(gw: TestGateway, target: string): Promise<{ status: number; cacheControl: string | undefined }> {
  const { hostname, port } = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), cacheControl: /^cache-control: (.*)\r$/im.exec(text)?.[1] }));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`);
  });
}

describe('a GET whose query string holds a #', () => {
  it('is answered as Yoga answers it: the front door leaves it to Yoga', async () => {
    const { slug } = await freshGig();
    // Warm under variables holding the #, which the operation ignores (an undeclared variable).
    const variables = { slug, z: '#' };
    const body = JSON.stringify({ documentId: ID, variables });
    for (const gw of [door, plain]) for (let i = 0; i < 2; i++) await post(gw, body);
    const target = `/graphql?variables=${encodeURIComponent(JSON.stringify({ slug })).slice(0, -3)}%2C%22z%22%3A%22#%22%7D&documentId=${ID}`;
    const answers = await Promise.all([yogaSaw(door, () => rawGet(door, target)), rawGet(plain, target)]);
    expect(answers[0].yoga).toBe(1);
    expect(answers[0].result).toEqual(answers[1]);
  });
});
