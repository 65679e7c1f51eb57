/**
 * Maps a Relay window (`first` items after an offset) onto upstream pages.
 * Cursors are opaque base64 offsets. The plan picks the page size that covers
 * the window with the fewest calls (ties: the smallest size, least data), so
 * for the website-analysis service, which accepts only 10/25/50/100, a window
 * of 12 items at offset 5 costs one call of 25, not two of 10.
 */
import { badUserInput } from '../errors.js';

export const MAX_FIRST = 100;
export const DEFAULT_FIRST = 10;
/**
 * The largest offset a cursor may carry. No upstream documents a page limit,
 * so the gateway sets one: a million items (ten thousand pages of 100) is far
 * beyond any list the services hold, and keeps every page number and
 * `page * per_page` a small safe integer. A cursor beyond it is refused from
 * its text alone, before anything proportional to the offset is computed.
 */
export const MAX_CURSOR_OFFSET = 999_999;
/**
 * Most pages one window costs: `first` ≤ 100 items at any offset span at
 * most two pages of 100 (the planner never picks more calls than that). A
 * window at offset 0 always fits one page.
 */
export const MAX_WINDOW_PAGES = 2;
/**
 * Most upstream pages one field may read while scanning for matches
 * (Item.demoReports filters report pages by exact url). The cost estimate
 * counts this many calls for such a field, so a scan is bounded whatever
 * `last_page` an upstream claims.
 */
export const MAX_SCAN_PAGES = 5;

/**
 * Children of a list that is not paged by `first` (`items`, `recentlyViewedGigs`,
 * `GigCollection.gigs`…) count this many times in the cost estimate: no upstream
 * document bounds these lists, so the gateway declares a size, and the run-time
 * call budget holds the bound should an upstream send a longer one.
 */
export const UNPAGED_LIST_MAX = 100;

export interface Window {
  offset: number;
  first: number;
}

/** One upstream page: 1-based number and size. */
export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PagePlan {
  perPage: number;
  /** 1-based page numbers to fetch, in order. */
  pages: number[];
  /** Index of the window's first item within the concatenated pages. */
  skip: number;
}

const CURSOR_PREFIX = 'offset:';

export const encodeCursor = (offset: number): string => Buffer.from(`${CURSOR_PREFIX}${offset}`).toString('base64url');

/** Base64url of "offset:" plus at most 6 digits; anything longer is not ours, whatever it decodes to. */
const MAX_CURSOR_LENGTH = 18;

export function decodeCursor(cursor: string, argument = 'after'): number {
  const text = cursor.length <= MAX_CURSOR_LENGTH ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const offset = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_CURSOR_OFFSET || encodeCursor(offset) !== cursor) {
    throw badUserInput(`"${argument}" is not a cursor this API issued`, argument);
  }
  return offset;
}

/** Validates `first`/`after` (0 ≤ first ≤ 100) and returns the window. */
export function windowOf(args: { first?: number | null; after?: string | null }, defaultFirst = DEFAULT_FIRST): Window {
  const first = args.first ?? defaultFirst;
  if (!Number.isInteger(first) || first < 0 || first > MAX_FIRST) {
    throw badUserInput(`"first" must be between 0 and ${MAX_FIRST}`, 'first');
  }
  const offset = args.after ? decodeCursor(args.after) + 1 : 0;
  return { offset, first };
}

/**
 * Sizes: an explicit list, or every size from 1 to max. Refuses a window it
 * cannot address; the plan is computed arithmetically and holds at most
 * ceil(first / perPage) + 1 pages, whatever the offset.
 */
export function planPages(window: Window, sizes: readonly number[] | { max: number }): PagePlan {
  const { offset, first } = window;
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_CURSOR_OFFSET + 1) {
    throw badUserInput(`"after" is beyond the ${MAX_CURSOR_OFFSET + 1} items a list can address`, 'after');
  }
  if (!Number.isSafeInteger(first) || first < 0 || first > MAX_FIRST)
    throw badUserInput(`"first" must be between 0 and ${MAX_FIRST}`, 'first');
  const count = Math.max(1, first);
  const candidates = Array.isArray(sizes) ? [...sizes].sort((a, b) => a - b) : sizesUpTo((sizes as { max: number }).max);
  let best: { perPage: number; firstPage: number; calls: number } | undefined;
  for (const perPage of candidates) {
    const firstPage = Math.floor(offset / perPage);
    const calls = Math.floor((offset + count - 1) / perPage) - firstPage + 1;
    if (!best || calls < best.calls) best = { perPage, firstPage, calls };
    // One call cannot be beaten, and the smallest size that makes it is the one chosen.
    if (best.calls === 1) break;
  }
  if (!best) throw new Error('planPages: no page size to choose from');
  const pages: number[] = [];
  for (let i = 0; i < best.calls; i++) pages.push(best.firstPage + 1 + i);
  return { perPage: best.perPage, pages, skip: offset - best.firstPage * best.perPage };
}

/** 1..max, built once per max (every paged call asks for the same one or two). */
const sizeRanges = new Map<number, readonly number[]>();

function sizesUpTo(max: number): readonly number[] {
  let sizes = sizeRanges.get(max);
  if (!sizes) sizeRanges.set(max, (sizes = Array.from({ length: max }, (_, i) => i + 1)));
  return sizes;
}
