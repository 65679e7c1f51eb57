/**
 * Property test over every root field that takes an identifier, free text or
 * a number (directly or inside its input object): thousands of generated
 * hostile values (path traversal, `?`, `#`, CRLF, huge strings, unicode,
 * lone surrogates, negative and huge numbers) never crash the gateway, every
 * error carries a code, and no upstream is ever called on a path outside its
 * operation table. Runs per field: PROPERTY_RUNS (default 6), each packing
 * PROPERTY_ALIASES (default 8) values into one request through aliases.
 */
import fc from 'fast-check';
import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  isCompositeType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';
import { seoOperations } from '../../src/upstreams/seo/operations.js';
import { itemsOperations } from '../../src/upstreams/items/operations.js';
import type { OperationSpec } from '../../src/upstreams/operations.js';
import type { SandboxName } from '../../src/sandbox/index.js';
import { ALL_CREDENTIALS, startTestGateway, type GraphQLResponse, type TestGateway } from '../helpers/gateway.js';
import { CALLER_ERROR_CODES } from '../helpers/error-codes.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 6);
const ALIASES = Number(process.env.PROPERTY_ALIASES ?? 8);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261123);

const NASTY = [
  '..',
  '.',
  '../../etc/passwd',
  '..%2F..%2Fadmin',
  '%2e%2e',
  '?',
  '#',
  '?admin=1&api_key=x',
  '#frag',
  '/',
  'a/b',
  '//evil.example/x',
  'http://evil.example/',
  '\r\n',
  'a\r\nX-Injected: 1',
  '\u0000',
  ' ',
  '',
  '\t',
  'pixelcraft',
  'alice',
  '1',
  '0',
  '-1',
  '\u202e',
  '😀',
  '\ud800',
  '%',
  '%00',
  '%zz',
  '\\..\\',
  '{slug}',
  '$(id)',
  "' OR 1=1 --",
  'a'.repeat(201),
  '日本語',
  'Ａ',
  'e\u0301',
];
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY), fc.string({ maxLength: 10 }), fc.constantFrom(...NASTY)).map((p) => p.join('')),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 190, maxLength: 260 }) },
  { weight: 1, arbitrary: fc.nat({ max: 30_000 }).map((n) => 'x'.repeat(n + 1_000)) },
);
const hostileInt = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -5, max: 150 }) },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, 100, 101, 2_147_483_647, -2_147_483_648) },
  { weight: 2, arbitrary: fc.integer() },
  // Beyond GraphQL's Int: coercion refuses the whole request (BAD_USER_INPUT).
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e15) },
);

/** An arbitrary for a GraphQL input type; undefined when it cannot be generated (a File upload). */
function arbitraryFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> | undefined {
  if (type instanceof GraphQLNonNull) return arbitraryFor(type.ofType as GraphQLInputType, depth);
  if (type instanceof GraphQLList) {
    const item = arbitraryFor(type.ofType as GraphQLInputType, depth);
    return item && fc.array(item, { maxLength: 3 });
  }
  if (type instanceof GraphQLEnumType) return fc.constantFrom(...type.getValues().map((v) => v.name));
  if (type instanceof GraphQLInputObjectType) {
    if (depth > 2) return undefined;
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    for (const field of Object.values(type.getFields())) {
      const arb = arbitraryFor(field.type, depth + 1);
      if (!arb) {
        if (field.type instanceof GraphQLNonNull) return undefined;
        continue;
      }
      fields[field.name] = arb;
      if (field.type instanceof GraphQLNonNull) required.push(field.name);
    }
    return fc.record(fields, { requiredKeys: required });
  }
  const scalar = type as GraphQLScalarType;
  switch (scalar.name) {
    case 'String':
    case 'ID':
      return hostileString;
    case 'Int':
      return hostileInt;
    case 'Float':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, 1e308));
    case 'Boolean':
      return fc.boolean();
    case 'DateTime':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        hostileString,
      );
    case 'JSON':
      return fc.oneof(fc.constant(null), fc.dictionary(hostileString, hostileString, { maxKeys: 2 }));
    default:
      return undefined;
  }
}

/** True when a type carries something hostile text or numbers can go into. */
function takesText(type: GraphQLInputType, depth = 0): boolean {
  const named = getNamedType(type);
  if (named instanceof GraphQLScalarType) return ['String', 'ID', 'Int'].includes(named.name);
  if (named instanceof GraphQLInputObjectType && depth < 3)
    return Object.values(named.getFields()).some((f) => takesText(f.type, depth + 1));
  return false;
}

interface Target {
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
  args: Array<{ name: string; type: GraphQLInputType; arb: fc.Arbitrary<unknown> }>;
}

function targets(): Target[] {
  const found: Target[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (!field.args.some((a) => takesText(a.type))) continue;
      const args = field.args.map((a) => ({ name: a.name, type: a.type, arb: arbitraryFor(a.type) }));
      // A required argument we cannot generate (an upload) leaves the field out.
      if (args.some((a) => !a.arb && a.type instanceof GraphQLNonNull)) continue;
      found.push({ kind, field, args: args.filter((a): a is Target['args'][number] => a.arb !== undefined) });
    }
  }
  return found;
}

/** `query($v0_id: ID!, …) { a0: order(id: $v0_id) { __typename } … }` for `count` value sets. */
function documentFor(target: Target, count: number): string {
  const selection = isCompositeType(getNamedType(target.field.type)) ? ' { __typename }' : '';
  const variables: string[] = [];
  const fields: string[] = [];
  for (let i = 0; i < count; i++) {
    for (const arg of target.args) variables.push(`$v${i}_${arg.name}: ${String(arg.type)}`);
    const args = target.args.map((arg) => `${arg.name}: $v${i}_${arg.name}`).join(', ');
    fields.push(`a${i}: ${target.field.name}${args ? `(${args})` : ''}${selection}`);
  }
  return `${target.kind}${variables.length ? `(${variables.join(', ')})` : ''} { ${fields.join(' ')} }`;
}

const ROOTS: Record<SandboxName, { root: string; ops: Record<string, OperationSpec> }> = {
  marketplace: { root: '/api/v1', ops: marketplaceOperations },
  seo: { root: '/api/v1', ops: seoOperations },
  items: { root: '/api', ops: itemsOperations },
};
const ALLOWED_PATHS = Object.fromEntries(
  Object.entries(ROOTS).map(([name, { root, ops }]) => [
    name,
    Object.values(ops).map(
      (op) => new RegExp(`^${root}${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+')}$`),
    ),
  ]),
) as Record<SandboxName, RegExp[]>;

let gw: TestGateway;
const cursor: Record<SandboxName, number> = { marketplace: 0, seo: 0, items: 0 };
let values = 0;

beforeAll(async () => {
  // The breaker must not hide calls: a hostile value may make the sandbox answer 5xx.
  gw = await startTestGateway({ BREAKER_FAILURES: '1000000' });
});
afterAll(async () => {
  console.log(`hostile-arguments: ${values} generated values over ${targets().length} fields`);
  await gw.close();
});

/** Every call an upstream received since the last check went to a path of its operation table. */
function checkNewCalls(): void {
  for (const name of Object.keys(ROOTS) as SandboxName[]) {
    const calls = gw.calls(name);
    for (const call of calls.slice(cursor[name])) {
      expect(
        ALLOWED_PATHS[name].some((re) => re.test(call.path)),
        `${name} ${call.method} ${call.path}`,
      ).toBe(true);
      for (const segment of call.path.split('/')) expect(['.', '..']).not.toContain(decodeURIComponent(segment));
    }
    cursor[name] = calls.length;
  }
}

function checkResponse(res: GraphQLResponse, variables: unknown): void {
  const context = JSON.stringify(variables).slice(0, 300);
  expect([200, 400, 413], context).toContain(res.status);
  expect(res.data !== undefined || res.errors !== undefined, context).toBe(true);
  for (const error of res.errors ?? []) {
    const code = String(error.extensions?.code);
    expect(CALLER_ERROR_CODES.has(code), `${code}: ${error.message} for ${context}`).toBe(true);
    expect(error.message).not.toMatch(/\n\s+at /);
  }
}

describe('hostile argument values', () => {
  const all = targets();

  it('finds the fields to attack', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.map((t) => t.field.name)).toEqual(
      expect.arrayContaining(['seller', 'gig', 'order', 'seoReport', 'item', 'validatePurchase', 'deleteSeoProject']),
    );
  });

  it.each(all.map((t) => [`${t.kind} ${t.field.name}`, t] as const))('%s', async (_name, target) => {
    const document = documentFor(target, ALIASES);
    const valueSets = fc.array(fc.tuple(...target.args.map((a) => a.arb)), { minLength: ALIASES, maxLength: ALIASES });
    const details = await fc.check(
      fc.asyncProperty(valueSets, async (sets) => {
        const variables: Record<string, unknown> = {};
        sets.forEach((set, i) => target.args.forEach((arg, j) => (variables[`v${i}_${arg.name}`] = set[j])));
        values += sets.length;
        const res = await gw.query(document, { variables, headers: { ...ALL_CREDENTIALS, authorization: 'Bearer demo-seller-token' } });
        checkResponse(res, variables);
        checkNewCalls();
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The counterexample can hold 30 kB strings: report the failure, not the whole value.
    if (details.failed) throw new Error(`seed ${details.seed}: ${String(details.errorInstance).slice(0, 600)}`);
    expect(await (await fetch(`${gw.url}/healthz`)).json()).toEqual({ status: 'ok' });
  });
});
