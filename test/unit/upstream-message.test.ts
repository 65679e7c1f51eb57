/** Which upstream error messages may reach a caller. */
import { describe, expect, it } from 'vitest';
import { safeFieldErrors, safeUpstreamMessage } from '../../src/upstreams/upstream-message.js';
import { graphFieldName } from '../../src/upstreams/marketplace/map.js';

const TOKEN = 'tok-123456';

describe('safeUpstreamMessage', () => {
  it('passes plain validation sentences', () => {
    expect(safeUpstreamMessage('The title field is required.', [TOKEN])).toBe('The title field is required.');
    expect(safeUpstreamMessage('The order is already completed.', [])).toBe('The order is already completed.');
    expect(safeUpstreamMessage('Please select a category from the list.', [])).toBe('Please select a category from the list.');
  });

  it('refuses SQL, paths, stack frames, markup, headers and credentials', () => {
    for (const leak of [
      'SQLSTATE[23000]: Integrity constraint violation',
      'select * from users where id = 1',
      'Error in /var/www/app/Models/Gig.php:88',
      'failed at C:\\inetpub\\site\\web.config',
      'at Object.handler (server.js:12:3)',
      '<html><body>Oops</body></html>',
      'Authorization: Bearer abc',
      `invalid token ${TOKEN} for this gig`,
    ]) {
      expect(safeUpstreamMessage(leak, [TOKEN]), leak).toBeUndefined();
    }
  });

  it('bounds the length and keeps one line', () => {
    const long = safeUpstreamMessage(`${'word '.repeat(200)}`, []);
    expect(long!.length).toBeLessThanOrEqual(200);
    expect(safeUpstreamMessage('line one\r\nX-Forged: 1', [])).toBe('line one X-Forged: 1');
  });
});

describe('safeFieldErrors', () => {
  it('keeps plain field names, drops the rest, and replaces unsafe messages', () => {
    const out = safeFieldErrors(
      { title: ['SQLSTATE[42000]'], 'items.0.name': ['The name is required.'], [`x ${TOKEN}`]: ['y'], '<b>': ['z'] },
      [TOKEN],
    );
    expect(out).toEqual({ title: ['The title field is invalid.'], 'items.0.name': ['The name is required.'] });
  });

  it("names each field as the GraphQL input does, by the records' renames", () => {
    const out = safeFieldErrors(
      {
        gig_slug: ['The selected gig slug is invalid.'],
        media_uuid: ['SQLSTATE[42000]'],
        'gig_slugs.1': ['Unknown gig.'],
        title: ['The title field is required.'],
      },
      [],
      graphFieldName,
    );
    expect(out).toEqual({
      gigSlug: ['The selected gig slug is invalid.'],
      mediaId: ['The mediaId field is invalid.'],
      'gigSlugs.1': ['Unknown gig.'],
      title: ['The title field is required.'],
    });
  });
});
