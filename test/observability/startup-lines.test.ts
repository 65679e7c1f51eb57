/**
 * What `npm start` prints once it listens, read from a real child process:
 * in development, readable lines naming the GraphQL endpoint and GraphiQL
 * (full URL), which upstreams the sandbox serves and their demo credentials;
 * never the admin key, the webhook secret or a password written into an
 * upstream URL. With LOG_FORMAT=json the same facts arrive as JSON lines.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnGatewayProcess } from '../helpers/gateway-process.js';

const ADMIN_KEY = 'startup-admin-key-4b1d';
const WEBHOOK_SECRET = 'startup-webhook-secret-9c2e';

/** Starts `src/server.ts` as `npm start` does and resolves with its output once the demo credentials are printed. */
async function startupOutput(env: Record<string, string>, lastLine: RegExp): Promise<string> {
  const { child, output } = spawnGatewayProcess({
    LOG_FORMAT: '',
    PORT: '0',
    GATEWAY_ADMIN_KEY: ADMIN_KEY,
    MARKETPLACE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...env,
  });
  const deadline = Date.now() + 25_000;
  while (!lastLine.test(output())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no start-up summary; output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  return output();
}

describe('start-up lines', () => {
  it('in development are readable and say where GraphiQL is, what is sandboxed and which demo credentials exist', async () => {
    const output = await startupOutput({}, /Demo credentials for items: .*\n/);
    const port = /Gateway ready: http:\/\/127\.0\.0\.1:(\d+)\/graphql/.exec(output)?.[1];
    expect(port).toBeDefined();
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: /m);
    expect(output).not.toMatch(/^\{"level"/m);
    expect(output).toContain(`GraphiQL: http://127.0.0.1:${port}/graphql (open it in a browser)`);
    expect(output).toContain(`Federation subgraph: http://127.0.0.1:${port}/subgraph (for a router: docs/federation.md)`);
    expect(output).toContain('Sandboxed upstreams: marketplace, seo, items');
    expect(output).toMatch(
      /Demo credentials for marketplace: Authorization: Bearer demo-buyer-token .*demo-seller-token.*demo-readonly-token.*demo-noscope-token/,
    );
    expect(output).toContain('Demo credentials for seo: X-Seo-Api-Key: seo-demo-key');
    expect(output).toContain('Demo credentials for items: X-Items-Api-Key: items-demo-key');
    expect(output).not.toContain(ADMIN_KEY);
    expect(output).not.toContain(WEBHOOK_SECRET);
  }, 40_000);

  it("with LOG_FORMAT=json and a real upstream, are JSON lines that list only the sandboxed upstreams' credentials", async () => {
    const output = await startupOutput(
      { LOG_FORMAT: 'json', SEO_URL: 'http://reporter:url-password-77@127.0.0.1:9' },
      /Demo credentials for items: [^\n]*\n/,
    );
    const messages = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain(
      'Sandboxed upstreams: marketplace, items (simulated in this process; set MARKETPLACE_URL, ITEMS_URL to use real ones)',
    );
    expect(messages).toContain('Real upstreams: seo http://127.0.0.1:9');
    expect(messages.some((msg) => msg.startsWith('Demo credentials for marketplace: '))).toBe(true);
    expect(messages.some((msg) => msg.startsWith('Demo credentials for seo'))).toBe(false);
    expect(output).not.toContain('url-password-77');
    expect(output).not.toContain(ADMIN_KEY);
    expect(output).not.toContain(WEBHOOK_SECRET);
  }, 40_000);

  it('with PERSISTED_DOCUMENTS_ONLY say GraphiQL is off, and the page is not served (it could run no query text)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'startup-trusted-'));
    try {
      const document = 'query Typename { __typename }';
      const file = join(dir, 'persisted-documents.json');
      writeFileSync(file, JSON.stringify({ [`sha256:${createHash('sha256').update(document).digest('hex')}`]: document }));
      const { child, output } = spawnGatewayProcess({ PORT: '0', PERSISTED_DOCUMENTS: file, PERSISTED_DOCUMENTS_ONLY: 'true' });
      while (!/Demo credentials for items: .*\n/.test(output())) {
        if (child.exitCode !== null) throw new Error(output());
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(output()).toContain('GraphiQL: off (PERSISTED_DOCUMENTS_ONLY refuses query text: only trusted documents run)');
      expect(output()).not.toContain('(open it in a browser)');
      const port = /Gateway ready: http:\/\/127\.0\.0\.1:(\d+)\/graphql/.exec(output())![1];
      const page = await fetch(`http://127.0.0.1:${port}/graphql`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type') ?? '').not.toContain('text/html');
      child.kill('SIGTERM');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
