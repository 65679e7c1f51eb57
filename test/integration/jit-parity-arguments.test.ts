/**
 * A variable inside a list or input-object literal argument (docs/compiled-execution-review.md F3, F4): graphql-js refuses a null
 * where the literal's type says non-null ("Argument … has invalid value …"); the compiled run must answer the
 * same, not hand the null to the resolver. First execution on Yoga's executor, the third compiled
 * (COMPILE_AFTER_EXECUTIONS=2).
 */
import { describe, expect, it } from 'vitest';
import { threeRuns } from './jit-parity-fixtures.js';
import { SEO_KEY, useTestGateway } from '../helpers/gateway.js';

describe('a null variable inside a literal argument, compiled and not', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' });

  it('in a list of non-null ids: the same refusal on every run', async () => {
    const runs = await threeRuns(gw, 'query NullInList($id: ID = "x") { nodes(ids: ["a", $id]) { nodeId } }', { id: null });
    expect(runs[0]!.errors?.[0]).toMatchObject({ message: 'Argument "ids" has invalid value ["a", $id].', path: ['nodes'] });
    expect(runs[2]).toEqual(runs[0]);
  });

  it('in an input object with a non-null field: the same refusal on every run, no unexpected error', async () => {
    const query =
      'query NullInObject($d: SortDirection = ASC) { seoReports(first: 1, orderBy: { direction: $d, field: URL }) { nodes { url } } }';
    const runs = await threeRuns(gw, query, { d: null }, { 'x-seo-api-key': SEO_KEY });
    expect(runs[0]!.errors?.[0]).toMatchObject({
      message: 'Argument "orderBy" has invalid value {direction: $d, field: URL}.',
      path: ['seoReports'],
    });
    expect(runs[2]).toEqual(runs[0]);
    expect(gw.logs.filter((line) => line.includes('unexpected error'))).toEqual([]);
  });
});
