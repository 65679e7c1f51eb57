/**
 * A hit read from Redis goes out as its data's text cut from the entry's text (redis-entry.ts): byte for byte what
 * JSON.stringify writes for the data parsed from it, whatever the data holds.
 */
import { describe, expect, it } from 'vitest';
import { storedTextOf } from '../../src/plugins/response-cache/redis-entry.js';

const headers = { ETag: '"abc"', Expires: 'Thu, 26 Nov 2026 09:00:00 GMT', 'Last-Modified': 'Thu, 26 Nov 2026 08:59:00 GMT' };
/** An entry as @envelop/response-cache-redis writes what store.ts gives it. */
const entryOf = (data: unknown) => JSON.stringify({ data, extensions: { http: { headers } } });

describe('storedTextOf', () => {
  it.each([
    ['a plain answer', { gig: { slug: 'a', rating: 4.5, tags: [1, null, true] } }],
    ['a field aliased extensions after another', { gig: { slug: 'a' }, extensions: { http: { headers: { ETag: 'x' } } } }],
    ["strings holding the entry's own punctuation", { a: ',"extensions":{"http":{}}}', b: '{"data":' }],
    ['escapes, non-ASCII and a lone surrogate', { a: 'Ünïcode "q" \\ \n \u2028 \ud800 😀' }],
    ['null data', null],
  ])('%s: the data as JSON.stringify writes it again, and the headers', (_name, data) => {
    const text = entryOf(data);
    expect(storedTextOf(text)).toEqual({ json: JSON.stringify((JSON.parse(text) as { data: unknown }).data), headers });
  });

  it('an entry of another shape is not read', () => {
    expect(storedTextOf(JSON.stringify({ extensions: { http: { headers } } }))).toBeUndefined();
    expect(storedTextOf(JSON.stringify({ data: {}, extensions: {} }))).toBeUndefined();
    expect(storedTextOf('{"data":{}')).toBeUndefined();
  });
});
