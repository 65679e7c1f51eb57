/**
 * "Adding a read operation" in docs/architecture.md says a GET of an upstream
 * is four places: its row (src/upstreams/<upstream>/operations.ts), one field
 * declaration (schema/, `upstreamField` / `upstreamConnection`), its map entry
 * (the zod schema the row names, from src/upstreams/<upstream>/map) and its
 * sandbox route. This suite walks every GET row and checks each place, and
 * that resolvers/ and loaders/ do not read a row by name, except the reads
 * listed below with their reason (a new one fails here until it is declared
 * as row + key, or listed with a reason).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyOperation } from '../../src/upstreams/operations.js';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';
import { seoOperations } from '../../src/upstreams/seo/operations.js';
import { itemsOperations } from '../../src/upstreams/items/operations.js';
import * as marketplaceMap from '../../src/upstreams/marketplace/map.js';
import * as seoMap from '../../src/upstreams/seo/map.js';
import * as itemsMap from '../../src/upstreams/items/map.js';
import { createMarketplaceRouter } from '../../src/sandbox/marketplace/index.js';
import { createSeoRouter } from '../../src/sandbox/seo/index.js';
import { createItemsRouter } from '../../src/sandbox/items/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const page = readFileSync(`${root}docs/architecture.md`, 'utf8');

const upstreams = [
  { table: marketplaceOperations, map: marketplaceMap, routes: createMarketplaceRouter({ seed: 1 }).routes() },
  { table: seoOperations, map: seoMap, routes: createSeoRouter({ seed: 1 }).routes() },
  { table: itemsOperations, map: itemsMap, routes: createItemsRouter({ seed: 1 }).routes() },
];
const reads = upstreams.flatMap(({ table, map, routes }) =>
  (Object.values(table) as AnyOperation[]).filter((row) => row.method === 'GET').map((row) => ({ row, map, routes })),
);

/** GET rows with no field of their own, each with why. */
const NO_FIELD: Record<string, string> = {
  health: 'the service health check: documented, never read',
  themeShow: 'reference data, read at start-up by src/reference-data.ts',
  openapi: 'reference data, read at start-up by src/reference-data.ts',
  localeShow: 'reference data, read at start-up by src/reference-data.ts',
  languagesIndex: 'reference data, read at start-up by src/reference-data.ts',
  currenciesIndex: 'reference data, read at start-up by src/reference-data.ts',
  countriesIndex: 'reference data, read at start-up by src/reference-data.ts',
  categoriesIndex: 'reference data, read at start-up by src/reference-data.ts',
  showItem: "an item's detail, read by the items client for each listed item (it batches: loaders/items.ts)",
};

/** Reads by row name in resolvers/ and loaders/, by file, each file with why. */
const NAMED_READS: Record<string, { rows: string[]; why: string }> = {
  'resolvers/node.ts': {
    rows: [
      'usersShow',
      'sellersShow',
      'gigsShow',
      'ordersShow',
      'offersShow',
      'mediaShow',
      'showReport',
      'reviewsGig',
      'proposalsIndex',
      'conversationsIndex',
      'listProjects',
      'requestBoard',
      'requestsIndex',
    ],
    why: 'one field for every Node type: the id picks the row at run time (its show read, or a scan of its list)',
  },
  'resolvers/offers.ts': {
    rows: ['mediaShow'],
    why: "an offer's attachments: one read for each one the offer names only by id (the others arrive whole), not one call",
  },
  'resolvers/discovery.ts': { rows: ['gigsShow'], why: "a collection's gigs: one read per slug it lists, not one call" },
  'resolvers/events.ts': { rows: ['me'], why: 'no field: the subscriber, read to filter the events to their own' },
  'resolvers/advertising.ts': {
    rows: ['sellerAdvertisingShow'],
    why: "a listed campaign's analytics: a part of the single read's answer, read only when the campaign lacks them",
  },
  'resolvers/crm.ts': {
    rows: ['sellerCrmShow'],
    why: "a listed customer's notes: a part of the single read's answer, read only when the customer lacks them",
  },
  'resolvers/seo.ts': { rows: ['listReports'], why: 'a report found by its URL among the listed ones: a scan, not one call' },
};

/** `ops.gigsShow`, `seoOps.showReport`, `marketplaceOperations.me`: a row named through its table. */
const namedRow = /\b\w*(?:ops|Ops|Operations)\.(\w+)\b/g;

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: `${dir}/${name}`, text: withoutComments(readFileSync(`${root}${dir}/${name}`, 'utf8')) }));
}

/** The code without its comments, whose examples (`upstreamConnection(t, ops.reviewsGig, …)`) are not uses. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The text of the call that starts at `start` (an opening parenthesis), to its matching close. */
function callAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unclosed call at ${start}`);
}

/** Every `upstreamField(t, ops.<id>, …)` / `upstreamConnection(…)` in schema/, by row id, canonical or not. */
function declarations(): Map<string, Array<{ file: string; canonical: boolean }>> {
  const found = new Map<string, Array<{ file: string; canonical: boolean }>>();
  for (const { file, text } of sources('schema')) {
    for (const match of text.matchAll(/\bupstream(?:Field|Connection)\(\s*t,\s*\w+\.(\w+)/g)) {
      const call = callAt(text, match.index + match[0].indexOf('('));
      const list = found.get(match[1]!) ?? [];
      list.push({ file, canonical: !/\bcanonical:\s*false\b/.test(call) });
      found.set(match[1]!, list);
    }
  }
  return found;
}

describe('adding a read operation is its row, its field, its map entry and its sandbox route', () => {
  it('the page lists the four places and names this test', () => {
    const section = page.split('## Adding a read operation')[1]!.split('\n## ')[0]!;
    for (const place of [
      'its row',
      'its field declaration',
      'its map entry',
      'its sandbox route',
      'test/unit/read-operation-places.test.ts',
    ]) {
      expect(section).toContain(place);
    }
  });

  it('row ids are unique across the three tables (a name in the code means one row)', () => {
    const ids = upstreams.flatMap(({ table }) => Object.keys(table));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("every GET row's response schema is an export of its upstream's map module (or that export unwrapped by .transform)", () => {
    const fromMap = (schema: unknown, map: object): boolean => {
      const exported = Object.values(map) as unknown[];
      // A `.transform` (the items envelopes) is a zod pipe whose input is the map's schema.
      return exported.includes(schema) || exported.includes((schema as { _zod?: { def?: { in?: unknown } } })._zod?.def?.in);
    };
    const outside = reads.filter(({ row, map }) => row.id !== 'health' && !fromMap(row.schema, map)).map(({ row }) => row.id);
    expect(outside).toEqual([]);
  });

  it('the sandbox serves every GET row, by method and path', () => {
    const shape = (route: string) => route.replace(/\{[^}]+\}/g, '{}');
    const unserved = reads
      .filter(({ row, routes }) => !routes.map(shape).includes(shape(`GET ${row.path}`)))
      .map(({ row }) => `${row.service}.${row.id}`);
    expect(unserved).toEqual([]);
  });

  it('every GET row has exactly one canonical field declaration in schema/, except the rows listed with a reason', () => {
    const declared = declarations();
    const wrong = reads
      .filter(({ row }) => !(row.id in NO_FIELD))
      .map(({ row }) => ({ id: row.id, canonical: (declared.get(row.id) ?? []).filter((d) => d.canonical).map((d) => d.file) }))
      .filter(({ canonical }) => canonical.length !== 1);
    expect(wrong).toEqual([]);
    // A listed row really has no field (else it leaves the list).
    expect(Object.keys(NO_FIELD).filter((id) => declared.has(id))).toEqual([]);
  });

  it('resolvers/ and loaders/ read no GET row by name, except the reads listed with a reason', () => {
    const getIds = new Set(reads.map(({ row }) => row.id));
    const named: Record<string, string[]> = {};
    for (const { file, text } of [...sources('resolvers'), ...sources('loaders')]) {
      for (const line of text.split('\n')) {
        // A write forgetting or priming what it changed is not a read.
        if (/\.(forget|prime)\(/.test(line)) continue;
        for (const [, id] of line.matchAll(namedRow)) {
          if (!getIds.has(id!)) continue;
          const ids = (named[file] ??= []);
          if (!ids.includes(id!)) ids.push(id!);
        }
      }
    }
    const listed = Object.fromEntries(Object.entries(NAMED_READS).map(([file, { rows }]) => [file, [...rows].sort()]));
    expect(Object.fromEntries(Object.entries(named).map(([file, ids]) => [file, ids.sort()]))).toEqual(listed);
  });
});
