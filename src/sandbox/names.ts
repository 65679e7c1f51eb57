/** The simulated upstreams, by the names the gateway gives its upstreams. */
export type SandboxName = 'marketplace' | 'seo' | 'items';
export const SANDBOX_NAMES: readonly SandboxName[] = ['marketplace', 'seo', 'items'];
