/** Package prices: what a gig's packages cost, for the seeding, quotes and orders alike. */
import type { GigRecord, PackageName } from './records.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

export const PACKAGE_MULTIPLIER: Record<PackageName, number> = { basic: 1, standard: 2, premium: 3.5 };
export const PACKAGE_NAMES = Object.keys(PACKAGE_MULTIPLIER) as PackageName[];
export const priceOf = (gig: GigRecord, pkg: PackageName, quantity = 1): number =>
  round2(gig.price_from * PACKAGE_MULTIPLIER[pkg] * quantity);
