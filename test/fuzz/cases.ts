/**
 * The campaign's inputs: case N of a seed is one of a few attack shapes
 * (random operations over the schema, alias and batch floods, fragment
 * cycles, deep nesting, huge strings, forged cursors, cost bombs hidden in
 * variable defaults, malformed HTTP bodies, garbage text), sent with a
 * credential set that the leak check then looks for in every answer and log line.
 */
import type { GraphQLSchema } from 'graphql';
import {
  aliasFlood,
  costBomb,
  deepSelection,
  forgedCursorQuery,
  fragmentCycle,
  garbage,
  httpProtocol,
  hugeString,
  type FuzzOperation,
  type RawRequest,
} from './attack-shapes.js';
import { deepJson, randomOperation, type GenOptions } from './documents.js';
import { caseRng, type Pools, type Rng } from './values.js';

export interface FuzzCase {
  index: number;
  kind: string;
  /** More than one: an HTTP batch (over WebSocket, one subscribe message each). */
  operations: FuzzOperation[];
  batch: boolean;
  /** A hand-made HTTP request body (HTTP only; over WebSocket its text is sent as the query). */
  raw?: RawRequest;
  /** Header name → value; over WebSocket these are the connectionParams. */
  credentials: Record<string, string>;
}

/** Distinctive demo credentials of the sandbox: any of them in an answer or a log line is a leak. */
export const DEMO_CREDENTIALS = {
  buyer: 'demo-buyer-token',
  seller: 'demo-seller-token',
  seo: 'seo-demo-key',
  items: 'items-demo-key',
  admin: 'fuzz-admin-key-7f3a9c',
  webhook: 'fuzz-webhook-secret-51d2e8',
};

export interface CaseOptions {
  seed: number;
  pools: Pools;
  hostileCursors: boolean;
}

const KINDS: ReadonlyArray<readonly [number, string]> = [
  [44, 'schema'],
  [8, 'alias-flood'],
  [6, 'batch'],
  [3, 'fragment-cycle'],
  [4, 'deep-selection'],
  [3, 'deep-list-literal'],
  [2, 'deep-variables'],
  [3, 'huge-string'],
  [6, 'garbage'],
  [6, 'forged-cursor'],
  [5, 'cost-bomb-defaults'],
  [4, 'http-protocol'],
  [2, 'directive-token-flood'],
  [2, 'introspection'],
];

export function generateCase(schema: GraphQLSchema, index: number, options: CaseOptions): FuzzCase {
  const rng = caseRng(options.seed, index);
  const gen: GenOptions = { rng, pools: options.pools, hostileCursors: options.hostileCursors, maxDepth: rng.int(2, 6) };
  const kind = rng.weighted(KINDS);
  const one = (operation: FuzzOperation): Omit<FuzzCase, 'index' | 'kind' | 'credentials'> => ({ operations: [operation], batch: false });
  const body = ((): Omit<FuzzCase, 'index' | 'kind' | 'credentials'> => {
    switch (kind) {
      case 'alias-flood':
        return one(aliasFlood(schema, gen));
      case 'batch':
        return {
          operations: Array.from({ length: rng.int(2, 14) }, () =>
            rng.chance(0.3) ? costBomb(schema, gen) : randomOperation(schema, gen),
          ),
          batch: true,
        };
      case 'fragment-cycle':
        return one(fragmentCycle(rng));
      case 'deep-selection':
        return one(deepSelection(schema, { ...gen, maxDepth: rng.int(8, 30) }));
      case 'deep-list-literal': {
        // A warm process (optimised parser frames) survives a few thousand levels that overflow a cold one: go far beyond.
        const depth = rng.weighted<number>([
          [3, rng.int(20, 200)],
          [2, rng.int(200, 1500)],
          [1, rng.int(1500, 4000)],
          [1, rng.int(4000, 40_000)],
        ]);
        const literal = rng.chance(0.7) ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`;
        return one({ query: `{ gigs(first: ${literal}) { totalCount } }` });
      }
      case 'deep-variables': {
        const op = randomOperation(schema, gen);
        const keys = Object.keys(op.variables);
        const deep = deepJson(rng.int(100, 1500));
        if (keys.length) op.variables[rng.pick(keys)] = deep;
        else op.variables.unused = deep;
        return one(op);
      }
      case 'huge-string':
        return one(hugeString(schema, gen));
      case 'garbage':
        return one({ query: garbage(schema, gen) });
      case 'forged-cursor':
        return one(forgedCursorQuery(schema, gen));
      case 'cost-bomb-defaults': {
        const bomb = costBomb(schema, gen);
        return rng.chance(0.2) ? { operations: Array.from({ length: rng.int(2, 10) }, () => bomb), batch: true } : one(bomb);
      }
      case 'http-protocol':
        return { operations: [{ query: '{ __typename }' }], batch: false, raw: httpProtocol(rng) };
      case 'directive-token-flood': {
        const n = rng.int(10, 400);
        return one({
          query: rng.chance(0.5) ? `{ categories ${'@include(if: true) '.repeat(n)} { slug } }` : `{ ${'categories { slug } '.repeat(n)} }`,
        });
      }
      case 'introspection': {
        let nested = 'name';
        for (let i = rng.int(1, 40); i > 0; i--) nested = `name ofType { ${nested} }`;
        return one({
          query: rng.chance(0.5)
            ? '{ __schema { types { name fields { name args { name } } } } }'
            : `{ __type(name: "Query") { fields { type { ${nested} } } } }`,
        });
      }
      default:
        return one(randomOperation(schema, gen));
    }
  })();
  return { index, kind, ...body, credentials: credentials(rng) };
}

function credentials(rng: Rng): Record<string, string> {
  const made = () => `fuzz-${Math.floor(rng.next() * 2 ** 48).toString(16)}`;
  const c = DEMO_CREDENTIALS;
  return rng.weighted<() => Record<string, string>>([
    [60, () => ({ authorization: `Bearer ${c.buyer}`, 'x-seo-api-key': c.seo, 'x-items-api-key': c.items })],
    [12, () => ({ authorization: `Bearer ${c.seller}`, 'x-items-api-key': c.items })],
    [10, () => ({})],
    // Made-up credentials (rotating, as an attacker would): they must not come back either.
    [10, () => ({ authorization: `Bearer ${made()}`, 'x-seo-api-key': made(), 'x-items-api-key': made() })],
    [3, () => ({ authorization: `bearer  ${c.buyer.toUpperCase()} ` })],
    [3, () => ({ authorization: `Bearer ${c.buyer}`, 'x-gateway-admin-key': c.admin })],
    // Control characters: fetch refuses them in headers, so only the WebSocket path sends them.
    [2, () => ({ authorization: `Bearer ${made()}\r\nX-Evil: 1`, 'x-seo-api-key': `${c.seo}\u0000` })],
  ])();
}
