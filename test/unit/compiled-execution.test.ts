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
import { useResponseCache } from '@graphql-yoga/plugin-response-cache';
import type * as Jit from 'graphql-jit';

// Only this module's view of graphql-jit: the check src/plugins/use-compiled-execution.ts makes before handing a document over.
vi.mock('graphql-jit', async (original) => ({ ...(await original<typeof Jit>()), compileQuery: vi.fn() }));
import { COMPILED_BY_TEXT, CompileBudget, compileDecider, useCompiledExecution } from '../../src/plugins/use-compiled-execution.js';
import { ERRORS_JUDGED_AFTER, UNCOMPILED_AFTER_FAILING } from '../../src/plugins/failing-documents.js';
import { isCompilable } from '../../src/plugins/compilable.js';
import { loadConfig } from '../../src/config.js';
import { schema as gatewaySchema } from '../../schema/index.js';

const schema = createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
const hello = async (yoga: { fetch: (url: string, init: RequestInit) => Promise<Response> | Response }, query = '{ hello }') =>
  (
    await yoga.fetch('http://gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
  ).json() as Promise<unknown>;

/** Makes graphql-jit's compileQuery (mocked) compile for real, counting every run of what it compiled. */
async function countCompiledRuns(): Promise<{ count: number }> {
  const real = await vi.importActual<typeof Jit>('graphql-jit');
  const runs = { count: 0 };
  vi.mocked(compileQuery).mockImplementation((...args) => {
    const result = real.compileQuery(...args);
    if (!('query' in result)) return result;
    const query = result.query;
    return { ...result, query: (...call: Parameters<typeof query>) => (runs.count++, query(...call)) };
  });
  return runs;
}

describe('compiled execution', () => {
  afterEach(() => void vi.mocked(compileQuery).mockReset());
  const compilable = (text: string) => isCompilable(parse(text), gatewaySchema);

  it('compiles from a document’s second execution on unless COMPILE_AFTER_EXECUTIONS says otherwise (0: never)', () => {
    expect(loadConfig({}).compileAfterExecutions).toBe(2);
    expect(loadConfig({ COMPILE_AFTER_EXECUTIONS: '0' }).compileAfterExecutions).toBe(0);
  });

  it('takes one query operation without @defer or @stream, and nothing else', () => {
    expect(compilable('query Q($n: Int) { gigs(first: $n) { totalCount } }')).toBe(true);
    expect(compilable('fragment F on Gig { slug } { gigs { nodes { ...F } } }')).toBe(true);
    expect(compilable('query A { __typename } query B { __typename }')).toBe(false);
    expect(compilable('mutation { __typename }')).toBe(false);
    expect(compilable('subscription { x }')).toBe(false);
    expect(compilable('{ gig(slug: "a") { slug ... @defer { title } } }')).toBe(false);
    expect(compilable('fragment F on Gig { reviews @stream { rating } } { gig(slug: "a") { ...F } }')).toBe(false);
  });

  it('leaves to Yoga’s executor the variables graphql-jit coerces otherwise (test/integration/jit-parity-*.test.ts)', () => {
    // A non-null variable with a default; a nullable one with a default, or a non-null one, compiles.
    expect(compilable('query($s: String! = "a") { gig(slug: $s) { slug } }')).toBe(false);
    expect(compilable('query($s: String = "a") { gig(slug: $s) { slug } }')).toBe(true);
    // An input object's variable, alone or in a list.
    expect(compilable('query($f: SeoReportFilter) { seoReports(filter: $f) { totalCount } }')).toBe(false);
    // A variable inside a list or object literal, however deep; a literal without one compiles.
    expect(compilable('query($id: ID = "x") { nodes(ids: ["a", $id]) { nodeId } }')).toBe(false);
    expect(compilable('query($d: SortDirection = ASC) { seoReports(orderBy: { direction: $d, field: URL }) { totalCount } }')).toBe(false);
    expect(compilable('{ nodes(ids: ["a", "b"]) { nodeId } }')).toBe(true);
    // @skip/@include on a nullable variable (which has a default); on a non-null one it compiles.
    expect(compilable('query($i: Boolean = true) { a: gigs(first: 1) @skip(if: $i) { totalCount } }')).toBe(false);
    expect(compilable('query($i: Boolean = true) { gigs(first: 1) { totalCount @include(if: $i) } }')).toBe(false);
    expect(compilable('query($i: Boolean!) { gigs(first: 1) { totalCount @include(if: $i) } }')).toBe(true);
  });

  it('leaves to Yoga’s executor what graphql-jit would write into its code otherwise: its markers in a string, Object.prototype names', () => {
    expect(compilable('{ gig(slug: "__MAGIC_DATE__x0)+(1") { slug } }')).toBe(false);
    expect(compilable('query($s: String = """__MAGIC_NAN__""") { gig(slug: $s) { slug } }')).toBe(false);
    expect(compilable('{ gigs(first: 1) { nodes { __proto__: slug } } }')).toBe(false);
    expect(compilable('query($constructor: Int) { gigs(first: $constructor) { totalCount } }')).toBe(false);
    expect(compilable('{ gig(slug: "magic") { slug } }')).toBe(true);
  });

  it('leaves to Yoga’s executor the selections graphql-jit answers in another order or drops (jit-parity-fragments)', () => {
    // A fragment under @skip/@include followed by a field, or by a fragment that may apply to the same object.
    expect(compilable('{ gig(slug: "a") { ... on Gig @skip(if: true) { slug } title } }')).toBe(false);
    expect(compilable('query($i: Boolean!) { node(id: "a") { ... on Gig @include(if: $i) { slug } nodeId } }')).toBe(false);
    expect(compilable('fragment F on Gig { slug } { gig(slug: "a") { ...F @skip(if: true) ...F } }')).toBe(false);
    // A name selected twice, one of them skipped.
    expect(compilable('{ gig(slug: "a") { slug @skip(if: true) title slug } }')).toBe(false);
    // Fields first and one fragment last, or fragments on different object types, keep graphql-js's order.
    expect(compilable('fragment F on Gig { slug } { gig(slug: "a") { title ...F } }')).toBe(true);
    expect(compilable('{ node(id: "a") { nodeId ... on Gig { slug } ... on Seller { username } } }')).toBe(true);
    expect(compilable('query($i: Boolean!) { gig(slug: "a") { slug title @include(if: $i) } }')).toBe(true);
    // Fragments without a directive before a field are compiled as a copy with them written out (inline-fragments.ts).
    expect(compilable('{ gig(slug: "a") { ... on Gig { slug } title } }')).toBe(true);
    expect(compilable('{ node(id: "a") { ... on Node { nodeId } ... on Gig { slug } __typename } }')).toBe(true);
    // A skipped spread of a fragment also spread elsewhere: the other spread is written out, so graphql-jit sees one.
    expect(compilable('fragment F on Gig { slug } { a: gig(slug: "a") { ...F @skip(if: true) } b: gig(slug: "b") { ...F } }')).toBe(true);
  });

  it('compiles a document from its after-th execution on, each document counted apart', () => {
    const decide = compileDecider(2);
    const [a, b] = [parse('{ __typename }'), parse('{ __typename }')];
    expect([decide(a, schema), decide(b, schema), decide(a, schema), decide(a, schema), decide(b, schema)]).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    const never = parse('mutation { __typename }');
    expect([decide(never, schema), decide(never, schema), decide(never, schema)]).toEqual([false, false, false]);
    expect(compileDecider(1)(parse('{ __typename }'), schema)).toBe(true);
  });

  it('compiles at most max documents at once: another one runs uncompiled, and asks again next time', () => {
    const decide = compileDecider(1, 2);
    const [a, b, c] = [parse('{ __typename }'), parse('{ __typename }'), parse('{ __typename }')];
    expect([decide(a, schema), decide(b, schema), decide(c, schema), decide(c, schema), decide(a, schema)]).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });

  it('compiles for at most its budget of time per second: past it a document runs uncompiled and asks again later', () => {
    let now = 0;
    const budget = new CompileBudget(100, () => now);
    const decide = compileDecider(1, 256, budget);
    const [a, b] = [parse('{ __typename }'), parse('{ __typename }')];
    // Each compilation takes 150 ms.
    const slowly = () => budget.spend(() => ((now += 150), true));
    expect(decide(a, schema, slowly)).toBe(true);
    expect(decide(b, schema, slowly)).toBe(false);
    expect(decide(b, schema, slowly)).toBe(false);
    // Out of budget, a document whose text is compiled already (parsed again) costs nothing to take.
    const again = parse('{ __typename }');
    expect(
      decide(
        again,
        schema,
        () => true,
        () => true,
      ),
    ).toBe(true);
    // A second later the budget is whole again; a document compiled already needed none.
    now = 1_200;
    expect(decide(b, schema, slowly)).toBe(true);
    expect(decide(a, schema, slowly)).toBe(true);
  });

  it('keeps to its budget over time when one compilation takes longer than the budget of a second', () => {
    let now = 0;
    const budget = new CompileBudget(100, () => now);
    let compiling = 0;
    // A caller sending new large documents (400 ms to compile each) as often as the budget lets one be compiled.
    for (; now < 10_000; now += 10) if (budget.allows()) budget.spend(() => ((now += 400), (compiling += 400)));
    // 100 ms a second over 10 s, and the one compilation that may start within budget and overrun it.
    expect(compiling).toBeLessThanOrEqual(10 * 100 + 400);
  });

  it('asks once whether graphql-jit takes a document, and keeps the usual executor for good when it does not', () => {
    const decide = compileDecider(1);
    const refused = parse('{ __typename }');
    let asked = 0;
    const jitRefuses = () => (asked++, false);
    expect([decide(refused, schema, jitRefuses), decide(refused, schema, jitRefuses), decide(refused, schema, jitRefuses)]).toEqual([
      false,
      false,
      false,
    ]);
    expect(asked).toBe(1);
  });

  it('compiles a document once: the check hands what it compiled to the plugin, and the same text parsed again reuses it', async () => {
    const runs = await countCompiledRuns();
    const plugin = useCompiledExecution({ after: 1, logger: createLogger('silent'), schema });
    // Two servers with the one plugin: each parses the text itself, so the second's document is a new one.
    for (const yoga of [createYoga({ schema, plugins: [plugin] }), createYoga({ schema, plugins: [plugin] })]) {
      for (let i = 0; i < 3; i++) {
        expect(await hello(yoga)).toEqual({ data: { hello: 'world' } });
      }
    }
    expect(compileQuery).toHaveBeenCalledTimes(1);
    // Every execution ran the query the check compiled: the plugin compiled none of its own.
    expect(runs.count).toBe(6);
  });

  it('keeps at most COMPILED_BY_TEXT compiled queries by text: the least recently used text is compiled again', async () => {
    const real = await vi.importActual<typeof Jit>('graphql-jit');
    vi.mocked(compileQuery).mockImplementation(real.compileQuery);
    const plugin = useCompiledExecution({ after: 1, logger: createLogger('silent'), schema });
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
      plugins: [useCompiledExecution({ after: 1, logger, schema })],
    });
    for (let i = 0; i < 2; i++) {
      expect(await hello(yoga)).toEqual({ data: { hello: 'world' } });
    }
    expect(lines.filter((line) => line.includes('graphql-jit could not compile'))).toHaveLength(1);
    expect(compileQuery).toHaveBeenCalledTimes(1);
  });

  it('throws a compiled answer with an error away: the usual executor answers, with the same context', async () => {
    const real = await vi.importActual<typeof Jit>('graphql-jit');
    vi.mocked(compileQuery).mockImplementation(real.compileQuery);
    let contexts = new Set<unknown>();
    let resolved = 0;
    const failing = createSchema({
      typeDefs: 'type Query { fine: String, broken: Thing! } type Thing { a: String! b: String! }',
      resolvers: {
        Query: {
          fine: (_: unknown, __: unknown, ctx: unknown) => (contexts.add(ctx), resolved++, 'yes'),
          // Two non-null fields that fail: graphql-jit reports both, graphql-js the first.
          broken: () => ({ a: null, b: null }),
        },
      },
    });
    const yoga = createYoga({
      schema: failing,
      plugins: [useCompiledExecution({ after: 1, logger: createLogger('silent'), schema: failing })],
    });
    const plain = createYoga({ schema: failing });
    const query = '{ fine broken { a b } }';
    const expected = await hello(plain, query);
    expect((expected as { errors: unknown[] }).errors).toHaveLength(1);
    [resolved, contexts] = [0, new Set()];
    expect(await hello(yoga, query)).toEqual(expected);
    // Compiled, then the usual executor: each resolved the field, both with the one request's context.
    expect(resolved).toBe(2);
    expect(contexts.size).toBe(1);
  });

  // The response cache (after compiled execution in src/yoga.ts) hands the executor its own copy of the document,
  // with `__typename` added everywhere: the outcome must still count for the document the plugin checks.
  it.each([
    ['alone', () => []],
    ['behind the response cache', () => [useResponseCache({ session: () => null })]],
  ])('leaves a document whose compiled answers mostly have errors to the usual executor (%s)', async (_, after) => {
    const compiledRuns = await countCompiledRuns();
    let resolved = 0;
    const failing = createSchema({
      typeDefs: 'type Query { me: String! }',
      resolvers: { Query: { me: () => (resolved++, Promise.reject(new Error('not signed in'))) } },
    });
    const yoga = createYoga({
      schema: failing,
      plugins: [useCompiledExecution({ after: 1, logger: createLogger('silent'), schema: failing }), ...after()],
    });
    for (let i = 0; i < ERRORS_JUDGED_AFTER + 4; i++) expect(await hello(yoga, '{ me }')).toMatchObject({ data: null });
    // Compiled (and run again) until judged, then only the usual executor.
    expect(compiledRuns.count).toBe(ERRORS_JUDGED_AFTER);
    expect(resolved).toBe(2 * ERRORS_JUDGED_AFTER + 4);
    // For UNCOMPILED_AFTER_FAILING executions in all; then compiled again, and judged again.
    for (let i = 4; i < UNCOMPILED_AFTER_FAILING + 1; i++) await hello(yoga, '{ me }');
    expect(compiledRuns.count).toBe(ERRORS_JUDGED_AFTER + 1);
  });
});
