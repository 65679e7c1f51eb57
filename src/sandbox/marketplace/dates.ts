/**
 * Dates of the simulated marketplace as ISO strings on the virtual clock of
 * `../seed.ts` (minutes from its epoch; seeded history lies before it).
 */
import { between, isoAt, type Random } from '../seed.js';

/** Minutes in a day (the clock counts minutes). */
export const DAY = 24 * 60;

export const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY * 60_000).toISOString();

/** A minute offset before the epoch, `minDays`..`maxDays` days ago. */
export const daysAgo = (random: Random, minDays: number, maxDays: number) => -between(random, minDays * DAY, maxDays * DAY);
const minutesOf = (iso: string) => (Date.parse(iso) - Date.parse(isoAt(0))) / 60_000;
/** A timestamp between two others (both as ISO strings). */
export const within = (random: Random, from: string, to: string) =>
  isoAt(between(random, Math.ceil(minutesOf(from)), Math.floor(Math.max(minutesOf(from), minutesOf(to)))));
