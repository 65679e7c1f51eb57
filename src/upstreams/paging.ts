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

export function decodeCursor(cursor: string, argument = 'after'): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(offset) || offset < 0 || encodeCursor(offset) !== cursor) {
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

/** Sizes: an explicit list, or every size from 1 to max. */
export function planPages(window: Window, sizes: readonly number[] | { max: number }): PagePlan {
  const count = Math.max(1, window.first);
  const candidates = Array.isArray(sizes) ? [...sizes].sort((a, b) => a - b) : range(1, (sizes as { max: number }).max);
  let best: PagePlan | undefined;
  for (const perPage of candidates) {
    const firstPage = Math.floor(window.offset / perPage);
    const lastPage = Math.floor((window.offset + count - 1) / perPage);
    const calls = lastPage - firstPage + 1;
    if (!best || calls < best.pages.length) {
      best = { perPage, pages: range(firstPage + 1, lastPage + 1), skip: window.offset - firstPage * perPage };
    }
  }
  return best!;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}
