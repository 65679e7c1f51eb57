/**
 * Which documents run compiled (src/plugins/use-compiled-execution.ts): one
 * query operation without @defer/@stream, from its `after`-th execution on;
 * the rest always keep Yoga's executor. (That compiled queries answer as Yoga's
 * executor does is what every suite checks: test/helpers/gateway.ts compiles
 * from the first execution.)
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { compileDecider, isCompilable } from '../../src/plugins/use-compiled-execution.js';

describe('compiled execution', () => {
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
});
