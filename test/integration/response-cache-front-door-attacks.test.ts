/**
 * A hostile anonymous caller against the response cache's front door (src/front-door.ts), which reads every
 * anonymous JSON POST and GET to /graphql before any of Yoga's limits: whatever it is sent, the process must
 * answer as a gateway without it does (the same status and body), and must go on answering.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { answerOf, ENV, gigsOf, post, yogaSaw } from './front-door-fixtures.js';
import { BUG_MESSAGE } from '../../src/process-guard.js';

// A smaller body limit than the default, so a body at it is cheap to send.
const LIMIT = 64 * 1024;
const door = useTestGateway({ ...ENV, MAX_BODY_BYTES: String(LIMIT) }, ['marketplace']);
const plain = useTestGateway({ ...ENV, MAX_BODY_BYTES: String(LIMIT) }, ['marketplace'], { frontDoor: false });
const limited = useTestGateway({ ...ENV, RATE_LIMIT_PER_MINUTE: '1' }, ['marketplace']);
const limitedPlain = useTestGateway({ ...ENV, RATE_LIMIT_PER_MINUTE: '1' }, ['marketplace'], { frontDoor: false });

const proxied = { ...ENV, RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY_HOPS: '1' };
const behindProxy = useTestGateway(proxied, ['marketplace']);
const behindProxyPlain = useTestGateway(proxied, ['marketplace'], { frontDoor: false });

const TYPENAME = JSON.stringify({ query: '{ __typename }' });
const stillAnswers = async (gw: TestGateway) =>
  expect(JSON.parse((await post(gw, TYPENAME)).body)).toEqual({ data: { __typename: 'Query' } });

const rejectedForNesting = async (gw: TestGateway) => {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  return Number(/^gateway_rejected_requests_total\{reason="nesting"\} (\d+)$/m.exec(text)?.[1] ?? 0);
};

describe('variables nested deeper than the key can serialise', () => {
  // 40 KB: within MAX_BODY_BYTES. JSON.parse reads it; the key's stable stringify recurses once per level.
  const deep = (levels: number) =>
    `{"query":"query($a: [Int]) { __typename }","variables":{"a":${'['.repeat(levels)}${']'.repeat(levels)}}}`;

  it('a POST is answered as without the front door, and the process goes on answering', async () => {
    const body = deep(20_000);
    const expected = await post(plain, body);
    expect(await post(door, body)).toEqual(expected);
    await stillAnswers(door);
  });

  it("is the caller's mistake: 400 QUERY_TOO_COMPLEX (nesting), not a 500 logged as our error, on both paths", async () => {
    for (const gw of [plain, door]) {
      const before = gw.logs.length;
      const rejectedBefore = await rejectedForNesting(gw);
      const answer = await post(gw, deep(20_000));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'nesting' });
      expect(gw.logs.slice(before).filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
      // Counted once, as every refusal before an upstream call is, though the front door read it first.
      expect((await rejectedForNesting(gw)) - rejectedBefore).toBe(1);
    }
  });

  it('is refused in the words of any variables nested past the bound: the same answer with the cache as without', async () => {
    // `attributes: JSON` takes any nesting, so only the bound refuses 65 levels (at execution); 20,000 the key refuses first.
    const query = 'mutation($a: JSON) { addCrmNote(input: { customerId: "1", body: "x", attributes: $a }) { __typename } }';
    const nestedJson = (levels: number) =>
      `{"query":${JSON.stringify(query)},"variables":{"a":${'['.repeat(levels)}${']'.repeat(levels)}}}`;
    const seller = { authorization: `Bearer ${TOKENS.seller}` };
    for (const gw of [plain, door]) {
      const pastBound = await post(gw, nestedJson(65), seller);
      expect(pastBound.status).toBe(400);
      expect((await post(gw, nestedJson(20_000), seller)).body).toBe(pastBound.body);
    }
  });

  it('a GET too', async () => {
    const search = `query=${encodeURIComponent('query($a: [Int]) { __typename }')}&variables={"a":${'['.repeat(7_000)}${']'.repeat(7_000)}}`;
    const get = (gw: TestGateway) => fetch(`${gw.url}/graphql?${search}`).then(answerOf);
    const expected = await get(plain);
    expect(await get(door)).toEqual(expected);
    await stillAnswers(door);
  });
});

/** Sends a request's head and the first bytes of its body, never the rest; the status line written within `ms`, else 'no answer'. */
async function statusBeforeBodyEnds(gw: TestGateway, head: string, ms: number): Promise<string> {
  const socket = connect(Number(new URL(gw.url).port), '127.0.0.1');
  socket.on('error', () => undefined);
  try {
    return await new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
        if (status) resolve(status[1]!);
      });
      setTimeout(() => resolve('no answer'), ms);
      socket.write(`${head}{"query":"{ __typ`);
    });
  } finally {
    socket.destroy();
  }
}

describe('bodies', () => {
  it('a hit whose body is exactly MAX_BODY_BYTES is answered before Yoga; one byte more is refused 413 as Yoga refuses it', async () => {
    const { slug } = await gigsOf(door)();
    const query = `{ gig(slug: "${slug}") { slug } } # at the limit`;
    const padded = (bytes: number) => `${JSON.stringify({ query })}${' '.repeat(bytes - Buffer.byteLength(JSON.stringify({ query })))}`;
    for (const gw of [door, plain]) await post(gw, JSON.stringify({ query }));
    const atLimit = await yogaSaw(door, () => post(door, padded(LIMIT)));
    expect(atLimit.yoga).toBe(0);
    expect(atLimit.result).toEqual(await post(plain, padded(LIMIT)));
    const over = await yogaSaw(door, () => post(door, padded(LIMIT + 1)));
    expect(over.yoga).toBe(1);
    expect(over.result.status).toBe(413);
    expect(over.result).toEqual(await post(plain, padded(LIMIT + 1)));
  });

  it('a caller that leaves mid-body leaves nothing behind: Yoga never sees it, no error escapes, the next caller is answered', async () => {
    const before = door.yogaRequests;
    const socket = connect(Number(new URL(door.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":"{ __typ');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stillAnswers(door);
    expect(door.yogaRequests - before).toBe(1); // stillAnswers' own request: { __typename } is never stored
    expect(door.logs.join('')).not.toContain(BUG_MESSAGE);
  });
});

describe('one connection', () => {
  it('a hit pipelined behind a miss is answered after it, in order: the miss by Yoga, the hit before it', async () => {
    const nextGig = gigsOf(door);
    const [{ slug: warm }, { slug: cold }] = [await nextGig(), await nextGig()];
    const bodyOf = (slug: string) => JSON.stringify({ query: `{ gig(slug: "${slug}") { slug } } # pipelined` });
    await post(door, bodyOf(warm));
    const request = (body: string, close = false) =>
      `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${close ? 'Connection: close\r\n' : ''}\r\n${body}`;
    const socket = connect(Number(new URL(door.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const seen = await yogaSaw(door, async () => {
      socket.write(request(bodyOf(cold)) + request(bodyOf(warm), true));
      await closed;
    });
    expect(seen.yoga).toBe(1);
    const bodies = received.split('\r\n').filter((line) => line.startsWith('{'));
    expect(bodies.map((line) => JSON.parse(line.replace(/HTTP\/1\.1.*$/, '')).data.gig.slug)).toEqual([cold, warm]);
  });
});

describe('a caller over the rate limit', () => {
  it('is refused before its body has come, as Yoga refuses it, not after the front door read and parsed it', async () => {
    const head = 'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n';
    for (const gw of [limitedPlain, limited]) expect((await post(gw, TYPENAME)).status).toBe(200); // the minute's one token
    expect(await statusBeforeBodyEnds(limitedPlain, head, 5_000)).toBe('429');
    expect(await statusBeforeBodyEnds(limited, head, 5_000)).toBe('429');
  });
});

describe('behind a trusted proxy', () => {
  it('hits take their token from the address the proxy saw, not from what the caller put left of it', async () => {
    const { slug } = await gigsOf(door)();
    const body = JSON.stringify({ query: `{ gig(slug: "${slug}") { slug } } # proxied` });
    const from = (forwarded: string) => ({ 'x-forwarded-for': forwarded });
    const sequence = [from('203.0.113.1'), from('198.51.100.7, 203.0.113.1'), from('203.0.113.1'), from('203.0.113.2')];
    const statuses = async (gw: TestGateway) => {
      await post(gw, body, from('192.0.2.99')); // the fill, from an address of its own
      const seen: number[] = [];
      for (const headers of sequence) seen.push((await post(gw, body, headers)).status);
      return seen;
    };
    expect(await statuses(behindProxyPlain)).toEqual([200, 200, 429, 200]);
    const seen = await yogaSaw(behindProxy, () => statuses(behindProxy));
    expect(seen.result).toEqual([200, 200, 429, 200]);
    expect(seen.yoga).toBe(2); // the fill and the refusal
  });
});
