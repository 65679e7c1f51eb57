/**
 * Reading the deploy/ files the way their tools would: YAML documents, the
 * compose file's `${VAR:-default}` with nothing set (what a plain
 * `docker compose up` runs), durations such as "20s", and whether the HTTP
 * paths a probe or health check names answer on a real gateway.
 */
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { startTestGateway } from '../helpers/gateway.js';

export const deployPath = (relative: string) => new URL(`../../deploy/${relative}`, import.meta.url);
export const readDeployFile = (relative: string) => readFileSync(deployPath(relative), 'utf8');
export const readRepoFile = (relative: string) => readFileSync(new URL(`../../${relative}`, import.meta.url), 'utf8');

/** Every YAML document of a file, failing on any syntax error or warning. */
export function yamlDocuments(text: string): unknown[] {
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0 || document.warnings.length > 0) throw new Error([...document.errors, ...document.warnings].map((e) => e.message).join('\n'));
    return document.toJS() as unknown;
  });
}

/** Compose's interpolation with an empty environment: `${VAR:-default}` is the default, `${VAR}` empty. */
export function interpolateDefaults(value: string): string {
  return value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_match, _name: string, fallback: string | undefined) => fallback ?? '');
}

/** A Go/compose duration ("1m30s", "20s", "500ms") in milliseconds. */
export function durationMs(value: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, ns: 0.000001 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|us|ns|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) throw new Error(`not a duration: ${value}`);
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * units[unit!]!, 0);
}

/** The status each path answers on a gateway over the sandbox, as a probe would request it (GET). */
export async function statusOfPaths(paths: string[]): Promise<Record<string, number>> {
  const gateway = await startTestGateway();
  try {
    const statuses: Record<string, number> = {};
    for (const path of paths) statuses[path] = (await fetch(`${gateway.url}${path}`)).status;
    return statuses;
  } finally {
    await gateway.close();
  }
}
