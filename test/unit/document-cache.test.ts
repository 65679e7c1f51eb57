/**
 * Yoga's parse caches (src/document-cache.ts) keep parsed documents, whose
 * tokens and locations cost far more than their text: the bound is in tokens,
 * so a flood of distinct, token-dense documents cannot fill the heap.
 */
import { parse } from 'graphql';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ENTRY_UNITS, MAX_UNITS, parserCaches, unitsOf } from '../../src/document-cache.js';

/** A distinct document of about `tokens` tokens, one every two characters. */
const dense = (i: number, tokens: number) => `{ a${i} ${'a '.repeat(tokens - 4)}}`;

describe('the parse caches', () => {
  it('count a document by its tokens and the length of its text', () => {
    expect(unitsOf(parse('{ a b }'), '{ a b }')).toBe(7); // <SOF> { a b } <EOF>, and 7 characters
    const longName = `query ${'x'.repeat(400_000)} { a }`;
    expect(unitsOf(parse(longName), longName)).toBeGreaterThan(ENTRY_UNITS);
  });

  it('keep at most MAX_UNITS in all, and no document over ENTRY_UNITS', () => {
    const { documentCache } = parserCaches();
    for (let i = 0; i < 60; i++) {
      const text = dense(i, ENTRY_UNITS - 2000);
      documentCache.set(text, parse(text));
    }
    expect(documentCache.calculatedSize).toBeLessThanOrEqual(MAX_UNITS);
    expect(documentCache.size).toBeLessThan(60);
    const huge = dense(1, ENTRY_UNITS + 10);
    documentCache.set(huge, parse(huge));
    expect(documentCache.has(huge)).toBe(false);
  });

  it('keeps far more than a real client needs: 500 operations the size of the README examples', () => {
    const { documentCache } = parserCaches();
    const operation = (i: number) =>
      `query Q${i}($slug: String!) { gig(slug: $slug) { title seller { username name gigs(first: 3) { nodes { slug title } } } reviews(first: 5) { nodes { rating comment } } } }`;
    for (let i = 0; i < 500; i++) documentCache.set(operation(i), parse(operation(i)));
    expect(documentCache.size).toBe(500);
  });

  it('keep a parse error without the tokens its parser had lexed', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { errorCache } = parserCaches();
    gc();
    const before = process.memoryUsage().heapUsed;
    let text = 0;
    for (let i = 0; i < 200; i++) {
      // 2,000 tokens and no closing brace: the parser fails at the end, having lexed them all.
      const source = dense(i, 2000).slice(0, -1);
      text += source.length;
      try {
        parse(source);
      } catch (error) {
        errorCache.set(source, error as object);
      }
    }
    gc();
    expect(errorCache.size).toBe(200);
    // 35 MB when each error kept its parser's frames; its text and formatted stack are under 2 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * text);
  });
});
