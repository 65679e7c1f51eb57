/**
 * Prints the Pothos schema to schema/schema.graphql and the federation
 * subgraph's SDL (what `_service { sdl }` answers, docs/federation.md) to
 * schema/subgraph.graphql; with --check, fails (exit 1) when a committed file
 * is stale, so CI catches schema drift.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { printSubgraphSchema } from '@apollo/subgraph';
import { schema } from '../schema/index.js';
import { subgraphSchema } from '../schema/subgraph.js';

const outputs = [
  { file: 'schema.graphql', printed: `${printSchemaWithDirectives(schema)}\n` },
  { file: 'subgraph.graphql', printed: `${printSubgraphSchema(subgraphSchema())}\n` },
];

const read = (target: string): string => {
  try {
    return readFileSync(target, 'utf8');
  } catch {
    return '';
  }
};

let stale = false;
for (const { file, printed } of outputs) {
  const target = fileURLToPath(new URL(`../schema/${file}`, import.meta.url));
  if (!process.argv.includes('--check')) {
    writeFileSync(target, printed);
    console.log(`wrote ${target}`);
  } else if (read(target) !== printed) {
    console.error(`schema/${file} is stale: run \`npm run schema:print\` and commit the result.`);
    stale = true;
  } else {
    console.log(`schema/${file} is up to date.`);
  }
}
if (stale) process.exit(1);
