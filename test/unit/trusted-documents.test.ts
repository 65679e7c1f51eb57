/**
 * The trusted-documents file is read and checked at start-up: codegen's format
 * (either id form) loads, and every way a file can be wrong is a ConfigError
 * naming PERSISTED_DOCUMENTS and the problem, never a failure at request time.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { loadTrustedDocuments } from '../../src/trusted-documents.js';

const dir = mkdtempSync(join(tmpdir(), 'trusted-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const SELLER = 'query Seller($u: String!) { seller(username: $u) { name } }';
const CATEGORIES = 'query Categories { categories { slug } }';

let n = 0;
const write = (content: string) => {
  const path = join(dir, `file-${n++}.json`);
  writeFileSync(path, content);
  return path;
};
const loadError = (path: string) => {
  try {
    loadTrustedDocuments(path, schema, false);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('PERSISTED_DOCUMENTS');
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadTrustedDocuments', () => {
  it("loads codegen's persisted-documents.json, looked up by either id form", () => {
    // As the client preset writes it: "sha256:<hex>" keys, printed documents as values, 2-space JSON.
    const path = write(JSON.stringify({ [`sha256:${sha(SELLER)}`]: SELLER, [sha(CATEGORIES)]: CATEGORIES }, null, 2));
    const documents = loadTrustedDocuments(path, schema, true);
    expect(documents.size).toBe(2);
    expect(documents.only).toBe(true);
    for (const id of [`sha256:${sha(SELLER)}`, sha(SELLER), sha(SELLER).toUpperCase()]) expect(documents.lookup(id)).toBe(SELLER);
    expect(documents.lookup(`sha256:${sha(CATEGORIES)}`)).toBe(CATEGORIES);
    expect(documents.lookup(`sha256:${'0'.repeat(64)}`)).toBeUndefined();
    expect(documents.lookup('not-an-id')).toBeUndefined();
  });

  it('refuses a file that cannot be read or is not a JSON object', () => {
    expect(loadError(join(dir, 'missing.json'))).toMatch(/cannot be read \(ENOENT\)/);
    expect(loadError(write('{ not json'))).toMatch(/not valid JSON/);
    expect(loadError(write('["query { a }"]'))).toMatch(/expected a JSON object/);
  });

  it('refuses an id that is not a sha256, or not the sha256 of its document', () => {
    expect(loadError(write(JSON.stringify({ '1': SELLER })))).toMatch(/"1" is not a sha256 id/);
    expect(loadError(write(JSON.stringify({ [sha(SELLER)]: CATEGORIES })))).toMatch(/is not the sha256 of its document/);
    expect(loadError(write(JSON.stringify({ [sha(SELLER)]: 42 })))).toMatch(/is not a string/);
  });

  it('refuses a document this schema does not run (syntax or validation)', () => {
    const broken = 'query { seller(';
    expect(loadError(write(JSON.stringify({ [sha(broken)]: broken })))).toMatch(/does not run against this schema: Syntax Error/);
    const unknown = 'query { noSuchField }';
    expect(loadError(write(JSON.stringify({ [sha(unknown)]: unknown })))).toMatch(/Cannot query field "noSuchField"/);
  });
});

describe('configuration', () => {
  it('needs PERSISTED_DOCUMENTS for PERSISTED_DOCUMENTS_ONLY', () => {
    expect(() => loadConfig({ PERSISTED_DOCUMENTS_ONLY: 'true' })).toThrow(/PERSISTED_DOCUMENTS_ONLY: needs PERSISTED_DOCUMENTS/);
    expect(loadConfig({ PERSISTED_DOCUMENTS: '/x.json', PERSISTED_DOCUMENTS_ONLY: 'true' }).persistedDocuments).toEqual({
      path: '/x.json',
      only: true,
    });
    expect(loadConfig({}).persistedDocuments).toEqual({ path: undefined, only: false });
  });
});
