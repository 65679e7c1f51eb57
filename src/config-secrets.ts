/**
 * What makes a configured secret or CORS origin unsafe. The webhook secret
 * (MARKETPLACE_WEBHOOK_SECRET) lets its holder inject subscription events and
 * evict cache entries, the admin key (GATEWAY_ADMIN_KEY) receives every
 * marketplace event: a short one can be guessed, a placeholder from this
 * repository (the compose file's, the Kubernetes example's) is public, and a
 * value shared by both hands one role's power to the other. src/config.ts
 * refuses them in production and warns elsewhere.
 */

/** Shorter than this is refused in production: 32 characters is what `openssl rand -hex 16` prints. */
export const MIN_SECRET_LENGTH = 32;

/** Values published in this repository or its docs (and their usual spellings); never secret. */
const PUBLISHED = ['change-me', 'changeme', 'change_me', 'compose-demo-webhook-secret', 'sandbox-webhook-secret', 'replace-me'];

export type SecretName = 'MARKETPLACE_WEBHOOK_SECRET' | 'GATEWAY_ADMIN_KEY';

/** One `NAME: problem` line per unsafe secret (the value itself is never repeated). */
export function secretProblems(secrets: Record<SecretName, string | undefined>): string[] {
  const problems: string[] = [];
  const advice = `set at least ${MIN_SECRET_LENGTH} random characters, e.g. \`openssl rand -hex 32\``;
  for (const [name, value] of Object.entries(secrets) as Array<[SecretName, string | undefined]>) {
    if (value === undefined) continue;
    const lower = value.toLowerCase();
    if (PUBLISHED.some((placeholder) => lower.includes(placeholder)))
      problems.push(`${name}: is a published placeholder, not a secret; ${advice}`);
    else if (value.length < MIN_SECRET_LENGTH) problems.push(`${name}: is ${value.length} characters long; ${advice}`);
  }
  const { MARKETPLACE_WEBHOOK_SECRET: webhook, GATEWAY_ADMIN_KEY: admin } = secrets;
  if (webhook !== undefined && webhook === admin) {
    problems.push(
      'GATEWAY_ADMIN_KEY: is the same value as MARKETPLACE_WEBHOOK_SECRET; whoever signs webhooks must not also read every event: give each its own',
    );
  }
  return problems;
}

/**
 * Why a CORS_ORIGINS entry is refused, or undefined when it is a full origin. The gateway answers CORS
 * with `Access-Control-Allow-Credentials: true`, so `*` (which would admit every web page, credentials
 * included) is refused in every environment; an entry that is not exactly an origin could never match
 * the browser's `Origin` header and would fail silently.
 */
export function originProblem(entry: string): string | undefined {
  if (entry === '*') {
    return '"*" is refused: CORS here allows credentials, and * would let every web page call the gateway with its visitors\u2019 credentials; list the origins instead (e.g. https://app.example.com,https://admin.example.com)';
  }
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry) return undefined;
  return `"${entry}" is not an origin: write scheme://host[:port] with no path or trailing slash, e.g. https://app.example.com`;
}
