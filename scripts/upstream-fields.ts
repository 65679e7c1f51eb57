/**
 * Writes the table of every upstream field the gateway maps into
 * docs/upstream-contract.md (between the mapped-fields markers), read from the
 * zod schemas of the mapping modules themselves, so the document cannot drift
 * from the code. With --check it fails when the document is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import * as marketplace from '../src/upstreams/marketplace/map.js';
import * as seo from '../src/upstreams/seo/map.js';
import * as items from '../src/upstreams/items/map.js';

const target = fileURLToPath(new URL('../docs/upstream-contract.md', import.meta.url));
const START = '<!-- mapped-fields:start -->';
const END = '<!-- mapped-fields:end -->';

type Def = { type: string; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field names of an object schema (through transforms, optionals and nullables), nested ones dotted. */
function fieldsOf(schema: z.ZodType, prefix = ''): string[] {
  const def = defOf(schema);
  if (def.type === 'pipe') return fieldsOf(def.in!, prefix);
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return fieldsOf(def.innerType!, prefix);
  if (def.type === 'array') return fieldsOf(def.element!, `${prefix}[]`.replace(/^\[\]$/, ''));
  // A list or record validated by hand (items/map.ts itemList, oneItem) names its schema in its metadata.
  if (def.type === 'custom') {
    const meta = z.globalRegistry.get(schema);
    if (meta?.recordOf) return fieldsOf(meta.recordOf as z.ZodType, prefix);
    const arrayOf = meta?.arrayOf as z.ZodType | undefined;
    return arrayOf ? fieldsOf(arrayOf, `${prefix}[]`.replace(/^\[\]$/, '')) : [];
  }
  if (def.type !== 'object') return [];
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  return Object.entries(shape).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const nested = fieldsOf(value, name);
    return nested.length > 0 ? nested : [name];
  });
}

function rows(service: string, module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([name, value]) =>
      name.endsWith('Schema') || name.endsWith('Envelope') ? typeof value === 'object' && value !== null && '_zod' in value : false,
    )
    .map(([name, value]) => ({ name, fields: fieldsOf(value as z.ZodType) }))
    .filter(({ fields }) => fields.length > 0)
    .map(({ name, fields }) => `| ${service} | \`${name}\` | ${fields.map((f) => `\`${f}\``).join(', ')} |`);
}

const table = [
  '| Upstream | Mapping (`src/upstreams/<name>/map.ts`) | Upstream fields read |',
  '|---|---|---|',
  ...rows('marketplace', marketplace),
  ...rows('seo', seo),
  ...rows('items', items),
].join('\n');

const current = readFileSync(target, 'utf8');
const start = current.indexOf(START);
const end = current.indexOf(END);
if (start === -1 || end === -1) throw new Error(`${target} lacks the ${START} / ${END} markers`);
const next = `${current.slice(0, start + START.length)}\n${table}\n${current.slice(end)}`;

if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('docs/upstream-contract.md lists stale mapped fields: run `npm run docs:fields` and commit it.');
    process.exit(1);
  }
  console.log('docs/upstream-contract.md mapped fields are up to date.');
} else {
  writeFileSync(target, next);
  console.log(`wrote the mapped-fields table of ${target}`);
}
