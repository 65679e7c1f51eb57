/**
 * src/encoded-response.ts: Yoga's answers built with EncodedResponse go out byte for byte as with the
 * Fetch ponyfill's own Response, over a real HTTP server (Content-Length included), whatever the text:
 * a large answer (handed over as bytes) and a small one (left as text), with non-ASCII characters.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createSchema, createYoga } from 'graphql-yoga';
import { ENCODE_FROM_CHARS, EncodedResponse } from '../../src/encoded-response.js';
import { listenOnLoopback } from '../helpers/free-port.js';

// One-byte (é), two-byte (漢字) and surrogate-pair (🎉) characters.
const PIECE = 'Café, 漢字 and 🎉; ';
const schema = createSchema({
  typeDefs: 'type Query { text(repeat: Int!): String }',
  resolvers: { Query: { text: (_: unknown, { repeat }: { repeat: number }) => PIECE.repeat(repeat) } },
});

const servers: Server[] = [];
async function serve(encoded: boolean): Promise<string> {
  const yoga = createYoga({ schema, ...(encoded ? { fetchAPI: { Response: EncodedResponse } } : {}) });
  const server = createServer(yoga);
  servers.push(server);
  return listenOnLoopback(server);
}
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function answer(origin: string, repeat: number): Promise<{ length: string | null; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query: `{ text(repeat: ${repeat}) }` }),
  });
  return { length: res.headers.get('content-length'), type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('EncodedResponse', () => {
  it('sends a large answer with non-ASCII text as the usual Response does: same bytes, Content-Length its UTF-8 size', async () => {
    const [encoded, usual] = await Promise.all([serve(true), serve(false)]);
    const repeat = Math.ceil((ENCODE_FROM_CHARS * 2) / PIECE.length);
    const [mine, theirs] = await Promise.all([answer(encoded, repeat), answer(usual, repeat)]);
    expect(mine.bytes.equals(theirs.bytes)).toBe(true);
    expect(mine.length).toBe(String(mine.bytes.length));
    expect(mine.length).toBe(theirs.length);
    expect(mine.type).toBe('application/graphql-response+json; charset=utf-8');
    expect(JSON.parse(mine.bytes.toString('utf8'))).toEqual({ data: { text: PIECE.repeat(repeat) } });
  });

  it('sends a small answer unchanged too', async () => {
    const [encoded, usual] = await Promise.all([serve(true), serve(false)]);
    const [mine, theirs] = await Promise.all([answer(encoded, 3), answer(usual, 3)]);
    expect(mine.bytes.equals(theirs.bytes)).toBe(true);
    expect(mine.length).toBe(theirs.length);
    expect(JSON.parse(mine.bytes.toString('utf8'))).toEqual({ data: { text: PIECE.repeat(3) } });
  });

  it('gives a large text body the Content-Length of its UTF-8 bytes, and reads back the same text', async () => {
    const large = 'é'.repeat(ENCODE_FROM_CHARS);
    const res = new EncodedResponse(large, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(large)));
    expect(await res.text()).toBe(large);
    const small = new EncodedResponse('é'.repeat(10));
    expect(await small.text()).toBe('é'.repeat(10));
  });
});
