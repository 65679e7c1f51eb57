/**
 * GraphQL names that are also names of Object.prototype's members (docs/compiled-execution-review.md F13): an alias `__proto__` is an
 * ordinary response key, and a variable `$constructor` left out is simply absent. The compiled run
 * (graphql-jit) reads and writes them as plain JavaScript properties; it must answer as Yoga's executor does.
 * First execution on Yoga's executor, the third compiled (COMPILE_AFTER_EXECUTIONS=2).
 */
import { describe, expect, it } from 'vitest';
import { threeRuns } from './jit-parity-fixtures.js';
import { useTestGateway } from '../helpers/gateway.js';

describe('names shared with Object.prototype, compiled and not', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);

  it('an alias named __proto__ is answered on every run', async () => {
    const runs = await threeRuns(gw, 'query ProtoAlias { gigs(first: 2) { nodes { __proto__: slug } } }');
    const nodes = (runs[0]!.data as { gigs: { nodes: object[] } }).gigs.nodes;
    expect(nodes).toHaveLength(2);
    for (const node of nodes) expect(Object.keys(node)).toEqual(['__proto__']);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('a variable named $constructor, left out, is absent on every run', async () => {
    const runs = await threeRuns(
      gw,
      'query ConstructorVariable($constructor: String) { gigs(first: 1, search: $constructor) { totalCount } }',
      {},
    );
    expect(runs[0]!.errors).toBeUndefined();
    expect(runs[2]).toEqual(runs[0]);
  });
});
