/**
 * A document runs on Yoga's executor until it has been seen COMPILE_AFTER_EXECUTIONS times, then compiled
 * (graphql-jit). The caller must not be able to tell which one answered: the same errors, with the same
 * `locations` (graphql-jit's errors carry none of the nodes, source or positions Yoga rebuilds an error's
 * locations from as it writes the response, so they reached the caller without any).
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

describe('errors of a compiled query, over HTTP', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);

  it.each([
    [
      'an upstream 404 on one field',
      'query A {\n  seller(username: "pixelcraft") { name }\n  gig(slug: "no-such-gig") { slug }\n}',
      undefined,
    ],
    [
      'a refused argument inside a fragment',
      'query B { a: gigs(first: 1) { ...G } b: gigs(first: $f) { ...G } } fragment G on GigConnection { totalCount }',
      { f: -1 },
    ],
    ['a variable of the wrong type', 'query C($f: Int!) { gigs(first: $f) { totalCount } }', { f: 'x' }],
  ])('are the same as the uncompiled run, locations included: %s', async (_, text, variables) => {
    const query = text.replace('query B {', 'query B($f: Int) {');
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await gw.query(query, { variables, headers: { accept: 'application/json' } }));
    const errorsOf = (run: { errors?: unknown[] }) => run.errors;
    expect(errorsOf(runs[0]!)?.length).toBeGreaterThan(0);
    for (const error of errorsOf(runs[0]!) as { locations?: unknown }[]) expect(error.locations).toBeDefined();
    // The second and third runs are compiled.
    expect(errorsOf(runs[1]!)).toEqual(errorsOf(runs[0]!));
    expect(errorsOf(runs[2]!)).toEqual(errorsOf(runs[0]!));
    expect(runs[1]!.data).toEqual(runs[0]!.data);
    // The HTTP status too (a variable that does not coerce is 400 for an application/json caller).
    expect(runs[1]!.status).toBe(runs[0]!.status);
  });
});
