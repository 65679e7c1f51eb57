/**
 * docs/architecture.md follows `Gig.reviews` through four files by name: each
 * file it names exists and holds the names the table gives for it, and the
 * example query costs what the page says (two calls).
 */
import { existsSync, readFileSync } from 'node:fs';
import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { estimateUpstreamCalls } from '../../src/plugins/upstream-cost.js';

const root = new URL('../../', import.meta.url);
const page = readFileSync(new URL('docs/architecture.md', root), 'utf8');

describe('docs/architecture.md', () => {
  const rows = [...page.matchAll(/^\| (schema|resolver|loader|descriptor) \| `([^`]+)` \| (.+) \|$/gm)];

  it('names four steps, each an existing file holding the names given for it', () => {
    expect(rows.map((row) => row[1])).toEqual(['schema', 'resolver', 'loader', 'descriptor']);
    for (const [, step, file, names] of rows) {
      const path = new URL(file!, root);
      expect(existsSync(path), `${step}: ${file}`).toBe(true);
      const source = readFileSync(path, 'utf8');
      // Every code span of the row occurs in the file as written (cut at an ellipsis); `GET /path` names the row's path.
      for (const [, span] of names!.matchAll(/`([^`]+)`/g)) {
        if (span!.includes('<')) continue; // a placeholder in a message ("gig '<slug>'")
        const code = span!.replace(/^(GET|POST|PUT|PATCH|DELETE) /, '').split('…')[0]!;
        expect(source, `${file} should contain ${code}`).toContain(code);
      }
    }
  });

  it('costs the example query two calls, as the page says', () => {
    const query = page.match(/```graphql\n(.+)\n```/)![1]!;
    const document = parse(query);
    expect(estimateUpstreamCalls({ schema, document, operation: getOperationAST(document)!, variables: {} })).toBe(2);
  });
});
