/**
 * Schema evolution rules: compares the current schema with the last released
 * one (graphql-inspector's diff), sorts the changes into breaking, dangerous
 * and safe, lets a breaking change through only when it is listed as intended
 * (with a reason), and requires every deprecation to say why and what to use.
 * The CLI is scripts/schema-diff.ts.
 */
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  DEFAULT_DEPRECATION_REASON,
  type GraphQLSchema,
} from 'graphql';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';

/** One entry of schema/intended-breaking-changes.json. */
export interface IntendedBreakingChange {
  /** graphql-inspector's change type, e.g. FIELD_REMOVED. */
  type: string;
  /** graphql-inspector's path, e.g. Seller.legacyField. */
  path: string;
  /** Why clients may be broken, and what they use instead. */
  reason: string;
}

export interface IntendedChangesFile {
  releasedVersion: string;
  changes: IntendedBreakingChange[];
}

export interface EvolutionReport {
  breaking: Change[];
  dangerous: Change[];
  safe: Change[];
  /** Changes to server-side directives (e.g. @upstream) that introspection never shows a client. */
  internal: Change[];
  /** Breaking changes listed as intended, with the listed reason. */
  allowed: Array<{ change: Change; reason: string }>;
  /** Breaking changes not listed: these fail the check. */
  unlisted: Change[];
  /** Listed changes that no longer happen (left over from an earlier release). */
  stale: IntendedBreakingChange[];
  /** Schema coordinates deprecated without a reason, or with graphql's default one. */
  deprecationsWithoutReason: string[];
}

// Directive usages a client can see (in introspection); other directives are the gateway's own annotations.
const CLIENT_VISIBLE_DIRECTIVES = new Set(['deprecated', 'specifiedBy', 'oneOf']);

function isInternalDirectiveChange(change: Change): boolean {
  if (!String(change.type).startsWith('DIRECTIVE_USAGE_')) return false;
  const directive = /@(\w+)/.exec(change.path ?? '')?.[1];
  return directive !== undefined && !CLIENT_VISIBLE_DIRECTIVES.has(directive);
}

/** Reads and checks the allow-list; every entry needs a type, a path and a reason. */
export function parseIntendedChanges(json: string): IntendedChangesFile {
  const raw = JSON.parse(json) as Partial<IntendedChangesFile>;
  if (typeof raw.releasedVersion !== 'string' || !Array.isArray(raw.changes)) {
    throw new Error('intended breaking changes: expected { "releasedVersion": string, "changes": [...] }');
  }
  raw.changes.forEach((entry, index) => {
    for (const key of ['type', 'path', 'reason'] as const) {
      if (typeof entry?.[key] !== 'string' || entry[key].trim() === '') {
        throw new Error(`intended breaking changes: entry ${index} needs a non-empty "${key}"`);
      }
    }
  });
  return { releasedVersion: raw.releasedVersion, changes: raw.changes };
}

/** Every field, argument, input field and enum value deprecated without a real reason. */
export function findDeprecationsWithoutReason(schema: GraphQLSchema): string[] {
  const missing = (reason: string | null | undefined) =>
    reason !== null && reason !== undefined && (reason.trim() === '' || reason.trim() === DEFAULT_DEPRECATION_REASON);
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (missing(field.deprecationReason)) found.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (missing(arg.deprecationReason)) found.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (missing(field.deprecationReason)) found.push(`${type.name}.${field.name}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) if (missing(value.deprecationReason)) found.push(`${type.name}.${value.name}`);
    }
  }
  for (const directive of schema.getDirectives()) {
    for (const arg of directive.args) if (missing(arg.deprecationReason)) found.push(`@${directive.name}(${arg.name}:)`);
  }
  return found;
}

export async function compareSchemas(
  releasedSdl: string,
  currentSdl: string,
  intended: IntendedBreakingChange[],
): Promise<EvolutionReport> {
  const current = buildSchema(currentSdl);
  const changes = await diff(buildSchema(releasedSdl), current);
  const report: EvolutionReport = {
    breaking: [],
    dangerous: [],
    safe: [],
    internal: [],
    allowed: [],
    unlisted: [],
    stale: [],
    deprecationsWithoutReason: findDeprecationsWithoutReason(current),
  };
  const used = new Set<IntendedBreakingChange>();
  for (const change of changes) {
    if (isInternalDirectiveChange(change)) {
      report.internal.push(change);
    } else if (change.criticality.level === CriticalityLevel.Breaking) {
      report.breaking.push(change);
      const listed = intended.find((entry) => entry.type === change.type && entry.path === change.path);
      if (listed) {
        used.add(listed);
        report.allowed.push({ change, reason: listed.reason });
      } else {
        report.unlisted.push(change);
      }
    } else if (change.criticality.level === CriticalityLevel.Dangerous) {
      report.dangerous.push(change);
    } else {
      report.safe.push(change);
    }
  }
  report.stale = intended.filter((entry) => !used.has(entry));
  return report;
}

export function passes(report: EvolutionReport): boolean {
  return report.unlisted.length === 0 && report.deprecationsWithoutReason.length === 0;
}

/** The report as the CI log shows it; a failing change comes with the entry that would allow it. */
export function formatReport(report: EvolutionReport, releasedVersion: string): string {
  const line = (c: Change) => `  ${c.type} ${c.path ?? ''}: ${c.message}`;
  const out = [`Schema changes since release ${releasedVersion}:`];
  out.push(`breaking (${report.breaking.length}):`);
  for (const { change, reason } of report.allowed) out.push(`${line(change)}\n    intended: ${reason}`);
  for (const change of report.unlisted) out.push(`${line(change)}\n    NOT LISTED as intended`);
  out.push(`dangerous (${report.dangerous.length}):`, ...report.dangerous.map(line));
  out.push(`safe (${report.safe.length}):`, ...report.safe.map(line));
  if (report.internal.length > 0) out.push(`server-side directive annotations changed (not visible to clients): ${report.internal.length}`);
  for (const entry of report.stale) out.push(`warning: listed as intended but not in the diff (remove it): ${entry.type} ${entry.path}`);
  if (report.unlisted.length > 0) {
    out.push(
      '',
      `FAIL: ${report.unlisted.length} breaking change(s) would break clients of release ${releasedVersion}.`,
      'Make the change additive (add the new field, deprecate the old one with a reason), or, if it is deliberate,',
      'list it in schema/intended-breaking-changes.json with a reason, e.g.:',
      JSON.stringify(
        report.unlisted.map((c) => ({ type: c.type, path: c.path, reason: 'why, and what clients use instead' })),
        null,
        2,
      ),
    );
  }
  if (report.deprecationsWithoutReason.length > 0) {
    out.push(
      '',
      `FAIL: deprecated without a reason (or with "${DEFAULT_DEPRECATION_REASON}"): ${report.deprecationsWithoutReason.join(', ')}`,
      'Say what to use instead, e.g. @deprecated(reason: "Use `slug`.").',
    );
  }
  if (passes(report)) out.push('', 'OK: no unlisted breaking change, every deprecation has a reason.');
  return out.join('\n');
}
