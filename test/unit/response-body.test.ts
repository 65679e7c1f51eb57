/** Reading an upstream body: the JSON depth scan and the buffering around JSON.parse, as undici delivers the answer. */
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { JsonAnswerHandler } from '../../src/upstreams/answer-handler.js';
import { jsonDepthExceeds } from '../../src/upstreams/response-body.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** undici's side of one exchange: the controller the handler aborts, and the chunks it has been given. */
class Exchange {
  aborted: Error | undefined;
  delivered = 0;
  readonly controller = {
    abort: (reason: Error) => void (this.aborted ??= reason),
    get aborted() {
      return false;
    },
  } as unknown as Dispatcher.DispatchController;

  constructor(readonly handler: JsonAnswerHandler) {
    handler.onRequestStart(this.controller);
  }

  /** Delivers chunks as a socket would, until the answer ends or the handler aborts the exchange. */
  deliver(chunks: Iterable<Buffer>, contentLength?: string): Promise<unknown> {
    this.handler.onResponseStart(this.controller, 200, contentLength === undefined ? {} : { 'content-length': contentLength });
    for (const chunk of chunks) {
      if (this.aborted) break;
      this.delivered += chunk.length;
      this.handler.onResponseData(this.controller, chunk);
    }
    if (!this.aborted) this.handler.onResponseEnd();
    return this.handler.answer.then((response) => response.body);
  }
}

/** The body of `text` delivered `size` bytes at a time, parsed by the handler with at most `limit` bytes. */
function readJson(text: string, size: number, contentLength: string | undefined, limit: number): Promise<unknown> {
  return new Exchange(new JsonAnswerHandler({ upstream: 'items', maxResponseBytes: limit })).deliver(chunksOf(text, size), contentLength);
}

function* chunksOf(text: string, size: number): Generator<Buffer> {
  const all = bytes(text);
  for (let i = 0; i < all.length; i += size) yield all.subarray(i, i + size);
}

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

describe('an answer read through the dispatch handler', () => {
  const value = { status: 'success', items: Array.from({ length: 200 }, (_, id) => ({ id, name: `Item "${id}" \\ é`, tags: ['a', 'b'] })) };
  const text = JSON.stringify(value);
  const length = String(Buffer.byteLength(text));

  it('parses a body sent in many chunks, with or without a Content-Length', async () => {
    await expect(readJson(text, 1000, length, 1e6)).resolves.toEqual(value);
    await expect(readJson(text, 7, length, 1e6)).resolves.toEqual(value);
    await expect(readJson(text, 1000, undefined, 1e6)).resolves.toEqual(value);
    await expect(readJson(text, 1e6, undefined, 1e6)).resolves.toEqual(value);
  });

  it('reads text the same whether the body is all ASCII or has one multi-byte character, wherever it is', async () => {
    for (const name of ['plain ascii', 'é at the start', 'at the end €', '\u00e9 escaped, then 😀']) {
      const body = JSON.stringify({ items: [{ name }, { name: 'x'.repeat(3000) }] });
      await expect(readJson(body, 1, undefined, 1e6)).resolves.toEqual(JSON.parse(body));
      await expect(readJson(body, 4096, String(Buffer.byteLength(body)), 1e6)).resolves.toEqual(JSON.parse(body));
    }
  });

  it('still parses a body longer than its declared length, and never reads past what arrived', async () => {
    await expect(readJson(text, 1000, '100', 1e6)).resolves.toEqual(value);
    // Declared longer than sent: only the bytes received are parsed.
    await expect(readJson('{"a":1}', 3, '5000', 1e6)).resolves.toEqual({ a: 1 });
  });

  // A body that grows past the limit without declaring it is cut by the Pool's maxResponseSize
  // (test/unit/response-size.test.ts); readJson refuses a declared one before reading a byte.
  it('refuses a body declared over the limit, and JSON nested too deep', async () => {
    const tooLarge = { code: 'UPSTREAM_BAD_RESPONSE', message: 'The items service sent a response larger than allowed' };
    await expect(readJson(text, 1000, length, 5000)).rejects.toMatchObject(tooLarge);
    const deep = '['.repeat(150) + ']'.repeat(150);
    await expect(readJson(deep, 10, String(deep.length), 1e6)).rejects.toMatchObject({
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
      await expect(readJson(text, 1000, String(n), LIMIT)).resolves.toEqual({ data: 'x'.repeat(n - 11) });
      await expect(readJson(text, 1000, undefined, LIMIT)).resolves.toEqual({ data: 'x'.repeat(n - 11) });
    });

    it('refuses a body one byte over the limit, declared (before a byte is read) or chunked (at the byte that passes it)', async () => {
      const text = sized(LIMIT + 1);
      const declared = new Exchange(new JsonAnswerHandler({ upstream: 'items', maxResponseBytes: LIMIT }));
      await expect(declared.deliver(chunksOf(text, 1000), String(LIMIT + 1))).rejects.toMatchObject(tooLarge);
      // Refused on its headers: the exchange is aborted (its connection closed) before a byte is read.
      expect(declared.aborted).toBeDefined();
      expect(declared.delivered).toBe(0);
      await expect(readJson(text, 1000, undefined, LIMIT)).rejects.toMatchObject(tooLarge);
      // Declared under the limit but longer than declared: the bytes that arrive are what count.
      await expect(readJson(text, 1000, String(LIMIT), LIMIT)).rejects.toMatchObject(tooLarge);
    });

    it('stops reading a body that never ends once it passes the limit', async () => {
      function* endless(): Generator<Buffer> {
        // Ends after 1 MiB only so that a reader which never stops fails here rather than hangs.
        for (let sent = 0; sent < 1024 * 1024; sent += 1024) yield Buffer.alloc(1024, 0x20);
      }
      const exchange = new Exchange(new JsonAnswerHandler({ upstream: 'items', maxResponseBytes: LIMIT }));
      await expect(exchange.deliver(endless())).rejects.toMatchObject(tooLarge);
      expect(exchange.aborted).toBeDefined();
      // Aborted at the chunk that passed the limit: nothing was read on past it.
      expect(exchange.delivered).toBe(LIMIT + 1024 - (LIMIT % 1024));
    });
  });
});
