/**
 * The page planner and the cursor codec: a forged or out-of-range cursor is a
 * BAD_USER_INPUT decided from the cursor text alone, and a plan is computed
 * arithmetically (its size bounded by `first`), whatever the offset.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import {
  MAX_CURSOR_OFFSET,
  MAX_WINDOW_PAGES,
  decodeCursor,
  encodeCursor,
  planPages,
  windowOf,
  type Window,
} from '../../src/upstreams/paging.js';

const SEO_SIZES = [10, 25, 50, 100];
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof GatewayError ? String(error.extensions.code) : 'not a GatewayError';
  }
  return undefined;
};
const forged = (text: string) => Buffer.from(text).toString('base64url');

describe('cursor codec', () => {
  it('round-trips every offset it may issue', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_CURSOR_OFFSET }), (offset) => decodeCursor(encodeCursor(offset)) === offset));
  });

  it('refuses an offset beyond the largest list any upstream page can address, before planning anything', () => {
    for (const offset of [MAX_CURSOR_OFFSET + 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53]) {
      expect(
        codeOf(() => decodeCursor(forged(`offset:${offset}`))),
        String(offset),
      ).toBe('BAD_USER_INPUT');
    }
    expect(codeOf(() => windowOf({ first: 1, after: forged('offset:9007199254740991') }))).toBe('BAD_USER_INPUT');
    // The last cursor we issue still works: the window after it starts at MAX_CURSOR_OFFSET + 1.
    expect(windowOf({ first: 1, after: encodeCursor(MAX_CURSOR_OFFSET) }).offset).toBe(MAX_CURSOR_OFFSET + 1);
  });

  it('refuses forged cursor text', () => {
    for (const text of [
      'offset:-1',
      'offset:1e3',
      'offset:0x10',
      'offset: 1',
      'offset:01',
      'offset:1.5',
      'offset:',
      'page:1',
      'offset:Infinity',
      `offset:${'9'.repeat(400)}`,
    ]) {
      expect(
        codeOf(() => decodeCursor(forged(text))),
        text,
      ).toBe('BAD_USER_INPUT');
    }
    for (const cursor of ['', '%%%', 'b2Zmc2V0OjE=', 'x'.repeat(10_000)]) {
      expect(
        codeOf(() => decodeCursor(cursor)),
        cursor.slice(0, 20),
      ).toBe('BAD_USER_INPUT');
    }
  });

  it('answers any text either with the offset it names or BAD_USER_INPUT, never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.base64String(),
          fc.integer({ min: -10, max: MAX_CURSOR_OFFSET + 10 }).map((n) => forged(`offset:${n}`)),
        ),
        (text) => {
          const code = codeOf(() => decodeCursor(text));
          if (code === undefined) expect(encodeCursor(decodeCursor(text))).toBe(text);
          else expect(code).toBe('BAD_USER_INPUT');
        },
      ),
    );
  });

  it('a window starts just after its cursor, at 0 without one, with the default first', () => {
    expect(windowOf({})).toEqual({ offset: 0, first: 10 });
    expect(windowOf({ first: 0, after: null })).toEqual({ offset: 0, first: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CURSOR_OFFSET }), fc.integer({ min: 0, max: 100 }), (offset, first) => {
        expect(windowOf({ first, after: encodeCursor(offset) })).toEqual({ offset: offset + 1, first });
      }),
    );
  });

  it('refuses an out-of-range first', () => {
    for (const first of [-1, 101, 1.5, Number.NaN, 2 ** 53])
      expect(
        codeOf(() => windowOf({ first })),
        String(first),
      ).toBe('BAD_USER_INPUT');
  });
});

describe('page planner', () => {
  it('covers the window with the fewest calls, and the smallest page size on a tie', () => {
    expect(planPages({ offset: 5, first: 12 }, SEO_SIZES)).toEqual({ perPage: 25, pages: [1], skip: 5 });
    expect(planPages({ offset: 0, first: 10 }, { max: 100 })).toEqual({ perPage: 10, pages: [1], skip: 0 });
    expect(planPages({ offset: 95, first: 10 }, SEO_SIZES)).toEqual({ perPage: 10, pages: [10, 11], skip: 5 });
    // first: 0 still reads one page, for totalCount.
    expect(planPages({ offset: 0, first: 0 }, SEO_SIZES)).toEqual({ perPage: 10, pages: [1], skip: 0 });
  });

  it('plans at most MAX_WINDOW_PAGES pages at any offset it accepts (one at offset 0), covering the window exactly', () => {
    const window = fc.record({ offset: fc.integer({ min: 0, max: MAX_CURSOR_OFFSET + 1 }), first: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(window, fc.constantFrom<readonly number[] | { max: number }>(SEO_SIZES, { max: 100 }), (w: Window, sizes) => {
        const plan = planPages(w, sizes);
        expect(plan.pages.length).toBeLessThanOrEqual(w.offset === 0 ? 1 : MAX_WINDOW_PAGES);
        expect(plan.pages.every((page, i) => Number.isSafeInteger(page) && page >= 1 && (i === 0 || page === plan.pages[i - 1]! + 1))).toBe(
          true,
        );
        const start = (plan.pages[0]! - 1) * plan.perPage + plan.skip;
        expect(start).toBe(w.offset);
        expect(plan.pages.length * plan.perPage - plan.skip).toBeGreaterThanOrEqual(Math.max(1, w.first));
      }),
    );
  });

  it('no page size it could have picked covers the window in fewer calls, and none smaller in as few', () => {
    const callsWith = (w: Window, perPage: number) =>
      Math.floor((w.offset + Math.max(1, w.first) - 1) / perPage) - Math.floor(w.offset / perPage) + 1;
    const window = fc.record({ offset: fc.integer({ min: 0, max: 5_000 }), first: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(window, fc.constantFrom(SEO_SIZES, [7, 30], [100]), (w: Window, sizes) => {
        const plan = planPages(w, sizes);
        for (const size of sizes) {
          expect(callsWith(w, size)).toBeGreaterThanOrEqual(plan.pages.length);
          if (size < plan.perPage) expect(callsWith(w, size)).toBeGreaterThan(plan.pages.length);
        }
      }),
    );
  });

  it('refuses a window beyond the addressable range instead of looping over it', () => {
    for (const offset of [MAX_CURSOR_OFFSET + 2, 2 ** 53, Number.MAX_VALUE, Number.POSITIVE_INFINITY, Number.NaN, -1]) {
      expect(
        codeOf(() => planPages({ offset, first: 1 }, { max: 100 })),
        String(offset),
      ).toBe('BAD_USER_INPUT');
    }
  });
});
