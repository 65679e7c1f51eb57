/**
 * Bearer keys of the website-analysis sandbox: two seeded owners plus any
 * `seo-key-<name>` for an empty account, so tests can prove owner isolation.
 */
import { bearer } from '../laravel.js';
import type { SandboxRequest } from '../router.js';

export const SEO_DEMO_KEYS = {
  /** Owner `demo`: the seeded account with 250+ reports in 8 projects. */
  demo: 'seo-demo-key',
  /** Owner `other`: a small, different data set. */
  other: 'seo-other-key',
  /** Prefix of keys for empty accounts: `seo-key-<owner>`. */
  emptyPrefix: 'seo-key-',
} as const;

export const SEO_DEMO_OWNER = 'demo';
export const SEO_OTHER_OWNER = 'other';

/**
 * The owner a key belongs to, or undefined for a missing/unknown key.
 * `seo-key-<name>` owners live in their own namespace (`key:<name>`), so
 * `seo-key-demo` is an empty account, not the demo one.
 */
export function ownerOfKey(key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (key === SEO_DEMO_KEYS.demo) return SEO_DEMO_OWNER;
  if (key === SEO_DEMO_KEYS.other) return SEO_OTHER_OWNER;
  if (key.startsWith(SEO_DEMO_KEYS.emptyPrefix) && key.length > SEO_DEMO_KEYS.emptyPrefix.length) {
    return `key:${key.slice(SEO_DEMO_KEYS.emptyPrefix.length)}`;
  }
  return undefined;
}

export const ownerOf = (req: SandboxRequest): string | undefined => ownerOfKey(bearer(req));
