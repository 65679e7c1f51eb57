/**
 * The demo credentials each simulated upstream accepts, as a caller sends
 * them: what the gateway's start-up lines list for the upstreams the sandbox
 * serves. Read from the sandbox's own tables, so the list cannot drift.
 */
import type { SandboxName } from './names.js';
import { DEMO_TOKENS } from './marketplace/tokens.js';
import { SEO_DEMO_KEYS } from './seo/keys.js';
import { ITEMS_DEMO_KEYS } from './items/keys.js';

export function demoCredentials(name: SandboxName): string {
  switch (name) {
    case 'marketplace': {
      const tokens = Object.entries(DEMO_TOKENS).map(([role, demo]) => `${demo.token} (${role}, ${demo.username})`);
      return `Authorization: Bearer ${tokens.join(' | ')} | sandbox:<username>:<scopes>`;
    }
    case 'seo':
      return `X-Seo-Api-Key: ${SEO_DEMO_KEYS.demo} | ${SEO_DEMO_KEYS.other}`;
    case 'items':
      return `X-Items-Api-Key: ${ITEMS_DEMO_KEYS.demo} | ${ITEMS_DEMO_KEYS.other} | ${ITEMS_DEMO_KEYS.empty}`;
  }
}
