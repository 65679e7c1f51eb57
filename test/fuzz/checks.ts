/**
 * What the campaign asserts on each answer, upstream call and log line, and
 * the tally of what broke: every distinct finding (category + normalised
 * signature) with its count and the smallest input that produced it.
 */
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';
import { seoOperations } from '../../src/upstreams/seo/operations.js';
import { itemsOperations } from '../../src/upstreams/items/operations.js';
import type { OperationSpec } from '../../src/upstreams/operations.js';
import type { RecordedCall } from '../../src/sandbox/control.js';
import type { SandboxName } from '../../src/sandbox/index.js';
import { CALLER_ERROR_CODES } from '../helpers/error-codes.js';

/** Every code a caller may see, plus Yoga's own refusal of a body over MAX_BODY_BYTES. */
export const KNOWN_CODES = new Set([...CALLER_ERROR_CODES, 'PAYLOAD_TOO_LARGE']);

/** The sandbox's demo credentials and every made-up one the campaign sends (`fuzz-<hex>`, admin key, webhook secret). */
export const SECRET_PATTERN = /demo-buyer-token|demo-seller-token|seo-demo-key|items-demo-key|fuzz-[0-9a-f]{6,}/i;

export interface Finding {
  category: string;
  signature: string;
  count: number;
  transport: 'http' | 'ws' | 'log' | 'process';
  caseIndex: number;
  /** The smallest input seen for this finding (truncated when huge). */
  example: string;
}

export class Findings {
  private readonly byKey = new Map<string, Finding & { size: number }>();

  add(category: string, signature: string, transport: Finding['transport'], caseIndex: number, input: string): void {
    const key = `${category}|${transport}|${signature}`;
    const found = this.byKey.get(key);
    const example = input.length > 1500 ? `${input.slice(0, 1200)}… (${input.length} chars)` : input;
    if (!found) this.byKey.set(key, { category, signature, count: 1, transport, caseIndex, example, size: input.length });
    else {
      found.count++;
      if (input.length < found.size) Object.assign(found, { example, size: input.length, caseIndex });
    }
  }

  count(category: string): number {
    let total = 0;
    for (const f of this.byKey.values()) if (f.category === category) total += f.count;
    return total;
  }

  list(): Finding[] {
    return [...this.byKey.values()]
      .map(({ size: _size, ...f }) => f)
      .sort((a, b) => a.category.localeCompare(b.category) || b.count - a.count);
  }
}

/** A message with its variable parts (numbers, quoted text) blanked, so one bug is one finding. */
export const signatureOf = (message: string): string =>
  message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/U\+[0-9A-F]+/gi, 'U+X')
    .replace(/\d+/g, 'N')
    .replace(/\s+/g, ' ')
    .slice(0, 120);

export interface ResultError {
  message?: unknown;
  extensions?: { code?: unknown } & Record<string, unknown>;
}
export interface ExecutionResultLike {
  errors?: ResultError[];
  extensions?: { cost?: { estimated?: unknown; actual?: unknown } } & Record<string, unknown>;
}

export interface CostTotals {
  /** Sum over results that carried `extensions.cost`; undefined when none did. */
  estimated?: number;
  actual?: number;
}

/** Checks one GraphQL result (HTTP body or WebSocket payload): every error coded, none internal, no stack. */
export function checkResult(result: ExecutionResultLike, report: (category: string, signature: string) => void, cost: CostTotals): void {
  for (const error of result.errors ?? []) {
    const message = typeof error.message === 'string' ? error.message : JSON.stringify(error.message);
    const code = error.extensions?.code;
    if (typeof code !== 'string') report('uncoded-error', signatureOf(message));
    else if (code === 'INTERNAL_SERVER_ERROR') report('internal-error', signatureOf(message));
    else if (!KNOWN_CODES.has(code)) report('unexpected-code', `${code}: ${signatureOf(message)}`);
    if (/\n\s+at /.test(message)) report('stack-in-response', signatureOf(message.split('\n')[0]!));
  }
  const figures = result.extensions?.cost;
  if (figures && typeof figures.estimated === 'number') {
    cost.estimated = (cost.estimated ?? 0) + figures.estimated;
    if (typeof figures.actual === 'number') cost.actual = (cost.actual ?? 0) + figures.actual;
  }
}

const ROOTS: Record<SandboxName, { root: string; ops: Record<string, OperationSpec> }> = {
  marketplace: { root: '/api/v1', ops: marketplaceOperations },
  seo: { root: '/api/v1', ops: seoOperations },
  items: { root: '/api', ops: itemsOperations },
};
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
const ALLOWED_PATHS = Object.fromEntries(
  Object.entries(ROOTS).map(([name, { root, ops }]) => [
    name,
    Object.values(ops).map((op) => new RegExp(`^${root}${escape(op.path).replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+')}$`)),
  ]),
) as Record<SandboxName, RegExp[]>;

/** Which upstream each credential header belongs to (the admin key belongs to none). */
const OWNER: Record<string, SandboxName | undefined> = { authorization: 'marketplace', 'x-seo-api-key': 'seo', 'x-items-api-key': 'items' };

/** Checks the calls one input caused: each on a path of its operation table, no credential at another upstream. */
export function checkCalls(
  calls: Array<{ upstream: SandboxName; call: RecordedCall }>,
  credentials: Record<string, string>,
  report: (category: string, signature: string) => void,
): void {
  const secrets = Object.entries(credentials)
    .map(([header, value]) => ({
      owner: OWNER[header],
      value: value
        .replace(/^\s*bearer\s+/i, '')
        .trim()
        .toLowerCase(),
    }))
    .filter((s) => s.value.length >= 6);
  for (const { upstream, call } of calls) {
    const segments = call.path.split('/').map((s) => safeDecode(s));
    if (!ALLOWED_PATHS[upstream].some((re) => re.test(call.path)) || segments.some((s) => s === '.' || s === '..')) {
      report('call-outside-table', `${upstream} ${call.method} ${signatureOf(call.path)}`);
    }
    const sent = `${call.path} ${JSON.stringify(call.query)} ${JSON.stringify(call.headers)} ${call.body}`.toLowerCase();
    for (const secret of secrets) {
      if (secret.owner !== upstream && sent.includes(secret.value))
        report('credential-to-wrong-upstream', `${upstream} got a credential of ${secret.owner ?? 'the admin'}`);
    }
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Checks one log line (`previous`: the line before it): no credential, no raw stack trace, no line forged by a caller's CRLF. */
export function checkLogLine(line: string, previous: string, report: (category: string, signature: string) => void): void {
  if (SECRET_PATTERN.test(line)) report('leak-log', signatureOf(line.replace(SECRET_PATTERN, '<secret>')).slice(0, 80));
  if (/^\s+at .+:\d+:\d+\)?$/.test(line) && !/^\s+at /.test(previous)) report('stack-in-log', signatureOf(previous).slice(0, 100));
  if (/^X-Evil:/i.test(line)) report('log-forgery', 'a caller-supplied CRLF started a log line');
}
