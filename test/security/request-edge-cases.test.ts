/**
 * Requests that are well-formed HTTP but odd GraphQL: deeply nested literals,
 * a subscription asked for as plain JSON, a malformed JSON body. Each gets a
 * 4xx with a coded error body, never a 500 or an empty answer, and never an
 * echo of what the caller sent.
 */
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bracketNesting } from '../../src/plugins/use-nesting-limit.js';

const nested = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: text ? (JSON.parse(text) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }) : undefined,
  };
}

describe('in development', () => {
  const gw = useTestGateway();

  it.each([
    ['an argument', `{ gigs(first: ${nested(3000)}) { totalCount } }`],
    ['a variable default', `query($x: [Int] = ${nested(3000)}) { gigs(first: 1) { totalCount } }`],
    ['an object literal', `{ gigs(first: 1, after: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}) { totalCount } }`],
  ])('refuses a 3,000-deep literal in %s with a coded 400', async (_, query) => {
    const { status, body } = await post(gw.url, JSON.stringify({ query }));
    expect(status).toBe(400);
    expect(body?.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'nesting' });
  });

  it('still parses brackets inside strings and comments without counting them', async () => {
    const query = `{ gigs(first: 1, after: "${'['.repeat(500)}") { totalCount } } # ${'{'.repeat(500)}`;
    const { body } = await post(gw.url, JSON.stringify({ query }));
    expect(body?.errors?.[0]?.extensions?.limit).not.toBe('nesting');
  });

  it('counts only brackets outside strings, block strings (with escaped quotes) and comments', () => {
    expect(bracketNesting('{ a(b: [[1]]) }')).toBe(4);
    expect(bracketNesting('{ a(b: "[[[\\"[[") }')).toBe(2);
    expect(bracketNesting('{ a(b: """[[[ \\""" [[[""") }')).toBe(2);
    expect(bracketNesting('# [[[[\n{ a }')).toBe(1);
  });

  it('applies the same limit to the parse that graphql-ws uses (getEnveloped)', () => {
    const { parse } = gw.app.yoga.getEnveloped({ request: new Request('http://localhost/graphql') } as never);
    let thrown: unknown;
    try {
      parse(`{ gigs(first: ${nested(3000)}) { totalCount } }`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GraphQLError);
    expect((thrown as GraphQLError).extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'nesting' });
  });

  it.each([
    ['numbers, strings and null', '[1, "x", null]'],
    ['a null beside a real operation', '[null, {"query": "{ __typename }"}]'],
  ])('answers a batch of %s with a coded error per entry, never an unexpected one (found by npm run soak)', async (_, body) => {
    const answer = await post(gw.url, body);
    expect(answer.status).toBeLessThan(500);
    const text = answer.text;
    expect(text).not.toContain('INTERNAL_SERVER_ERROR');
    expect(text).not.toContain('Unexpected error');
    expect(gw.logs.filter((line) => line.includes('unexpected error'))).toEqual([]);
  });

  it('answers a subscription asked for as plain JSON with a coded 406 body, before any upstream call', async () => {
    const { status, body } = await post(gw.url, JSON.stringify({ query: 'subscription { marketplaceEvents { id } }' }), {
      accept: 'application/json',
      authorization: `Bearer ${TOKENS.buyer}`,
    });
    expect(status).toBe(406);
    expect(body?.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(body?.errors?.[0]?.message).toMatch(/text\/event-stream/);
    // Subscribing would ask the marketplace who the subscriber is: a stream nobody can receive must not.
    expect(gw.calls('marketplace')).toEqual([]);
  });

  it.each([
    ['an object', {}],
    ['a number', 5],
    ['a list', ['a']],
  ])('refuses an operationName that is %s with a coded 400 naming the parameter (found by npm run fuzz)', async (_, operationName) => {
    const { status, body } = await post(gw.url, JSON.stringify({ query: 'query a { __typename }', operationName }));
    expect(status).toBe(400);
    expect(body?.errors).toHaveLength(1);
    expect(body?.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(body?.errors?.[0]?.message).toMatch(/"operationName" param to be a string/);
  });

  it.each([
    ['65 levels', 65],
    ['20,000 levels', 20_000],
  ])('refuses JSON variables nested %s deep with a coded 400 before any upstream call, and logs no error', async (_, depth) => {
    // `attributes: JSON` is sent upstream as given: serialising 20,000 levels overflowed the stack (a 500 and an error line).
    const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const query = 'mutation($a: JSON) { addCrmNote(input: { customerId: "1", body: "x", attributes: $a }) { __typename } }';
    const { status, body } = await post(gw.url, `{"query":${JSON.stringify(query)},"variables":{"a":${deep}}}`, {
      authorization: `Bearer ${TOKENS.seller}`,
    });
    expect(status).toBe(400);
    expect(body?.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'nesting' });
    expect(gw.calls('marketplace').filter((call) => call.method === 'POST')).toEqual([]);
    expect(gw.logs.filter((line) => line.includes('"level":50'))).toEqual([]);
  });

  it('sends JSON variables nested 64 levels deep upstream as given', async () => {
    const deep = '{"a":'.repeat(63) + '1' + '}'.repeat(63);
    const query = 'mutation($a: JSON) { addCrmNote(input: { customerId: "1", body: "x", attributes: $a }) { __typename } }';
    const { body } = await post(gw.url, `{"query":${JSON.stringify(query)},"variables":{"a":${deep}}}`, {
      authorization: `Bearer ${TOKENS.seller}`,
    });
    expect(body?.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'marketplace' });
  });

  it('still runs an operation named by a string or with operationName null', async () => {
    for (const operationName of ['a', null]) {
      const { status, text } = await post(gw.url, JSON.stringify({ query: 'query a { __typename }', operationName }));
      expect(status).toBe(200);
      expect(text).toContain('"__typename":"Query"');
    }
  });
});

describe('in production', () => {
  const gw = useTestGateway({ NODE_ENV: 'production' });

  it('answers a malformed JSON body with message and code only, never an echo of the body', async () => {
    const { status, text, body } = await post(gw.url, '{"query": "{ __typename }", "x": [Bearer secret-in-body');
    expect(status).toBe(400);
    expect(body?.errors?.[0]).toEqual({ message: 'POST body sent invalid JSON.', extensions: { code: 'BAD_REQUEST' } });
    expect(text).not.toContain('secret-in-body');
    expect(gw.logs.join('\n')).not.toContain('secret-in-body');
  });

  // Taking the parser's message out made Yoga see a new error: it wrote it twice at error level, and answered an
  // application/json caller (or one with no Accept) 200, where development answers 400.
  it.each([['application/json'], ['']])(
    'answers it 400 with Accept "%s" too, and logs no error: the fault is the caller\'s',
    async (accept) => {
      const mark = gw.logs.length;
      const { status, body } = await post(gw.url, '{"query": "{ __typename }"', { accept });
      expect(status).toBe(400);
      expect(body?.errors?.[0]).toEqual({ message: 'POST body sent invalid JSON.', extensions: { code: 'BAD_REQUEST' } });
      const levels = gw.logs.slice(mark).map((line) => (JSON.parse(line) as { level: number }).level);
      expect(levels.filter((level) => level >= 50)).toEqual([]);
    },
  );
});
