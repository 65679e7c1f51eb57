/**
 * `@skip`/`@include` whose `if` is a variable with a default, sent as null (docs/compiled-execution-review.md F6, F7): Yoga's
 * executor refuses the null ("Argument "if" of non-null type "Boolean!" must not be null."), and the compiled
 * run must refuse it the same way, at the same place. First execution on Yoga's executor, the third compiled
 * (COMPILE_AFTER_EXECUTIONS=2).
 */
import { describe, expect, it } from 'vitest';
import { threeRuns } from './jit-parity-fixtures.js';
import { useTestGateway } from '../helpers/gateway.js';

describe('a null `if` of @skip/@include, compiled and not', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);

  it('on a root field: the operation is refused on every run, never answered without the field', async () => {
    const runs = await threeRuns(
      gw,
      'query SkipRoot($i: Boolean = true) { a: gigs(first: 1) @skip(if: $i) { totalCount } b: __typename }',
      {
        i: null,
      },
    );
    expect(runs[0]).toMatchObject({ data: null, errors: [{ message: 'Argument "if" of non-null type "Boolean!" must not be null.' }] });
    expect(runs[2]).toEqual(runs[0]);
  });

  it('on a nested field: the same error at the same location on every run', async () => {
    const runs = await threeRuns(
      gw,
      'query IncludeNested($i: Boolean = true) { gigs(first: 1) { totalCount @include(if: $i) pageInfo { hasNextPage } } }',
      { i: null },
    );
    expect(runs[0]).toMatchObject({
      data: { gigs: null },
      errors: [{ message: 'Argument "if" of non-null type "Boolean!" must not be null.', path: ['gigs'] }],
    });
    expect(runs[2]).toEqual(runs[0]);
  });
});
