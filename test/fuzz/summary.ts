/**
 * What a campaign reports: its headline figures and distinct findings, which
 * findings fail it (the others are notes), and the summary as text.
 */
import type { Finding } from './checks.js';
import type { CampaignOptions } from './options.js';

export interface CampaignSummary {
  inputs: { http: number; ws: number };
  crashes: number;
  fiveXx: number;
  wsInternalCloses: number;
  uncodedErrors: number;
  internalErrors: number;
  leaks: number;
  /** 'not available' when no answer carried `extensions.cost`. */
  callsOverEstimate: number | 'not available';
  costChecked: number;
  outsideTable: number;
  hangs: number;
  maxRssBytes: number | undefined;
  healthzAtEnd: number | string;
  statuses: Record<string, number>;
  codes: Record<string, number>;
  upstreamCalls: number;
  elapsedMs: number;
  findings: Finding[];
}

/**
 * Findings that break a promise of the README or the contract (the campaign fails on them). The others
 * (`ws-closed` with a protocol code, `unexpected-code`: a code outside the contract's list) are reported as notes.
 */
export const FAILING_CATEGORIES = new Set([
  'crash',
  'hang',
  'transport-error',
  '5xx',
  'ws-internal-close',
  'uncoded-error',
  'internal-error',
  'stack-in-response',
  'leak-response',
  'leak-log',
  'credential-to-wrong-upstream',
  'call-outside-table',
  'calls-over-estimate',
  'stack-in-log',
  'log-forgery',
  'control-chars-echoed',
  'ws-oversized-frame-accepted',
]);

export const failuresOf = (summary: CampaignSummary): Finding[] => summary.findings.filter((f) => FAILING_CATEGORIES.has(f.category));

/** The summary as text: the headline figures, then every distinct finding with its smallest input. */
export function formatSummary(summary: CampaignSummary, o: CampaignOptions, description: string): string {
  const mb = (bytes: number | undefined) => (bytes === undefined ? 'unknown' : `${Math.round(bytes / 1024 / 1024)} MB`);
  const lines = [
    `hostile-input campaign: seed ${o.seed}, ${o.runs} cases, hostile cursors ${o.hostileCursors ? 'on' : 'off'}, ${description}`,
    `inputs sent:          ${summary.inputs.http + summary.inputs.ws} (HTTP ${summary.inputs.http}, graphql-ws ${summary.inputs.ws}) in ${Math.round(summary.elapsedMs / 1000)} s, ${summary.upstreamCalls} upstream calls`,
    `crashes:              ${summary.crashes}`,
    `5xx:                  ${summary.fiveXx} (graphql-ws internal closes: ${summary.wsInternalCloses})`,
    `uncoded errors:       ${summary.uncodedErrors} (INTERNAL_SERVER_ERROR: ${summary.internalErrors})`,
    `leaks:                ${summary.leaks}`,
    `calls outside table:  ${summary.outsideTable}`,
    `calls over estimate:  ${summary.callsOverEstimate}${summary.costChecked ? ` (of ${summary.costChecked} answers with extensions.cost)` : ' (no answer carried extensions.cost)'}`,
    `hangs:                ${summary.hangs}`,
    `max RSS of gateway:   ${mb(summary.maxRssBytes)}`,
    `/healthz at the end:  ${summary.healthzAtEnd}`,
    `statuses:             ${JSON.stringify(summary.statuses)}`,
    `codes:                ${JSON.stringify(summary.codes)}`,
    `distinct findings:    ${summary.findings.length} (${failuresOf(summary).length} failing, the rest notes)`,
  ];
  for (const f of summary.findings) {
    lines.push(
      `  ${FAILING_CATEGORIES.has(f.category) ? '' : '(note) '}[${f.category}] ${f.transport} ×${f.count}: ${f.signature}`,
      `      case ${f.caseIndex}: ${f.example.replace(/\n/g, '\\n')}`,
    );
  }
  return lines.join('\n');
}
