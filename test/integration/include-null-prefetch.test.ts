/**
 * A request refused during execution (a null `if` of @include, an error a caller can make at will) while the
 * look-ahead has already started an upstream call for a field below: the call is cancelled when the request
 * ends, and that cancellation is nobody's failure. It must not surface as an unhandled rejection, which the
 * process guard counts as a gateway bug (`gateway_bugs_total`, "bug: unhandled error") for any caller to raise.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway({}, ['marketplace']);

describe('a null @include condition below a field whose children the look-ahead prefetched', () => {
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => void process.on('unhandledRejection', note));
  afterEach(() => void process.off('unhandledRejection', note));

  it('is refused with its error, and leaves no unhandled rejection behind', async () => {
    const query = 'query($i: Boolean = true) { gigs(first: 1) { totalCount @include(if: $i) pageInfo { hasNextPage } } }';
    for (let run = 0; run < 3; run++) {
      const answer = (await gw.query(query, { variables: { i: null } })) as { errors?: Array<{ message: string }> };
      expect(answer.errors?.[0]?.message).toMatch(/must not be null/);
    }
    // Rejections are reported after a turn of the event loop: give them time to surface.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled.map((reason) => (reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)))).toEqual([]);
  });
});
