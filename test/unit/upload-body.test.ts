/**
 * The multipart body of an upload (resolvers/upload.ts): text fields, then
 * the file part, in one boundary; a caller's field name or file name
 * cannot break out of its part header.
 */
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { multipartOf } from '../../resolvers/upload.js';

describe('multipart upload body', () => {
  it('carries the text fields and the file bytes under the boundary its content type names', async () => {
    const file = new File(['hello bytes'], 'cover.png', { type: 'image/png' });
    const { body, contentType } = multipartOf({ title: 'Cover', size: 11, tags: ['a', 'b'], skipped: undefined }, 'file', file);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)![1]!;
    const sent = await text(body);
    expect(sent).toBe(
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCover\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="size"\r\n\r\n11\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="tags"\r\n\r\n["a","b"]\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\nhello bytes\r\n`,
        `--${boundary}--\r\n`,
      ].join(''),
    );
  });

  it('keeps a hostile file name and field name inside their part header', async () => {
    const file = new File(['x'], 'a".png\r\nX-Injected: 1', { type: 'image/png' });
    const { body } = multipartOf({ 'ti"tle\r\nX-Field: 3': 'v' }, 'file', file);
    const sent = await text(body);
    expect(sent).not.toMatch(/\r\nX-(Injected|Field):/);
    expect(sent).toContain('filename="a_.png__X-Injected: 1"');
  });
});
