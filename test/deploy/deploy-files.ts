/**
 * Reading the deploy/ files the way their tools would: YAML documents, the
 * compose file's `${VAR…}` interpolation, durations such as "20s", and
 * whether the HTTP paths a probe or health check names answer on a real
 * gateway.
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
    if (document.errors.length > 0 || document.warnings.length > 0)
      throw new Error([...document.errors, ...document.warnings].map((e) => e.message).join('\n'));
    return document.toJS() as unknown;
  });
}

/**
 * Compose's variable interpolation (Compose Specification, "Interpolation") of one value: `$$` is a `$`;
 * `${VAR}` / `$VAR`; `${VAR:-default}` (unset or empty) and `${VAR-default}` (unset); `${VAR:?message}` and
 * `${VAR?message}` stop `docker compose` with the message, as here by throwing; `${VAR:+other}` / `${VAR+other}`.
 */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?)([-?+])([^}]*))?\}|\$(\w+)/g,
    (match, braced?: string, colon?: string, operator?: string, word?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      const current = env[name];
      const set = colon ? current !== undefined && current !== '' : current !== undefined;
      if (operator === '-') return set ? current! : word!;
      if (operator === '?') {
        if (!set) throw new Error(`required variable ${name} is missing a value: ${word}`);
        return current!;
      }
      if (operator === '+') return set ? word! : '';
      return current ?? '';
    },
  );
}

/** A compose service's environment as `docker compose up` interpolates it from `env`. */
export const serviceEnvironment = (environment: Record<string, unknown>, env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(String(value), env)]));

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
