/**
 * Prints the Pothos schema to schema/schema.graphql; with --check, fails
 * (exit 1) when the committed file is stale, so CI catches schema drift.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { schema } from '../schema/index.js';

const target = fileURLToPath(new URL('../schema/schema.graphql', import.meta.url));
const printed = `${printSchemaWithDirectives(schema)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = '';
  }
  if (current !== printed) {
    console.error('schema/schema.graphql is stale: run `npm run schema:print` and commit the result.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date.');
} else {
  writeFileSync(target, printed);
  console.log(`wrote ${target}`);
}
