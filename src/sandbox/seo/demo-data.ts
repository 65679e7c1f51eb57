/**
 * Seeded website-analysis data. Owner `demo` gets 8 projects and 250+
 * reports, among them 1-3 reports on each item demo page (`demoUrl(i)`,
 * except every fifth item) and near-miss urls that a substring search also
 * finds, so the gateway's exact-match filter is exercised. Owner `other` gets
 * a small, different set (including one report on `demoUrl(1)`).
 */
import { createRandom, between, demoUrl, isoAt, pick, DEMO_ITEM_COUNT, type Random } from '../seed.js';
import type { Privacy } from './records.js';
import { SEO_DEMO_OWNER, SEO_OTHER_OWNER } from './keys.js';
import type { SeoStore } from './store.js';

/** Project names of owner `demo`; one has a space and a slash on purpose. */
export const SEO_DEMO_PROJECTS = [
  'Storefront',
  'Marketing site',
  'Docs',
  'Blog',
  'Client A / Landing pages',
  'Item demos',
  'Agency 2026',
  'Internal tools',
] as const;

export const SEO_OTHER_PROJECTS = ['Other shop', 'Other blog'] as const;

/** Items whose demo page has no report (the others have 1-3). */
export const itemHasNoDemoReport = (index: number): boolean => index % 5 === 0;

const DAY = 24 * 60;
const HOSTS = [
  'https://www.example.com',
  'https://shop.example.net',
  'https://blog.example.org',
  'http://legacy.example.com',
  'https://docs.example.io',
];
const PATHS = ['', 'about', 'pricing', 'contact', 'blog/post-', 'docs/guide-', 'products/p-', 'careers', 'faq', 'search?q=seo+'];

const NUMBERED = /-$|\+$/;

interface Draft {
  url: string;
  project: string | null;
}

function privacyFor(random: Random): { privacy: Privacy; password: string | null } {
  const roll = random();
  if (roll < 0.7) return { privacy: 0, password: null };
  if (roll < 0.85) return { privacy: 1, password: null };
  return { privacy: 2, password: `secret-${Math.floor(random() * 1e6)}` };
}

/** Scores spread so that every result appears. */
const scoreFor = (random: Random): number => Math.round((10 + random() * 89) * 10) / 10;

function insert(store: SeoStore, random: Random, owner: string, drafts: Draft[], startMinutes: number, stepMinutes: number): void {
  let t = startMinutes;
  for (const draft of drafts) {
    t += between(random, 1, stepMinutes);
    // Some reports were regenerated later, so generated_at order differs from id order.
    const generated = random() < 0.3 ? t + between(random, 60, 60 * DAY) : t;
    store.addReport({
      owner,
      url: draft.url,
      ...privacyFor(random),
      score: scoreFor(random),
      project: draft.project,
      generatedAt: isoAt(generated),
      createdAt: isoAt(t),
    });
  }
}

function shuffle<T>(random: Random, values: T[]): T[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}

function demoDrafts(random: Random): Draft[] {
  const drafts: Draft[] = [];
  const someProject = () => (random() < 0.15 ? null : pick(random, SEO_DEMO_PROJECTS));
  for (let i = 1; i <= DEMO_ITEM_COUNT; i++) {
    const page = demoUrl(i);
    if (!itemHasNoDemoReport(i)) {
      const count = i === 1 ? 2 : between(random, 1, 3);
      for (let k = 0; k < count; k++) drafts.push({ url: page, project: random() < 0.7 ? 'Item demos' : someProject() });
    }
    // Near misses: found by a substring or case-insensitive search, never equal to the demo page.
    drafts.push({ url: `${page}pricing`, project: someProject() });
    if (i % 2 === 1) drafts.push({ url: page.slice(0, -1), project: someProject() });
    if (i % 3 === 0) drafts.push({ url: `${page}?ref=newsletter`, project: someProject() });
    if (i % 4 === 0) drafts.push({ url: page.replace('demo.example.com', 'DEMO.example.com'), project: someProject() });
  }
  while (drafts.length < 270) {
    const path = pick(random, PATHS);
    const url = `${pick(random, HOSTS)}/${path}${NUMBERED.test(path) ? between(random, 1, 400) : ''}`;
    drafts.push({ url, project: someProject() });
  }
  return shuffle(random, drafts);
}

function otherDrafts(random: Random): Draft[] {
  const drafts: Draft[] = [{ url: demoUrl(1), project: 'Other shop' }];
  for (let i = 1; i <= 11; i++) {
    drafts.push({ url: `https://other.example.org/page-${i}`, project: i % 3 === 0 ? null : pick(random, SEO_OTHER_PROJECTS) });
  }
  return drafts;
}

/** Fills a new store with the seeded accounts. */
export function seedSeoStore(store: SeoStore, seed: number): void {
  const random = createRandom(seed ^ 0x5e05e0);
  SEO_DEMO_PROJECTS.forEach((name, i) => store.addProject(SEO_DEMO_OWNER, name, isoAt(-400 * DAY + i * 9 * DAY + between(random, 0, DAY))));
  SEO_OTHER_PROJECTS.forEach((name, i) => store.addProject(SEO_OTHER_OWNER, name, isoAt(-200 * DAY + i * 5 * DAY)));
  // Report ids are global across owners: demo gets 1..n, other the next ones.
  insert(store, random, SEO_DEMO_OWNER, demoDrafts(random), -320 * DAY, DAY);
  insert(store, random, SEO_OTHER_OWNER, otherDrafts(random), -30 * DAY, DAY);
}
