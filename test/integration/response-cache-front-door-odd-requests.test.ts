/**
 * Odd but well-formed requests against the response cache's front door (src/front-door.ts), each with its
 * operation's entry warm: JSON oddities, request targets, POST framing and content types, Accept values. The
 * front door must answer only what Yoga would answer with that entry, and give everything else to Yoga: every
 * answer is compared with a gateway's without the front door, and the requests that reached Yoga are counted.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { ENV, gigsOf, post, yogaSaw } from './front-door-fixtures.js';

const door = useTestGateway(ENV, ['marketplace']);
const plain = useTestGateway(ENV, ['marketplace'], { frontDoor: false });

describe('JSON oddities: the front door keys an operation as Yoga reads it, or leaves it to Yoga', () => {
  // Each body names the warm entry's operation in some odd way; the answer must be Yoga's for that body.
  const odd: Array<[string, (query: string, slug: string) => string]> = [
    [
      'duplicate keys (the last wins)',
      (q, slug) => `{"query":"{ __typename }","variables":{"slug":"nope"},"query":${JSON.stringify(q)},"variables":{"slug":"${slug}"}}`,
    ],
    ['a unicode escape in a key', (q, slug) => `{"q\\u0075ery":${JSON.stringify(q)},"variables":{"slug":"${slug}"}}`],
    [
      '__proto__ at the top',
      (q, slug) => `{"__proto__":{"operationName":"X"},"query":${JSON.stringify(q)},"variables":{"slug":"${slug}"}}`,
    ],
    ['__proto__ in the variables', (q, slug) => `{"query":${JSON.stringify(q)},"variables":{"__proto__":{"slug":"x"},"slug":"${slug}"}}`],
    ['a byte order mark', (q, slug) => `\ufeff${JSON.stringify({ query: q, variables: { slug } })}`],
    ['variables as an array', (q, slug) => JSON.stringify({ query: q, variables: [slug] })],
    ['variables as a JSON string', (q, slug) => JSON.stringify({ query: q, variables: JSON.stringify({ slug }) })],
    ['an operationName that is a number', (q, slug) => JSON.stringify({ query: q, variables: { slug }, operationName: 1 })],
    ['an empty operationName', (q, slug) => JSON.stringify({ query: q, variables: { slug }, operationName: '' })],
    [
      'a huge number among the variables',
      (q, slug) => `{"query":${JSON.stringify(q)},"variables":{"slug":"${slug}","n":1${'0'.repeat(400)}}}`,
    ],
    ['null', () => 'null'],
    ['a string', (q) => JSON.stringify(q)],
  ];

  it.each(odd)('%s', async (name, bodyOf) => {
    const { slug } = await gigsOf(door)();
    const query = `query($slug: String!) { gig(slug: $slug) { slug } } # ${name}`;
    for (const gw of [door, plain]) await post(gw, JSON.stringify({ query, variables: { slug } }));
    const body = bodyOf(query, slug);
    const expected = await post(plain, body);
    expect(await post(door, body)).toEqual(expected);
  });
});

/** One request written as given (no client normalises its target), Connection: close; its status line and body. */
async function rawRequest(gw: TestGateway, head: string, rest = '\r\n', host = 'x'): Promise<{ status: string; body: string }> {
  const socket = connect(Number(new URL(gw.url).port), '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  await new Promise((resolve) => {
    socket.once('close', resolve);
    socket.write(`${head}\r\nHost: ${host}\r\nConnection: close\r\n${rest}`);
  });
  // The Date lines (an interim 100 Continue puts the final head in `body`) differ when the two answers straddle a second.
  received = received.replace(/^Date: .*\r\n/gim, '');
  const [status = ''] = received.split('\r\n');
  const body = received.slice(received.indexOf('\r\n\r\n') + 4);
  return { status, body };
}

/** A warm GET entry of `gig(slug)` on both gateways, its comment `note` making it an entry of its own: its query string. */
async function warmSearch(note: string): Promise<string> {
  const { slug } = await gigsOf(door)();
  const search = new URLSearchParams({ query: `{ gig(slug: "${slug}") { slug } } # ${note}` }).toString();
  for (const gw of [door, plain]) await fetch(`${gw.url}/graphql?${search}`);
  return search;
}

/** The same as a POST entry: its body. */
async function warmBody(note: string): Promise<string> {
  const { slug } = await gigsOf(door)();
  const body = JSON.stringify({ query: `{ gig(slug: "${slug}") { slug } } # ${note}` });
  for (const gw of [door, plain]) await post(gw, body);
  return body;
}

/** One raw request to both gateways: the front door's answer must be Yoga's; what reached Yoga behind it, and the answer. */
async function againstYoga(head: string, rest?: string, host?: string): Promise<{ yoga: number; status: string }> {
  const expected = await rawRequest(plain, head, rest, host);
  const seen = await yogaSaw(door, () => rawRequest(door, head, rest, host));
  expect(seen.result).toEqual(expected);
  return { yoga: seen.yoga, status: seen.result.status };
}

describe('request targets: only the endpoint itself is answered before Yoga, and every other gets what Yoga gives it', () => {
  const targets: Array<[string, (search: string) => string]> = [
    ['the endpoint', (search) => `GET /graphql?${search} HTTP/1.1`],
    ['a trailing slash', (search) => `GET /graphql/?${search} HTTP/1.1`],
    ['a double slash', (search) => `GET //graphql?${search} HTTP/1.1`],
    ['an encoded slash', (search) => `GET /graphql%2F?${search} HTTP/1.1`],
    ['an encoded letter', (search) => `GET /graphq%6C?${search} HTTP/1.1`],
    ['upper case', (search) => `GET /GRAPHQL?${search} HTTP/1.1`],
    ['a dot segment', (search) => `GET /x/../graphql?${search} HTTP/1.1`],
    ['absolute form', (search) => `GET http://x/graphql?${search} HTTP/1.1`],
    ['HEAD', (search) => `HEAD /graphql?${search} HTTP/1.1`],
    ['a fragment', (search) => `GET /graphql?${search}#x HTTP/1.1`],
    ['the parameter twice', (search) => `GET /graphql?${search}&${search} HTTP/1.1`],
    ['an empty query string', () => `GET /graphql? HTTP/1.1`],
  ];

  it.each(targets)('%s', async (name, target) => {
    const search = await warmSearch(name);
    const { yoga } = await againstYoga(target(search));
    expect(yoga).toBe(name === 'the endpoint' ? 0 : 1);
  });
});

describe('Host values: Yoga reads the path from a URL built with the Host, so only a plain host is answered before it', () => {
  // Where the Host holds a character that ends a URL's host, Yoga's URL has another path (and answers 404).
  const hosts: Array<[string, boolean]> = [
    ['x', true],
    ['x:4000', true],
    ['[::1]:4000', true],
    ['x?y', false],
    ['x#y', false],
    ['x/y', false],
    ['u@x', false],
    ['x\\y', false],
  ];

  it.each(hosts)('GET with Host %s', async (host, answered) => {
    const search = await warmSearch(`host ${host}`);
    const { yoga } = await againstYoga(`GET /graphql?${search} HTTP/1.1`, undefined, host);
    expect(yoga).toBe(answered ? 0 : 1);
  });

  it.each(hosts)('POST with Host %s', async (host, answered) => {
    const body = await warmBody(`post host ${host}`);
    const rest = `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const { yoga } = await againstYoga('POST /graphql HTTP/1.1', rest, host);
    expect(yoga).toBe(answered ? 0 : 1);
  });
});

describe('POST headers: a hit only where Yoga would answer the body as JSON, else what Yoga gives', () => {
  const chunked = (body: string) => `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  // Where the request goes: answered before Yoga (a hit), by Yoga, or refused by Node's parser before either.
  const variants: Array<[string, (body: string) => string, 'hit' | 'yoga' | 'node']> = [
    ['plain', (body) => `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`, 'hit'],
    ['chunked', (body) => `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(body)}`, 'yoga'],
    [
      'Content-Length and Transfer-Encoding',
      (body) => `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(body)}`,
      'node',
    ],
    [
      'Content-Length with a leading zero',
      (body) => `Content-Type: application/json\r\nContent-Length: 0${body.length}\r\n\r\n${body}`,
      'yoga',
    ],
    [
      'Expect: 100-continue',
      (body) => `Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      'yoga',
    ],
    [
      'Content-Encoding: identity',
      (body) => `Content-Type: application/json\r\nContent-Encoding: identity\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      'yoga',
    ],
    [
      'a latin1 charset',
      (body) => `Content-Type: application/json; charset=latin1\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      'yoga',
    ],
    ['upper case', (body) => `Content-Type: APPLICATION/JSON\r\nContent-Length: ${body.length}\r\n\r\n${body}`, 'yoga'],
    ['a list of types', (body) => `Content-Type: application/json, text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`, 'hit'],
    [
      'two Content-Types',
      (body) => `Content-Type: text/plain\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      'yoga',
    ],
  ];

  it.each(variants)('%s', async (name, rest, where) => {
    const body = await warmBody(name);
    const { yoga, status } = await againstYoga('POST /graphql HTTP/1.1', rest(body));
    expect(yoga).toBe(where === 'yoga' ? 1 : 0);
    if (where === 'node') expect(status).toBe('HTTP/1.1 400 Bad Request');
  });
});

describe('odd Accept values: the media type Yoga would pick, or Yoga', () => {
  const accepts: Array<[string, boolean]> = [
    ['application/json;charset=latin1, application/graphql-response+json', true],
    ['*/json', true],
    ['application/json;q=0', true],
    ['APPLICATION/JSON', true],
    ['application/json; charset="utf-8"', false],
    ['application/xml', false],
    ['text/html', false],
    ['*', false],
    ['application/json, text/event-stream', false],
  ];

  it.each(accepts)('%s', async (accept, hit) => {
    const body = await warmBody(accept);
    const expected = await post(plain, body, { accept });
    const seen = await yogaSaw(door, () => post(door, body, { accept }));
    expect(seen.result).toEqual(expected);
    expect(seen.yoga).toBe(hit ? 0 : 1);
  });
});
