/**
 * The snake_case → camelCase renaming of upstream keys (src/upstreams/marketplace/graph-shape.ts):
 * `graphShape` renames the keys a record lists and keeps the whole upstream
 * object as `attributes`; `graphFieldName` renames a 422's field path the same
 * way, so a field error names the GraphQL input field the caller wrote.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { graphFieldName, graphShape } from '../../src/upstreams/marketplace/graph-shape.js';

/** snake_case words that start with a letter, never the word `uuid` (renamed to `id` on purpose). */
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/).filter((w) => w !== 'uuid');
const snakeKey = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join('_'));
const toSnake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('key renaming', () => {
  it('renames as the schema documents: words joined in camelCase, uuid → id, x_uuid → xId, path segments one by one', () => {
    expect(graphFieldName('gig_slug')).toBe('gigSlug');
    expect(graphFieldName('uuid')).toBe('id');
    expect(graphFieldName('media_uuid')).toBe('mediaId');
    expect(graphFieldName('gig_slugs.0')).toBe('gigSlugs.0');
    expect(graphFieldName('requirements.0.answer_text')).toBe('requirements.0.answerText');
    expect(graphFieldName('title')).toBe('title');
  });

  it('is undone by camelCase → snake_case for keys of letter-led words (so two such keys never collide)', () => {
    fc.assert(fc.property(snakeKey, (key) => toSnake(graphFieldName(key)) === key));
    fc.assert(
      fc.property(fc.array(snakeKey, { minLength: 1, maxLength: 3 }), (keys) => {
        const path = keys.join('.');
        return graphFieldName(path).split('.').map(toSnake).join('.') === path;
      }),
    );
  });

  it('graphShape renames the listed keys, keeps the whole object as attributes, tolerates extra keys', () => {
    const schema = graphShape({ order_uuid: z.string(), delivery_days: z.number(), uuid: z.string() });
    const raw = { order_uuid: 'o-1', delivery_days: 3, uuid: 'r-1', unknown_extra: true };
    expect(schema.parse(raw)).toEqual({ orderId: 'o-1', deliveryDays: 3, id: 'r-1', attributes: raw });
  });

  it('graphShape gives every listed key its graphFieldName, whatever the keys', () => {
    fc.assert(
      fc.property(fc.uniqueArray(snakeKey, { minLength: 1, maxLength: 6 }), (keys) => {
        const raw = Object.fromEntries(keys.map((key, i) => [key, i]));
        const record = graphShape(Object.fromEntries(keys.map((key) => [key, z.number()]))).parse(raw) as Record<string, unknown>;
        return keys.every((key, i) => record[graphFieldName(key)] === i);
      }),
    );
  });
});
