/**
 * CI's schema evolution check (npm run schema:diff): prints the changes from
 * the released schema to schema/schema.graphql (breaking / dangerous / safe)
 * and exits 1 on a breaking change not listed in
 * schema/intended-breaking-changes.json, or on a deprecation without a reason.
 *
 *   --released <file> --current <file> --intended <file>   compare other files (tests use this)
 *   --release <version>   after a release: copy the current schema over the released one, empty the list
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareSchemas, formatReport, parseIntendedChanges, passes } from './schema-evolution.js';

const repoFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const { values } = parseArgs({
  options: {
    released: { type: 'string', default: repoFile('schema/released/schema.graphql') },
    current: { type: 'string', default: repoFile('schema/schema.graphql') },
    intended: { type: 'string', default: repoFile('schema/intended-breaking-changes.json') },
    release: { type: 'string' },
  },
});

const intended = parseIntendedChanges(readFileSync(values.intended, 'utf8'));

if (values.release) {
  copyFileSync(values.current, values.released);
  const file = JSON.parse(readFileSync(values.intended, 'utf8')) as Record<string, unknown>;
  writeFileSync(values.intended, `${JSON.stringify({ ...file, releasedVersion: values.release, changes: [] }, null, 2)}\n`);
  console.log(`Released schema ${values.release}: ${values.released} updated, intended breaking changes emptied.`);
} else {
  const report = await compareSchemas(readFileSync(values.released, 'utf8'), readFileSync(values.current, 'utf8'), intended.changes);
  console.log(formatReport(report, intended.releasedVersion));
  process.exitCode = passes(report) ? 0 : 1;
}
