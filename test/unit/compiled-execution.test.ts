/**
 * Which documents run compiled (src/plugins/use-compiled-execution.ts): one
 * query operation without @defer/@stream, from its `after`-th execution on;
 * the rest always keep Yoga's executor. (That compiled queries answer as Yoga's
 * executor does is what every suite checks: test/helpers/gateway.ts compiles
 * from the first execution.)
 */
import { GraphQLError, parse } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { compileQuery } from 'graphql-jit';
import type * as Jit from 'graphql-jit';

// Only this module's view of graphql-jit: the check src/plugins/use-compiled-execution.ts makes before handing a document over.
vi.mock('graphql-jit', async (original) => ({ ...(await original<typeof Jit>()), compileQuery: vi.fn() }));
import { COMPILED_BY_TEXT, compileDecider, isCompilable, useCompiledExecution } from '../../src/plugins/use-compiled-execution.js';

const schema = createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
const hello = async (yoga: { fetch: (url: string, init: RequestInit) => Promise<Response> | Response }, query = '{ hello }') =>
  (
    await yoga.fetch('http://gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
  ).json() as Promise<unknown>;

describe('compiled execution', () => {
  afterEach(() => void vi.mocked(compileQuery).mockReset());

  it('takes one query operation without @defer or @stream, and nothing else', () => {
    expect(isCompilable(parse('query Q($n: Int) { gigs(first: $n) { totalCount } }'))).toBe(true);
    expect(isCompilable(parse('fragment F on Gig { slug } { gigs { nodes { ...F } } }'))).toBe(true);
    expect(isCompilable(parse('query A { __typename } query B { __typename }'))).toBe(false);
    expect(isCompilable(parse('mutation { __typename }'))).toBe(false);
    expect(isCompilable(parse('subscription { x }'))).toBe(false);
    expect(isCompilable(parse('{ gig(slug: "a") { slug ... @defer { title } } }'))).toBe(false);
    expect(isCompilable(parse('fragment F on Gig { reviews @stream { rating } } { gig(slug: "a") { ...F } }'))).toBe(false);
  });

  it('compiles a document from its after-th execution on, each document counted apart', () => {
    const decide = compileDecider(2);
    const [a, b] = [parse('{ __typename }'), parse('{ __typename }')];
    expect([decide(a), decide(b), decide(a), decide(a), decide(b)]).toEqual([false, false, true, true, true]);
    const never = parse('mutation { __typename }');
    expect([decide(never), decide(never), decide(never)]).toEqual([false, false, false]);
    expect(compileDecider(1)(parse('{ __typename }'))).toBe(true);
  });

  it('compiles at most max documents at once: another one runs uncompiled, and asks again next time', () => {
    const decide = compileDecider(1, 2);
    const [a, b, c] = [parse('{ __typename }'), parse('{ __typename }'), parse('{ __typename }')];
    expect([decide(a), decide(b), decide(c), decide(c), decide(a)]).toEqual([true, true, false, false, true]);
  });

  it('asks once whether graphql-jit takes a document, and keeps the usual executor for good when it does not', () => {
    const decide = compileDecider(1);
    const refused = parse('{ __typename }');
    let asked = 0;
    const jitRefuses = () => (asked++, false);
    expect([decide(refused, jitRefuses), decide(refused, jitRefuses), decide(refused, jitRefuses)]).toEqual([false, false, false]);
    expect(asked).toBe(1);
  });

  it('compiles a document once: the check hands what it compiled to the plugin, and the same text parsed again reuses it', async () => {
    const real = await vi.importActual<typeof Jit>('graphql-jit');
    let runs = 0;
    vi.mocked(compileQuery).mockImplementation((...args) => {
      const result = real.compileQuery(...args);
      if (!('query' in result)) return result;
      const query = result.query;
      return { ...result, query: (...call: Parameters<typeof query>) => (runs++, query(...call)) };
    });
    const plugin = useCompiledExecution({ after: 1, logger: createLogger('silent') });
    // Two servers with the one plugin: each parses the text itself, so the second's document is a new one.
    for (const yoga of [createYoga({ schema, plugins: [plugin] }), createYoga({ schema, plugins: [plugin] })]) {
      for (let i = 0; i < 3; i++) {
        expect(await hello(yoga)).toEqual({ data: { hello: 'world' } });
      }
    }
    expect(compileQuery).toHaveBeenCalledTimes(1);
    // Every execution ran the query the check compiled: the plugin compiled none of its own.
    expect(runs).toBe(6);
  });

  it('keeps at most COMPILED_BY_TEXT compiled queries by text: the least recently used text is compiled again', async () => {
    const real = await vi.importActual<typeof Jit>('graphql-jit');
    vi.mocked(compileQuery).mockImplementation(real.compileQuery);
    const plugin = useCompiledExecution({ after: 1, logger: createLogger('silent') });
    const ask = (yoga: Parameters<typeof hello>[0], name: string) => hello(yoga, `query ${name} { hello }`);
    const first = createYoga({ schema, plugins: [plugin] });
    for (let i = 0; i <= COMPILED_BY_TEXT; i++) expect(await ask(first, `Q${i}`)).toEqual({ data: { hello: 'world' } });
    expect(compileQuery).toHaveBeenCalledTimes(COMPILED_BY_TEXT + 1);
    // Another server parses the texts anew: the most recent text is still kept, the first is not.
    const second = createYoga({ schema, plugins: [plugin] });
    await ask(second, `Q${COMPILED_BY_TEXT}`);
    expect(compileQuery).toHaveBeenCalledTimes(COMPILED_BY_TEXT + 1);
    await ask(second, 'Q0');
    expect(compileQuery).toHaveBeenCalledTimes(COMPILED_BY_TEXT + 2);
  });

  it('answers a document graphql-jit cannot compile through the usual executor, not with the compile error', async () => {
    vi.mocked(compileQuery).mockReturnValue({ errors: [new GraphQLError('not compilable here')] });
    const lines: string[] = [];
    const logger = createLogger('warn', new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
    const yoga = createYoga({
      schema,
      plugins: [useCompiledExecution({ after: 1, logger })],
    });
    for (let i = 0; i < 2; i++) {
      expect(await hello(yoga)).toEqual({ data: { hello: 'world' } });
    }
    expect(lines.filter((line) => line.includes('graphql-jit could not compile'))).toHaveLength(1);
    expect(compileQuery).toHaveBeenCalledTimes(1);
  });
});
