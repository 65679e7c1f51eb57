/** Reading an upstream body: the JSON depth scan and the buffering around JSON.parse. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, readJson } from '../../src/upstreams/response-body.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
/** A body delivered `size` bytes at a time, as a socket would. */
const streamed = (text: string, size: number) => {
  const all = bytes(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < all.length; i += size) chunks.push(all.subarray(i, i + size));
  return Readable.from(chunks, { objectMode: false });
};

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds(bytes('[[[1]]]'), 3)).toBe(false);
    expect(jsonDepthExceeds(bytes('[[[[1]]]]'), 3)).toBe(true);
    expect(jsonDepthExceeds(bytes('{"a":"[[[[{{{{"}'), 1)).toBe(false);
  });

  it('tells an escaped quote from the end of a string by the run of backslashes before it', () => {
    // "\"[[[" stays one string; "\\" ends after the escaped backslash, so the brackets after it count.
    expect(jsonDepthExceeds(bytes(String.raw`{"a":"\"[[[[","b":1}`), 1)).toBe(false);
    expect(jsonDepthExceeds(bytes(String.raw`{"a":"\\","b":[[[1]]]}`), 3)).toBe(true);
    expect(jsonDepthExceeds(bytes(String.raw`{"a":"x\\\"[[[[\\","b":[1]}`), 2)).toBe(false);
    expect(jsonDepthExceeds(bytes(String.raw`{"a":"x\\\\","b":[[1]]}`), 2)).toBe(true);
  });

  it('treats an unterminated string as no deeper than what came before it', () => {
    expect(jsonDepthExceeds(bytes('[["abc'), 1)).toBe(true);
    expect(jsonDepthExceeds(bytes('["abc'), 1)).toBe(false);
  });
});

describe('readJson', () => {
  const value = { status: 'success', items: Array.from({ length: 200 }, (_, id) => ({ id, name: `Item "${id}" \\ é`, tags: ['a', 'b'] })) };
  const text = JSON.stringify(value);
  const length = String(Buffer.byteLength(text));

  it('parses a body sent in many chunks, with or without a Content-Length', async () => {
    await expect(readJson(streamed(text, 1000), length, 1e6, 'items', 200)).resolves.toEqual(value);
    await expect(readJson(streamed(text, 7), length, 1e6, 'items', 200)).resolves.toEqual(value);
    await expect(readJson(streamed(text, 1000), undefined, 1e6, 'items', 200)).resolves.toEqual(value);
    await expect(readJson(streamed(text, 1e6), undefined, 1e6, 'items', 200)).resolves.toEqual(value);
  });

  it('reads text the same whether the body is all ASCII or has one multi-byte character, wherever it is', async () => {
    for (const name of ['plain ascii', 'é at the start', 'at the end €', '\u00e9 escaped, then 😀']) {
      const body = JSON.stringify({ items: [{ name }, { name: 'x'.repeat(3000) }] });
      await expect(readJson(streamed(body, 1), undefined, 1e6, 'items', 200)).resolves.toEqual(JSON.parse(body));
      await expect(readJson(streamed(body, 4096), String(Buffer.byteLength(body)), 1e6, 'items', 200)).resolves.toEqual(JSON.parse(body));
    }
  });

  it('still parses a body longer than its declared length, and never reads past what arrived', async () => {
    await expect(readJson(streamed(text, 1000), '100', 1e6, 'items', 200)).resolves.toEqual(value);
    // Declared longer than sent: only the bytes received are parsed.
    await expect(readJson(streamed('{"a":1}', 3), '5000', 1e6, 'items', 200)).resolves.toEqual({ a: 1 });
  });

  // A body that grows past the limit without declaring it is cut by the Pool's maxResponseSize
  // (test/unit/response-size.test.ts); readJson refuses a declared one before reading a byte.
  it('refuses a body declared over the limit, and JSON nested too deep', async () => {
    const tooLarge = { code: 'UPSTREAM_BAD_RESPONSE', message: 'The items service sent a response larger than allowed' };
    await expect(readJson(streamed(text, 1000), length, 5000, 'items', 200)).rejects.toMatchObject(tooLarge);
    const deep = '['.repeat(150) + ']'.repeat(150);
    await expect(readJson(streamed(deep, 10), String(deep.length), 1e6, 'items', 200)).rejects.toMatchObject({
      code: 'UPSTREAM_BAD_RESPONSE',
      message: expect.stringContaining('nested deeper'),
    });
  });

  describe('the size limit, counted on the bytes as they arrive', () => {
    const LIMIT = 4096;
    const sized = (n: number) => JSON.stringify({ data: 'x'.repeat(n - 11) });
    const tooLarge = {
      code: 'UPSTREAM_BAD_RESPONSE',
      message: 'The items service sent a response larger than allowed',
      extensions: { status: 200 },
    };

    it.each([
      ['just under', LIMIT - 1],
      ['at', LIMIT],
    ])('reads a body %s the limit, declared or chunked', async (_, n) => {
      const text = sized(n);
      expect(Buffer.byteLength(text)).toBe(n);
      await expect(readJson(streamed(text, 1000), String(n), LIMIT, 'items', 200)).resolves.toEqual({ data: 'x'.repeat(n - 11) });
      await expect(readJson(streamed(text, 1000), undefined, LIMIT, 'items', 200)).resolves.toEqual({ data: 'x'.repeat(n - 11) });
    });

    it('refuses a body one byte over the limit, declared (before a byte is read) or chunked (at the byte that passes it)', async () => {
      const text = sized(LIMIT + 1);
      const declared = streamed(text, 1000);
      await expect(readJson(declared, String(LIMIT + 1), LIMIT, 'items', 200)).rejects.toMatchObject(tooLarge);
      expect(declared.destroyed).toBe(true);
      await expect(readJson(streamed(text, 1000), undefined, LIMIT, 'items', 200)).rejects.toMatchObject(tooLarge);
      // Declared under the limit but longer than declared: the bytes that arrive are what count.
      await expect(readJson(streamed(text, 1000), String(LIMIT), LIMIT, 'items', 200)).rejects.toMatchObject(tooLarge);
    });

    it('stops reading a body that never ends once it passes the limit', async () => {
      let pulled = 0;
      const endless = new Readable({
        read() {
          pulled += 1024;
          // Ends after 1 MiB only so that a reader which never stops fails here rather than hangs.
          this.push(pulled > 1024 * 1024 ? null : Buffer.alloc(1024, 0x20));
        },
      });
      await expect(readJson(endless, undefined, LIMIT, 'items', 200)).rejects.toMatchObject(tooLarge);
      expect(endless.destroyed).toBe(true);
      // Within a stream buffer of the limit: the body was not read on past it.
      expect(pulled).toBeLessThan(LIMIT + 64 * 1024);
    });
  });
});
