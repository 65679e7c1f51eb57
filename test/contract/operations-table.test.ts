/**
 * The operation tables the clients run on (src/upstreams/<name>/operations.ts)
 * must match the documents in ../shared/spec, so the table cannot drift from
 * them. With CI=true a missing spec folder is a failure; elsewhere the suite
 * is skipped and says why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';
import { seoOperations } from '../../src/upstreams/seo/operations.js';
import { itemsOperations } from '../../src/upstreams/items/operations.js';

const specDir = fileURLToPath(new URL('../../../shared/spec/', import.meta.url));
const present = existsSync(specDir);
const read = (name: string) => readFileSync(`${specDir}${name}`, 'utf8');

if (!present && process.env.CI === 'true') {
  describe('operation tables', () => {
    it('needs ../shared/spec in CI', () => {
      expect.fail(`The spec folder ${specDir} is missing; CI must run beside shared/.`);
    });
  });
}

describe.skipIf(!present)(`operation tables match the documents${present ? '' : ' (skipped: ../shared/spec is not here)'}`, () => {
  it('marketplace: every documented operation, with the same method, path, scope and status', () => {
    const rows = [...read('marketplace-api.md').matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \| (\w+)(?: \([^)]*\))? \| (.+?) \| (\d+) \|$/gm)];
    const documented = Object.fromEntries(
      rows.map(([, method, path, id, scope, success]) => {
        const reference = /^none \(reference: (\S+)\)$/.exec(scope!)?.[1];
        return [id!, { method, path, scope: scope!.startsWith('none') ? null : scope, referenceScope: reference, success: Number(success) }];
      }),
    );
    expect(rows).toHaveLength(112);
    const ours = Object.fromEntries(
      Object.entries(marketplaceOperations).map(([id, op]) => [
        id,
        { method: op.method, path: op.path, scope: op.scope, referenceScope: 'referenceScope' in op ? op.referenceScope : undefined, success: op.success },
      ]),
    );
    expect(ours).toEqual(documented);
  });

  it('website analysis: the endpoints of section 4', () => {
    const rows = [...read('seo-reports-api.md').matchAll(/^\| (GET|POST|DELETE|PUT or PATCH) \| (\/\S+) \| [^|]+ \|$/gm)].map(([, m, p]) => `${m === 'PUT or PATCH' ? 'PUT' : m} ${p}`);
    expect(Object.values(seoOperations).map((op) => `${op.method} ${op.path}`).sort()).toEqual(rows.sort());
  });

  it('items: the endpoints of section 4', () => {
    const rows = [...read('items-api.md').matchAll(/^\| (GET|POST) \| (\/\S+) \| [^|]+ \| [^|]+ \|$/gm)].map(([, m, p]) => `${m} ${p}`);
    expect(rows).toHaveLength(4);
    expect(Object.values(itemsOperations).map((op) => `${op.method} ${op.path}`).sort()).toEqual(rows.sort());
  });
});
