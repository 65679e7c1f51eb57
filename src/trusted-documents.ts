/**
 * Trusted documents (persisted operations): the operations a team's clients were
 * built with, named by the sha256 of their text. The file is graphql-codegen's
 * `persisted-documents.json` (client preset, `persistedDocuments: true`): a JSON
 * object id → document, the id `sha256:<hex>` (current presets) or bare `<hex>`.
 *
 * It is read and checked once at start-up, so a wrong path, a file that is not
 * such an object, an id that is not the sha256 of its document (a hand-edited or
 * differently hashed file would serve a different operation than the client was
 * built with) or a document the schema does not accept stops the process with a
 * message naming PERSISTED_DOCUMENTS, instead of failing callers one by one.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GraphQLError, parse, validate, type GraphQLSchema } from 'graphql';
import { ConfigError } from './config.js';

const ID = /^(?:sha256:)?([0-9a-f]{64})$/i;

/** The bare lowercase hex of an id in either form, or undefined when it is no sha256 id at all. */
export function documentHash(id: string): string | undefined {
  return ID.exec(id.trim())?.[1]?.toLowerCase();
}

export interface TrustedDocuments {
  /** The document text for an id in either form (`sha256:<hex>` or `<hex>`), if it is trusted. */
  lookup(id: string): string | undefined;
  readonly size: number;
  /** Refuse any request that carries query text (PERSISTED_DOCUMENTS_ONLY). */
  readonly only: boolean;
}

const fail = (path: string, reason: string) => new ConfigError(`Invalid configuration:\n  PERSISTED_DOCUMENTS: ${path}: ${reason}`);

/** Checks the parsed file against the schema and builds the lookup; throws ConfigError naming the first problem. */
export function trustedDocumentsFrom(json: unknown, schema: GraphQLSchema, options: { path: string; only: boolean }): TrustedDocuments {
  const { path } = options;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw fail(path, 'expected a JSON object mapping a document id to its text (graphql-codegen persisted-documents.json)');
  }
  const documents = new Map<string, string>();
  for (const [id, text] of Object.entries(json)) {
    const hash = documentHash(id);
    if (!hash) throw fail(path, `"${id.slice(0, 80)}" is not a sha256 id ("sha256:<64 hex>" or "<64 hex>")`);
    if (typeof text !== 'string') throw fail(path, `the document of ${id} is not a string`);
    if (createHash('sha256').update(text).digest('hex') !== hash) {
      throw fail(path, `${id} is not the sha256 of its document (generate the file with hashAlgorithm "sha256", and do not edit it)`);
    }
    let errors: readonly GraphQLError[];
    try {
      errors = validate(schema, parse(text));
    } catch (error) {
      errors = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
    }
    if (errors.length > 0) throw fail(path, `the document ${id} does not run against this schema: ${errors[0]!.message}`);
    documents.set(hash, text);
  }
  return {
    lookup: (id) => {
      const hash = documentHash(id);
      return hash === undefined ? undefined : documents.get(hash);
    },
    size: documents.size,
    only: options.only,
  };
}

/** Reads and checks the file at `path` (see trustedDocumentsFrom). */
export function loadTrustedDocuments(path: string, schema: GraphQLSchema, only: boolean): TrustedDocuments {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    throw fail(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw fail(path, 'is not valid JSON');
  }
  return trustedDocumentsFrom(json, schema, { path, only });
}
