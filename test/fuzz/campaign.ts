/**
 * The hostile-input campaign: sends `runs` generated cases to a target, each
 * over HTTP or graphql-ws, and checks every answer, upstream call and log
 * line (see checks.ts). A crash is recorded with the input in flight and the
 * gateway restarted, so one bug does not hide the rest.
 *
 * This module is also the campaign's entry point for scripts/fuzz.ts and
 * scripts/soak.ts: it passes on the options (options.ts) and the summary
 * (summary.ts) they use.
 */
import { getOperationAST, parse, type GraphQLSchema } from 'graphql';
import { estimateUpstreamCalls } from '../../src/plugins/upstream-cost.js';
import { generateCase } from './cases.js';
import {
  checkCalls,
  checkLogLine,
  checkResult,
  Findings,
  SECRET_PATTERN,
  signatureOf,
  type CostTotals,
  type ExecutionResultLike,
} from './checks.js';
import { loadFuzzSchema } from './documents.js';
import type { CampaignOptions } from './options.js';
import type { CampaignSummary } from './summary.js';
import type { FuzzTarget } from './targets.js';
import { sendHttp, WsSession } from './transports.js';
import { Rng, samplePools } from './values.js';

export { defaultOptions, type CampaignOptions } from './options.js';
export { failuresOf, formatSummary, type CampaignSummary } from './summary.js';

const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

export async function runCampaign(
  target: FuzzTarget,
  o: CampaignOptions,
  schema: GraphQLSchema = loadFuzzSchema(),
): Promise<CampaignSummary> {
  const started = Date.now();
  const pools = samplePools(o.seed);
  const findings = new Findings();
  const s = {
    http: 0,
    ws: 0,
    costChecked: 0,
    upstreamCalls: 0,
    statuses: {} as Record<string, number>,
    codes: {} as Record<string, number>,
  };
  let session: WsSession | undefined;
  let sessionKey = '';
  let previousLine = '';

  const indexes = o.only ?? Array.from({ length: o.runs }, (_, i) => i);
  for (const index of indexes) {
    const c = generateCase(schema, index, { seed: o.seed, pools, hostileCursors: o.hostileCursors });
    const overWs = !c.raw && new Rng(o.seed * 31 + index).next() < o.wsShare;
    const results: ExecutionResultLike[] = [];
    let subscriptionEstimate = 0;
    let input: string;
    const transport = overWs ? 'ws' : 'http';
    const report = (category: string, signature: string) => findings.add(category, signature, transport, index, `[${c.kind}] ${input}`);
    const collect = (result: ExecutionResultLike) => {
      results.push(result);
      for (const error of result.errors ?? []) bump(s.codes, String(error.extensions?.code ?? '(none)'));
    };

    if (!overWs) {
      s.http++;
      const outcome = await sendHttp(target.url, c, o.timeoutMs);
      input = outcome.input;
      // The server answers a body over the limit with 413 and closes before reading the rest: the sender may see EPIPE or a reset first.
      const refusedMidBody = outcome.bytesSent > o.maxFrameBytes && /EPIPE|ECONNRESET|UND_ERR_SOCKET/.test(outcome.error ?? '');
      if (refusedMidBody) bump(s.statuses, 'closed-over-body-limit');
      else if (outcome.error) {
        bump(s.statuses, 'transport-error');
        if (await survives(target)) report(outcome.timedOut ? 'hang' : 'transport-error', outcome.error);
      } else {
        const status = outcome.status!;
        bump(s.statuses, String(status));
        if (SECRET_PATTERN.test(outcome.text ?? '')) report('leak-response', 'a credential in the HTTP answer');
        const body = parseJson(outcome.text ?? '');
        if (status >= 500) report('5xx', `${status} ${signatureOf(firstMessage(body) ?? outcome.text ?? '').slice(0, 100)}`);
        if (body === undefined) {
          if (status !== 200)
            report('uncoded-error', `${status} with a body that is not JSON (${outcome.contentType || 'no content-type'})`);
        } else {
          for (const result of Array.isArray(body) ? body : [body]) collect(result as ExecutionResultLike);
          if (status !== 200 && !results.some((r) => r.errors?.length)) report('uncoded-error', `${status} without errors`);
        }
      }
    } else {
      s.ws++;
      const key = JSON.stringify(c.credentials);
      if (!session || session.closed || key !== sessionKey) {
        session?.close();
        session = await WsSession.open(target.url, c.credentials, o.timeoutMs);
        sessionKey = key;
      }
      const outcomes = [];
      for (const operation of c.operations) outcomes.push(await session.run(operation, o.timeoutMs));
      input = `ws connectionParams=${key} subscribe ${c.operations.map((op) => JSON.stringify({ query: op.query, variables: op.variables })).join(' then ')}`;
      for (const [i, outcome] of outcomes.entries()) {
        outcome.results.forEach(collect);
        if (outcome.subscription) subscriptionEstimate += estimateOf(schema, c.operations[i]!);
        if (outcome.timedOut) report('hang', 'no answer over graphql-ws in time');
        const oversized = outcome.bytesSent > o.maxFrameBytes;
        if (oversized && !outcome.closed)
          report('ws-oversized-frame-accepted', `a frame over ${o.maxFrameBytes} bytes was processed, not closed with 1009`);
        if (outcome.closed && !(oversized && outcome.closed.code === 1009)) {
          const { code, reason } = outcome.closed;
          const category = code === 4500 || code === 1011 || code === 1006 ? 'ws-internal-close' : 'ws-closed';
          // 1006: the connection dropped without a close frame, as when the process dies.
          if (code === 1006 ? await survives(target) : target.alive()) report(category, `close ${code} ${signatureOf(reason)}`);
          if (SECRET_PATTERN.test(reason)) report('leak-response', 'a credential in the close reason');
          if (/[\r\n]/.test(reason)) report('control-chars-echoed', 'a caller-supplied CR/LF in the close reason');
          bump(s.statuses, `ws-close-${code}`);
        }
      }
      if (results.some((r) => SECRET_PATTERN.test(JSON.stringify(r)))) report('leak-response', 'a credential in a graphql-ws message');
    }

    const cost: CostTotals = {};
    for (const result of results) checkResult(result, report, cost);
    // Events carry no extensions.cost: a subscription's setup calls are held to the gateway's own estimate of it.
    if (subscriptionEstimate > 0) cost.estimated = (cost.estimated ?? 0) + subscriptionEstimate;
    await target.idle();
    const calls = target.takeCalls();
    s.upstreamCalls += calls.length;
    checkCalls(calls, c.credentials, report);
    if (cost.estimated !== undefined) {
      s.costChecked++;
      const actual = Math.max(calls.length, cost.actual ?? 0);
      if (actual > cost.estimated)
        report('calls-over-estimate', `${c.kind}: ${actual} calls > estimate ${cost.estimated}`.replace(/\d+/g, 'N'));
    }
    for (const line of target.takeLogLines()) {
      checkLogLine(line, previousLine, (category, signature) => findings.add(category, signature, 'log', index, `[${c.kind}] ${input!}`));
      previousLine = line;
    }
    if (!target.alive()) {
      findings.add('crash', target.exitReason() ?? 'exited', 'process', index, `[${c.kind}] ${input!}`);
      o.progress?.(`case ${index}: the gateway ${target.exitReason()}; restarting`);
      session = undefined;
      await target.restart();
    }
    if ((s.http + s.ws) % 500 === 0)
      o.progress?.(
        `${index + 1}/${o.runs} cases, ${findings.list().length} distinct findings, ${Math.round((Date.now() - started) / 1000)} s`,
      );
  }
  session?.close();
  const healthz = await fetch(`${target.url}/healthz`).then(
    (r) => r.status,
    (e: Error) => e.message,
  );
  const over = findings.count('calls-over-estimate');
  return {
    inputs: { http: s.http, ws: s.ws },
    crashes: findings.count('crash'),
    fiveXx: findings.count('5xx'),
    wsInternalCloses: findings.count('ws-internal-close'),
    uncodedErrors: findings.count('uncoded-error'),
    internalErrors: findings.count('internal-error'),
    leaks: findings.count('leak-response') + findings.count('leak-log') + findings.count('credential-to-wrong-upstream'),
    callsOverEstimate: s.costChecked > 0 ? over : 'not available',
    costChecked: s.costChecked,
    outsideTable: findings.count('call-outside-table'),
    hangs: findings.count('hang'),
    maxRssBytes: target.maxRssBytes(),
    healthzAtEnd: healthz,
    statuses: s.statuses,
    codes: s.codes,
    upstreamCalls: s.upstreamCalls,
    elapsedMs: Date.now() - started,
    findings: findings.list(),
  };
}

/** False when the process turns out to be dying: a reset connection is seen before the exit is. */
async function survives(target: FuzzTarget): Promise<boolean> {
  for (let waited = 0; waited < 3000 && target.alive(); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  return target.alive();
}

function firstMessage(body: unknown): string | undefined {
  const first = (Array.isArray(body) ? body[0] : body) as ExecutionResultLike | undefined;
  const message = first?.errors?.[0]?.message;
  return typeof message === 'string' ? message : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The gateway's estimate of one operation (0 when it does not parse: it is refused before any call). */
function estimateOf(schema: GraphQLSchema, operation: { query?: unknown; variables?: unknown; operationName?: unknown }): number {
  try {
    const document = parse(String(operation.query));
    const ast = getOperationAST(document, typeof operation.operationName === 'string' ? operation.operationName : undefined);
    if (!ast) return 0;
    const variables =
      operation.variables && typeof operation.variables === 'object' ? (operation.variables as Record<string, unknown>) : undefined;
    return estimateUpstreamCalls({ schema, document, operation: ast, variables });
  } catch {
    return 0;
  }
}
