/**
 * A bounded slice of the hostile-input campaign (`npm run fuzz` runs 10,000
 * cases): FUZZ_RUNS (default 400) generated documents and variables over HTTP
 * and graphql-ws against the in-process gateway over the sandbox. No 5xx, no
 * socket closed as an internal error, every error coded, no credential in an
 * answer or log line, no upstream call outside the operation table, no more
 * calls than the estimate (when `extensions.cost` is exposed), and /healthz
 * still 200. The checks themselves are tested first, so the slice cannot pass
 * by checking nothing.
 */
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '../../src/sandbox/control.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { defaultOptions, failuresOf, formatSummary, runCampaign } from './campaign.js';
import { checkCalls, checkLogLine, checkResult, type CostTotals } from './checks.js';
import { FUZZ_GATEWAY_ENV, sandboxIdle, takeSandboxCalls, type FuzzTarget } from './targets.js';

const call = (path: string, headers: Record<string, string> = {}): RecordedCall => ({
  method: 'GET',
  path,
  query: {},
  headers,
  body: '',
  at: 0,
});

describe('the campaign checks', () => {
  it('flag an error without a code, an internal error, and add up the cost extension', () => {
    const found: string[] = [];
    const cost: CostTotals = {};
    checkResult(
      {
        errors: [{ message: 'boom' }, { message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        extensions: { cost: { estimated: 3, actual: 5 } },
      },
      (c) => found.push(c),
      cost,
    );
    expect(found).toEqual(['uncoded-error', 'internal-error']);
    expect(cost).toEqual({ estimated: 3, actual: 5 });
  });

  it('flag a call outside the operation table and a credential sent to another upstream', () => {
    const found: string[] = [];
    const credentials = { authorization: 'Bearer demo-buyer-token', 'x-seo-api-key': 'seo-demo-key' };
    checkCalls([{ upstream: 'marketplace', call: call('/api/v1/gigs') }], credentials, (c) => found.push(c));
    expect(found).toEqual([]);
    checkCalls([{ upstream: 'marketplace', call: call('/api/v1/admin/../secrets') }], credentials, (c) => found.push(c));
    checkCalls([{ upstream: 'marketplace', call: call('/api/v1/gigs', { authorization: 'Bearer seo-demo-key' }) }], credentials, (c) =>
      found.push(c),
    );
    expect(found).toEqual(['call-outside-table', 'credential-to-wrong-upstream']);
  });

  it('flag a credential, a raw stack and a forged line in the log', () => {
    const found: string[] = [];
    checkLogLine('{"msg":"auth Bearer demo-seller-token"}', '', (c) => found.push(c));
    checkLogLine('    at parse (/app/node_modules/graphql/language/parser.js:12:7)', 'GraphQLError: Syntax Error', (c) => found.push(c));
    checkLogLine('X-Evil: 1', '', (c) => found.push(c));
    expect(found).toEqual(['leak-log', 'stack-in-log', 'log-forgery']);
  });
});

describe('hostile-input campaign (bounded slice)', () => {
  let gw: TestGateway;
  const output: string[] = [];
  beforeAll(async () => {
    gw = await startTestGateway(FUZZ_GATEWAY_ENV);
  });
  afterAll(() => gw?.close());

  it('sends generated documents over HTTP and graphql-ws; nothing breaks a promise', { timeout: 180_000 }, async () => {
    // In-process, what the gateway writes to the console (graphql-ws reports its internal errors there) is its log too.
    const capture = (...args: unknown[]) => void output.push(...format(...args).split('\n'));
    const spies = [vi.spyOn(console, 'error').mockImplementation(capture), vi.spyOn(console, 'warn').mockImplementation(capture)];
    const target: FuzzTarget = {
      url: gw.url,
      description: 'in-process gateway over the test sandbox',
      idle: () => sandboxIdle(gw.sandbox),
      takeCalls: () => takeSandboxCalls(gw.sandbox),
      takeLogLines: () => [...gw.logs.splice(0).flatMap((chunk) => chunk.split('\n').filter(Boolean)), ...output.splice(0)],
      alive: () => true,
      exitReason: () => undefined,
      restart: () => Promise.reject(new Error('an in-process gateway cannot be restarted')),
      maxRssBytes: () => process.resourceUsage().maxRSS * 1024,
      close: () => Promise.resolve(),
    };
    const options = defaultOptions(process.env, 400);
    const summary = await runCampaign(target, options).finally(() => spies.forEach((spy) => spy.mockRestore()));
    console.log(formatSummary(summary, options, target.description));

    expect(summary.inputs.http).toBeGreaterThan(options.runs / 3);
    expect(summary.inputs.ws).toBeGreaterThan(options.runs / 10);
    expect(summary.upstreamCalls, 'the generated documents reach the upstreams').toBeGreaterThan(options.runs / 2);
    expect(
      failuresOf(summary).map(
        (f) => `[${f.category}] ${f.transport} ×${f.count}: ${f.signature} — case ${f.caseIndex}: ${f.example.slice(0, 400)}`,
      ),
    ).toEqual([]);
    expect(summary.healthzAtEnd).toBe(200);
  });
});
