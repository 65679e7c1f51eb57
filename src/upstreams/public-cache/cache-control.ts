/**
 * What an upstream's `Cache-Control` lets a shared cache do with an answer
 * (RFC 9111 section 5.2.2, RFC 5861): whether it may be kept at all, how long
 * it is fresh, and how long past that it may still be served while one
 * revalidation runs (stale-while-revalidate) or while the upstream fails
 * (stale-if-error). Pure functions over header values and epoch ms.
 */

export interface CacheDirectives {
  noStore: boolean;
  /** `private`: for one user's cache only, never a shared one. */
  private: boolean;
  /** `no-cache`: may be kept, but every use is revalidated first. */
  noCache: boolean;
  maxAge?: number;
  /**
   * `s-maxage`: the lifetime for shared caches. This one hands what it keeps on to browsers as `max-age` (the
   * response cache's headers), so it keeps an answer for the shorter of the two.
   */
  sMaxAge?: number;
  staleWhileRevalidate?: number;
  staleIfError?: number;
}

/** Reads a Cache-Control value; unknown directives are ignored and a bad number drops its directive. */
export function parseCacheControl(value: string | string[] | undefined): CacheDirectives {
  const directives: CacheDirectives = { noStore: false, private: false, noCache: false };
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  for (const part of text.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    const argument = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    const seconds = /^\d+$/.test(argument) ? Number(argument) : undefined;
    switch (name) {
      case 'no-store':
        directives.noStore = true;
        break;
      case 'private':
        directives.private = true;
        break;
      case 'no-cache':
        directives.noCache = true;
        break;
      case 'max-age':
        directives.maxAge = seconds;
        break;
      case 's-maxage':
        directives.sMaxAge = seconds;
        break;
      case 'stale-while-revalidate':
        directives.staleWhileRevalidate = seconds;
        break;
      case 'stale-if-error':
        directives.staleIfError = seconds;
        break;
    }
  }
  return directives;
}

/** When a kept answer stops being fresh, and the two stale windows after that (all epoch ms). */
export interface Freshness {
  freshUntil: number;
  staleWhileRevalidateUntil: number;
  staleIfErrorUntil: number;
  /** The last moment the entry is of any use: served, or revalidated with its validator. */
  keepUntil: number;
}

/** The headers that date an answer (RFC 9111 4.2): how old it already is, and a lifetime given as a date. */
export interface Dating {
  age?: string;
  expires?: string;
  date?: string;
}

/**
 * The HTTP-date forms a recipient reads (RFC 9110 5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime ones.
 * Anything else is not a date, however Date.parse would read it (it takes `3000` for a year).
 */
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];
/** An HTTP-date as epoch ms, NaN for anything else. */
function httpDate(value: string | undefined): number {
  const text = value?.trim();
  return text !== undefined && HTTP_DATE.some((form) => form.test(text)) ? Date.parse(text) : Number.NaN;
}

/** Whether the lifetime is given in seconds (max-age, s-maxage) rather than by Expires. */
const givesMaxAge = (d: CacheDirectives) => d.maxAge !== undefined || d.sMaxAge !== undefined;

/**
 * The lifetime the upstream gave (ms), or undefined for none: the shorter of max-age and s-maxage (above), else
 * `Expires` less `Date` (or less `now` without one; an Expires that is not an HTTP-date means already stale), RFC
 * 9111 4.2.1 and 5.3.
 */
function givenLifetimeMs(d: CacheDirectives, dating: Dating, now: number): number | undefined {
  if (givesMaxAge(d)) return Math.min(d.maxAge ?? Infinity, d.sMaxAge ?? Infinity) * 1000;
  if (dating.expires === undefined) return undefined;
  const expires = httpDate(dating.expires);
  const date = httpDate(dating.date);
  return Number.isNaN(expires) ? 0 : Math.max(0, expires - (Number.isNaN(date) ? now : date));
}

/**
 * How much of its lifetime an answer spent before it arrived (RFC 9111 4.2.3), in ms: its `Age`; for a lifetime
 * given by Expires, also how long ago its `Date` was, whichever is more. (Expires and Date come from one clock, so
 * their difference is the lifetime; a max-age answer is not aged by Date, which a slow upstream clock would age.)
 */
function ageMsOf(d: CacheDirectives, dating: Dating, now: number): number {
  const age = dating.age !== undefined && /^\d+$/.test(dating.age.trim()) ? Number(dating.age.trim()) * 1000 : 0;
  if (givesMaxAge(d)) return age;
  const date = httpDate(dating.date);
  return Number.isNaN(date) ? age : Math.max(age, now - date);
}

/**
 * The freshness of an answer received at `now`, or undefined when a shared cache must not keep it.
 * Without a lifetime from the upstream, `defaultTtlMs` applies (0: not kept); a given one is what its `Age`
 * leaves of it. An answer with `no-cache` (or a lifetime of 0) is kept only when it has a validator to revalidate
 * it with. `validatorKeepMs` is how long such a validator stays worth asking with after the answer went stale.
 */
export function freshnessOf(
  cacheControl: string | string[] | undefined,
  options: { now: number; defaultTtlMs: number; hasValidator: boolean; validatorKeepMs: number; dating?: Dating },
): Freshness | undefined {
  const d = parseCacheControl(cacheControl);
  if (d.noStore || d.private) return undefined;
  const dating = options.dating ?? {};
  const given = givenLifetimeMs(d, dating, options.now);
  const lifetimeMs = d.noCache ? 0 : given !== undefined ? Math.max(0, given - ageMsOf(d, dating, options.now)) : options.defaultTtlMs;
  // A lifetime of 0 is worth keeping only when the upstream asked for revalidation and gave a validator.
  const asked = d.noCache || given !== undefined;
  if (lifetimeMs <= 0 && !(asked && options.hasValidator)) return undefined;
  const freshUntil = options.now + lifetimeMs;
  // no-cache forbids serving without revalidation, so neither stale window applies to it.
  const staleWhileRevalidateUntil = d.noCache ? freshUntil : freshUntil + (d.staleWhileRevalidate ?? 0) * 1000;
  const staleIfErrorUntil = d.noCache ? freshUntil : freshUntil + (d.staleIfError ?? 0) * 1000;
  const validatorUntil = options.hasValidator ? freshUntil + options.validatorKeepMs : freshUntil;
  return {
    freshUntil,
    staleWhileRevalidateUntil,
    staleIfErrorUntil,
    keepUntil: Math.max(staleWhileRevalidateUntil, staleIfErrorUntil, validatorUntil),
  };
}

/** Where a kept answer stands at `now`. */
export type EntryState = 'fresh' | 'stale-while-revalidate' | 'stale';

export function stateAt(entry: { freshUntil: number; staleWhileRevalidateUntil: number }, now: number): EntryState {
  if (now < entry.freshUntil) return 'fresh';
  if (now < entry.staleWhileRevalidateUntil) return 'stale-while-revalidate';
  return 'stale';
}
