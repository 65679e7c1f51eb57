/**
 * Deterministic data for the sandboxes: a seeded PRNG (mulberry32) and the
 * few values two services must agree on (item demo pages are SEO report urls).
 */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
export const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
export const money = (random: Random, min: number, max: number): number => Math.round((min + random() * (max - min)) * 100) / 100;

export const DEFAULT_SEED = 20261123;

/** A fixed clock so that seeded timestamps do not move between runs. */
export const EPOCH = Date.UTC(2026, 0, 1);
export const isoAt = (offsetMinutes: number): string => new Date(EPOCH + offsetMinutes * 60_000).toISOString();

/** Demo page of item `index` (1-based); the SEO sandbox analyses the same pages. */
export const demoUrl = (index: number): string => `https://demo.example.com/item-${index}/`;
export const DEMO_ITEM_COUNT = 30;
