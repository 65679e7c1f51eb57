/**
 * Bearer tokens the sandbox understands. Four fixed demo tokens cover the
 * usual cases; any seeded or registered user can be impersonated with
 * `sandbox:<username>:<scope,scope|*>`, which is also what mobile login issues.
 * A token resolves to a username and a scope set, nothing more.
 */
import { DEMO_BUYER_USERNAME, FIRST_SELLER_USERNAME, SECOND_BUYER_USERNAME } from './demo-users.js';
import { ALL_SCOPE_SLUGS, UNRESTRICTED_SCOPE_SLUGS } from './scopes.js';

export interface DemoToken {
  token: string;
  username: string;
  scopes: readonly string[];
}

export const DEMO_TOKENS = {
  /** `alice`, a buyer with many orders, every scope. */
  buyer: { token: 'demo-buyer-token', username: DEMO_BUYER_USERNAME, scopes: ALL_SCOPE_SLUGS },
  /** The first seller (`pixelcraft`), every scope. */
  seller: { token: 'demo-seller-token', username: FIRST_SELLER_USERNAME, scopes: ALL_SCOPE_SLUGS },
  /** `alice` with only the scopes whose `restricted` flag is false. */
  readonly: { token: 'demo-readonly-token', username: DEMO_BUYER_USERNAME, scopes: UNRESTRICTED_SCOPE_SLUGS },
  /** `bob` with no scope at all: every scoped operation answers 403. */
  noscope: { token: 'demo-noscope-token', username: SECOND_BUYER_USERNAME, scopes: [] },
} as const satisfies Record<string, DemoToken>;

export interface TokenClaims {
  username: string;
  scopes: ReadonlySet<string>;
}

/** `sandbox:<username>:<scopes>`; `'*'` grants every scope. */
export function sandboxToken(username: string, scopes: readonly string[] | '*' = '*'): string {
  return `sandbox:${username}:${scopes === '*' ? '*' : scopes.join(',')}`;
}

/** The claims of a token, or undefined when it is not a sandbox token at all (the user is not checked here). */
export function parseToken(token: string): TokenClaims | undefined {
  for (const demo of Object.values(DEMO_TOKENS)) {
    if (demo.token === token) return { username: demo.username, scopes: new Set(demo.scopes) };
  }
  const match = /^sandbox:([^:]+):(.*)$/.exec(token);
  if (!match) return undefined;
  const [, username, list] = match as unknown as [string, string, string];
  const scopes =
    list.trim() === '*'
      ? ALL_SCOPE_SLUGS
      : list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  return { username, scopes: new Set(scopes) };
}
