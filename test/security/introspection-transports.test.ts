/**
 * INTROSPECTION=false refuses introspection on every way an operation comes in (use-no-introspection.ts adds
 * its rule to every validation): a GET, an operation of a batch, an APQ registration and its later GET by
 * hash, and graphql-sse's single connection (graphql-ws is in query-limits.test.ts). INTROSPECTION=true
 * answers each of them with the schema.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS, startTestGateway, type TestGateway } from '../helpers/gateway.js';

const QUERY = '{ __schema { queryType { name } } }';
const HASH = createHash('sha256').update(QUERY).digest('hex');
const JSON_POST = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' } };
type Answer = { data?: { __schema?: unknown } | null; errors?: { message: string }[] };

/** The introspection query's answer on each way in, by name. */
async function answers(url: string): Promise<Record<string, Answer>> {
  const get = (search: string) => fetch(`${url}/graphql?${search}`, { headers: { accept: 'application/json' } }).then((r) => r.json());
  const post = (body: unknown) => fetch(`${url}/graphql`, { ...JSON_POST, body: JSON.stringify(body) }).then((r) => r.json());
  const apq = { persistedQuery: { version: 1, sha256Hash: HASH } };
  const batch = (await post([{ query: '{ __typename }' }, { query: QUERY }])) as Answer[];
  return {
    get: (await get(`query=${encodeURIComponent(QUERY)}`)) as Answer,
    batch: batch[1]!,
    'apq registration': (await post({ query: QUERY, extensions: apq })) as Answer,
    'apq by hash': (await get(`extensions=${encodeURIComponent(JSON.stringify(apq))}`)) as Answer,
    'graphql-sse single connection': await overSingleConnection(url),
  };
}

/** Reserves a graphql-sse stream, sends the query into it and reads its first event (or the POST's refusal). */
async function overSingleConnection(url: string): Promise<Answer> {
  const auth = { authorization: `Bearer ${TOKENS.buyer}` };
  const token = await (await fetch(`${url}/graphql`, { method: 'PUT', headers: auth })).text();
  const stream = await fetch(`${url}/graphql?token=${token}`, { headers: { ...auth, accept: 'text/event-stream' } });
  try {
    const post = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'x-graphql-event-stream-token': token },
      body: JSON.stringify({ query: QUERY, extensions: { operationId: '1' } }),
    });
    if (post.status !== 202) return (await post.json()) as Answer;
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let text = ''; ;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before an event: ${text}`);
      text += value;
      const data = /event: next\ndata: (.*)\n/.exec(text)?.[1];
      if (data) return (JSON.parse(data) as { payload: Answer }).payload;
    }
  } finally {
    await stream.body?.cancel().catch(() => undefined);
  }
}

describe('introspection on every way in', () => {
  let locked: TestGateway;
  let open: TestGateway;
  beforeAll(async () => {
    [locked, open] = await Promise.all([
      startTestGateway({ INTROSPECTION: 'false' }, ['marketplace']),
      startTestGateway({ INTROSPECTION: 'true' }, ['marketplace']),
    ]);
  });
  afterAll(() => Promise.all([locked.close(), open.close()]));

  it('is refused with INTROSPECTION=false', async () => {
    for (const [way, answer] of Object.entries(await answers(locked.url))) {
      expect(answer.data?.__schema, way).toBeUndefined();
      expect(answer.errors?.[0]?.message, way).toMatch(/introspection has been disabled/);
    }
  });

  it('is answered with INTROSPECTION=true', async () => {
    for (const [way, answer] of Object.entries(await answers(open.url))) {
      expect(answer.errors, way).toBeUndefined();
      expect(answer.data?.__schema, way).toEqual({ queryType: { name: 'Query' } });
    }
  });
});
