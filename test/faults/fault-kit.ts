/**
 * What the fault suites share: one query per upstream (a GET read, a
 * write sent as POST, and a field of another upstream to prove partial
 * results), a gateway tuned for fast faults (short timeouts, a breaker that
 * never opens unless a suite asks), and small readers for attempts and
 * `/healthz`.
 */
import type { AppOptions } from '../../src/app.js';
import type { SandboxName } from '../../src/sandbox/index.js';
import type { Fault } from '../../src/sandbox/control.js';
import { ALL_CREDENTIALS, startTestGateway, type GraphQLResponse, type TestGateway } from '../helpers/gateway.js';

/** Timeouts short enough that a hang costs a test well under a second. */
export const FAST_FAULT_ENV = {
  UPSTREAM_TIMEOUT_MS: process.env.FAULT_TIMEOUT_MS ?? '300',
  REQUEST_DEADLINE_MS: process.env.FAULT_DEADLINE_MS ?? '5000',
  BREAKER_FAILURES: '1000',
};

export interface UpstreamCase {
  name: SandboxName;
  /** A GET-backed read: `field` is its root field, `path` what the upstream call's path contains. */
  read: { query: string; field: string; path: string };
  /** A field sent as POST (a mutation, or items' purchase validation). */
  write: { document: string; field: string; path: string };
  /** A field served by another upstream, which must still arrive. */
  other: { query: string; field: string };
}

/** A seeded gig of pixelcraft (the sandbox's data is deterministic). */
export const GIG_SLUG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';

export const CASES: UpstreamCase[] = [
  {
    name: 'marketplace',
    read: { query: 'seller(username: "pixelcraft") { name }', field: 'seller', path: '/sellers/pixelcraft' },
    write: {
      document: `mutation { toggleGigFavorite(input: { slug: "${GIG_SLUG}" }) { __typename } }`,
      field: 'toggleGigFavorite',
      path: '/favorite',
    },
    other: { query: 'seoReports(first: 1) { totalCount }', field: 'seoReports' },
  },
  {
    name: 'seo',
    read: { query: 'seoReports(first: 1) { totalCount }', field: 'seoReports', path: '/reports' },
    write: {
      document: 'mutation { createSeoReport(input: { url: "https://fault.example.com/" }) { report { id } } }',
      field: 'createSeoReport',
      path: '/reports',
    },
    other: { query: 'items { id }', field: 'items' },
  },
  {
    name: 'items',
    read: { query: 'items { id }', field: 'items', path: '/items/all' },
    write: { document: '{ validatePurchase(code: "not-a-code") { valid } }', field: 'validatePurchase', path: '/purchases/validation' },
    other: { query: 'seller(username: "pixelcraft") { name }', field: 'seller' },
  },
];

export async function startFaultGateway(env: Record<string, string> = {}, options: AppOptions = {}): Promise<TestGateway> {
  return startTestGateway({ ...FAST_FAULT_ENV, ...env }, undefined, options);
}

export function setFaults(gw: TestGateway, name: SandboxName, faults: Fault[]): void {
  gw.sandbox.services[name]!.control.setFaults(faults);
}

/** Clears faults and recorded calls of every simulated upstream. */
export function resetSandbox(gw: TestGateway): void {
  for (const service of Object.values(gw.sandbox.services)) {
    service.control.reset();
    service.control.releaseHangs();
  }
}

/** Upstream calls whose path contains `path` (and with `method`, if given). */
export function attempts(gw: TestGateway, name: SandboxName, path: string, method?: string): number {
  return gw.calls(name).filter((c) => c.path.includes(path) && (!method || c.method === method)).length;
}

export async function healthz(gw: TestGateway): Promise<number> {
  return (await fetch(`${gw.url}/healthz`)).status;
}

export const query = (gw: TestGateway, document: string, headers: Record<string, string> = {}): Promise<GraphQLResponse> =>
  gw.query(document, { headers: { ...ALL_CREDENTIALS, ...headers } });
