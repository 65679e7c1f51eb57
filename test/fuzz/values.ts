/**
 * Hostile values for the fuzz campaign: pools drawn once with fast-check from
 * a seed, and a small seeded random source the document generator picks from,
 * so case N of seed S is the same document on every run (and can be replayed
 * alone) without holding every case in memory.
 */
import fc from 'fast-check';

/** A deterministic random source (mulberry32): one per case, from the campaign seed and the case index. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** One of `choices` with probability proportional to its weight. */
  weighted<T>(choices: ReadonlyArray<readonly [number, T]>): T {
    const total = choices.reduce((sum, [w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![1];
  }
}

export const caseRng = (seed: number, index: number) =>
  new Rng(Math.imul(seed ^ 0x5bd1e995, 2654435761) ^ Math.imul(index + 1, 0x27d4eb2d));

/** Strings that have broken gateways: traversal, query/fragment injection, CRLF, NUL, bidi, lone surrogates, templating. */
const NASTY = [
  '..',
  '.',
  '../../etc/passwd',
  '..%2F..%2Fadmin',
  '%2e%2e',
  '?',
  '#',
  '?admin=1&api_key=x',
  '/',
  'a/b',
  '//evil.example/x',
  'http://evil.example/',
  'http://169.254.169.254/latest/meta-data/',
  '\r\n',
  'a\r\nX-Injected: 1',
  '\u0000',
  ' ',
  '',
  '\t',
  '\u202e',
  '😀',
  '\ud800',
  '\udfff',
  '%',
  '%00',
  '%zz',
  '\\..\\',
  '{slug}',
  '${env.SECRET}',
  '$(id)',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '日本語',
  'Ａ',
  'e\u0301',
  '\u2028',
  '\ufeff',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '__proto__',
  'constructor',
];
/** Values a resolver accepts, so many cases reach the upstreams (and run up calls worth checking against the estimate). */
export const VALID_IDS = ['1', '2', '3', '17', '29', '30', '3011'];
export const VALID_NAMES = ['pixelcraft', 'alice', 'bob', 'carol', 'demo'];

const stringArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY), fc.string({ maxLength: 10 }), fc.constantFrom(...NASTY)).map((p) => p.join('')),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 190, maxLength: 300 }) },
);
const intArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -5, max: 150 }) },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, 99, 100, 101, 1000, 2_147_483_647, -2_147_483_648) },
  { weight: 2, arbitrary: fc.integer() },
  // Beyond GraphQL's Int (coercion must refuse them) and beyond a double's integers.
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e15, 2 ** 53, 1.5, -0.0001, 1e308) },
);
const floatArb = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, 1e308, -1e308, 5e-324));

export interface Pools {
  strings: string[];
  ints: number[];
  floats: number[];
}

export function samplePools(seed: number): Pools {
  return {
    strings: fc.sample(stringArb, { seed, numRuns: 3000 }),
    ints: fc.sample(intArb, { seed: seed + 1, numRuns: 1000 }),
    floats: fc.sample(floatArb, { seed: seed + 2, numRuns: 300 }),
  };
}

/** Largest offset a forged cursor names by default: bigger ones hit the known page-planner bug and kill the process. */
export const SAFE_CURSOR_OFFSET = 1_000_000;
const HOSTILE_OFFSETS = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1, 2 ** 53, 1e15, 2 ** 40, 1e7];

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** A cursor a caller could forge: in-range offsets, malformed text, wrong encodings; far offsets only when asked. */
export function forgedCursor(rng: Rng, pools: Pools, hostileOffsets: boolean): string {
  return rng.weighted<() => string>([
    [5, () => base64url(`offset:${rng.int(0, 200)}`)],
    [2, () => base64url(`offset:${rng.int(0, SAFE_CURSOR_OFFSET)}`)],
    [hostileOffsets ? 3 : 0, () => base64url(`offset:${rng.pick(HOSTILE_OFFSETS)}`)],
    [1, () => base64url(`offset:${rng.pick(['-1', '1.5', '1e3', 'NaN', 'Infinity', '0x10', ' 1', '1 ', '', '00012', '9'.repeat(400)])}`)],
    [1, () => Buffer.from(`offset:${rng.int(0, 50)}`).toString('base64')], // standard base64 with padding
    [1, () => base64url(`offset:${rng.int(0, 50)}`) + rng.pick(['=', '==', '.', '%3D', '\n'])],
    [1, () => base64url(rng.pick(pools.strings))],
    [1, () => rng.pick(pools.strings)],
    [1, () => 'A'.repeat(rng.int(1, 5000))],
  ])();
}
