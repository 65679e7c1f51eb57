/**
 * graphql-sse's single-connection mode runs an operation sent into a reserved stream
 * (use-graphql-sse.ts). An operation refused while it runs (the cost limit, a variable of the wrong type:
 * a result with errors and no data) is refused with its own coded errors, as one refused before it runs
 * (a validation error) is: graphql-sse took such a result for execution arguments, and answered
 * 400 "Unable to detect operation AST", with no code and none of the reason.
 */
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestGateway } from '../helpers/gateway.js';

describe('an operation refused while it runs, in a reserved graphql-sse stream', () => {
  const gw = useTestGateway({ MAX_COST: '1' }, ['marketplace']);
  const auth = { authorization: `Bearer ${TOKENS.buyer}` };

  /** Reserves a stream, opens it, and sends `body` into it: the POST's answer. */
  async function sendIntoStream(body: Record<string, unknown>): Promise<{ status: number; errors?: { extensions?: object }[] }> {
    const token = await (await fetch(`${gw.url}/graphql`, { method: 'PUT', headers: auth })).text();
    const stream = await fetch(`${gw.url}/graphql?token=${token}`, { headers: { ...auth, accept: 'text/event-stream' } });
    try {
      const post = await fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'x-graphql-event-stream-token': token },
        body: JSON.stringify({ ...body, extensions: { operationId: '1' } }),
      });
      return { status: post.status, ...((await post.json()) as object) };
    } finally {
      await stream.body?.cancel();
    }
  }

  it.each([
    ['over the cost limit', { query: '{ a: gig(slug: "x") { slug } b: gig(slug: "y") { slug } }' }, 'QUERY_TOO_COMPLEX'],
    [
      'a variable of the wrong type',
      { query: 'query V($slug: String!) { gig(slug: $slug) { slug } }', variables: { slug: 5 } },
      'BAD_USER_INPUT',
    ],
  ])('is refused with its own coded error: %s', async (_, body, code) => {
    const answer = await sendIntoStream(body);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code });
    expect(answer.errors?.[0]?.extensions).not.toHaveProperty('http');
  });
});
