/**
 * The schema evolution check (scripts/schema-evolution.ts, CLI
 * scripts/schema-diff.ts): a breaking change fails unless listed as intended,
 * additions pass, and a deprecation must say why.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compareSchemas, formatReport, parseIntendedChanges, passes } from '../../scripts/schema-evolution.js';

const released = /* GraphQL */ `
  type Query {
    seller(username: String!): Seller
  }
  type Seller {
    username: String!
    name: String
    legacyRating: Float
  }
`;
const withoutLegacyRating = released.replace('    legacyRating: Float\n', '');
const removal = { type: 'FIELD_REMOVED', path: 'Seller.legacyRating', reason: 'Replaced by Seller.rating since 0.1.0; no client used it.' };

describe('compareSchemas', () => {
  it('fails on a removed field that is not listed as intended, naming it', async () => {
    const report = await compareSchemas(released, withoutLegacyRating, []);
    expect(passes(report)).toBe(false);
    expect(report.unlisted.map((c) => [c.type, c.path])).toEqual([['FIELD_REMOVED', 'Seller.legacyRating']]);
    const text = formatReport(report, '0.1.0');
    expect(text).toContain('FAIL: 1 breaking change(s)');
    expect(text).toContain('"path": "Seller.legacyRating"');
  });

  it('passes a removed field listed as intended, and shows its reason', async () => {
    const report = await compareSchemas(released, withoutLegacyRating, [removal]);
    expect(passes(report)).toBe(true);
    expect(report.allowed).toHaveLength(1);
    expect(formatReport(report, '0.1.0')).toContain(`intended: ${removal.reason}`);
  });

  it('an entry for another path does not allow the removal', async () => {
    const report = await compareSchemas(released, withoutLegacyRating, [{ ...removal, path: 'Seller.name' }]);
    expect(passes(report)).toBe(false);
    expect(report.stale.map((e) => e.path)).toEqual(['Seller.name']);
  });

  it('an added field is safe', async () => {
    const report = await compareSchemas(released, released.replace('    name: String\n', '    name: String\n    rating: Float\n'), []);
    expect(passes(report)).toBe(true);
    expect(report.breaking).toHaveLength(0);
    expect(report.safe.map((c) => [c.type, c.path])).toEqual([['FIELD_ADDED', 'Seller.rating']]);
  });

  it('a new required argument is breaking', async () => {
    const report = await compareSchemas(
      released,
      released.replace('seller(username: String!)', 'seller(username: String!, market: String!)'),
      [],
    );
    expect(report.unlisted.map((c) => c.type)).toEqual(['FIELD_ARGUMENT_ADDED']);
  });

  it.each([
    ['without a reason', '@deprecated'],
    ['with the default reason', '@deprecated(reason: "No longer supported")'],
    ['with an empty reason', '@deprecated(reason: " ")'],
  ])('fails on a deprecation %s', async (_, directive) => {
    const report = await compareSchemas(released, released.replace('legacyRating: Float', `legacyRating: Float ${directive}`), []);
    expect(passes(report)).toBe(false);
    expect(report.deprecationsWithoutReason).toEqual(['Seller.legacyRating']);
    expect(formatReport(report, '0.1.0')).toContain('deprecated without a reason');
  });

  it('passes a deprecation that says what to use instead', async () => {
    const report = await compareSchemas(
      released,
      released.replace('legacyRating: Float', 'legacyRating: Float @deprecated(reason: "Use `rating`.")'),
      [],
    );
    expect(passes(report)).toBe(true);
    expect(report.safe.some((c) => c.type === 'FIELD_DEPRECATION_ADDED')).toBe(true);
  });

  it('checks enum values and input fields for deprecation reasons too', async () => {
    const sdl = `${released}\nenum Sort { NEW OLD @deprecated }\ninput Filter { q: String @deprecated }`;
    const report = await compareSchemas(`${released}\nenum Sort { NEW OLD }\ninput Filter { q: String }`, sdl, []);
    expect(report.deprecationsWithoutReason.sort()).toEqual(['Filter.q', 'Sort.OLD']);
  });
});

describe('parseIntendedChanges', () => {
  it('refuses an entry without a reason', () => {
    const json = JSON.stringify({ releasedVersion: '0.1.0', changes: [{ type: 'FIELD_REMOVED', path: 'Seller.legacyRating' }] });
    expect(() => parseIntendedChanges(json)).toThrow(/entry 0 needs a non-empty "reason"/);
  });

  it('reads the committed allow-list', () => {
    const file = parseIntendedChanges(readFileSync(new URL('../../schema/intended-breaking-changes.json', import.meta.url), 'utf8'));
    expect(file.releasedVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('npm run schema:diff (scripts/schema-diff.ts)', () => {
  const run = promisify(execFile);
  const script = new URL('../../scripts/schema-diff.ts', import.meta.url).pathname;
  const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;

  it('exits 1 on an unlisted removal and 0 once it is listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schema-diff-'));
    const files = { released: join(dir, 'released.graphql'), current: join(dir, 'current.graphql'), intended: join(dir, 'intended.json') };
    writeFileSync(files.released, released);
    writeFileSync(files.current, withoutLegacyRating);
    writeFileSync(files.intended, JSON.stringify({ releasedVersion: '0.1.0', changes: [] }));
    const args = [script, '--released', files.released, '--current', files.current, '--intended', files.intended];

    const failed = await run(tsx, args).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('FIELD_REMOVED Seller.legacyRating');

    writeFileSync(files.intended, JSON.stringify({ releasedVersion: '0.1.0', changes: [removal] }));
    const passed = await run(tsx, args);
    expect(passed.stdout).toContain('OK: no unlisted breaking change');
  });

  it('--release copies the current schema over the released one and empties the list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schema-release-'));
    const files = { released: join(dir, 'released.graphql'), current: join(dir, 'current.graphql'), intended: join(dir, 'intended.json') };
    writeFileSync(files.released, released);
    writeFileSync(files.current, withoutLegacyRating);
    writeFileSync(files.intended, JSON.stringify({ releasedVersion: '0.1.0', changes: [removal] }));
    await run(tsx, [script, '--released', files.released, '--current', files.current, '--intended', files.intended, '--release', '0.2.0']);
    expect(readFileSync(files.released, 'utf8')).toBe(withoutLegacyRating);
    expect(parseIntendedChanges(readFileSync(files.intended, 'utf8'))).toEqual({ releasedVersion: '0.2.0', changes: [] });
  });
});
