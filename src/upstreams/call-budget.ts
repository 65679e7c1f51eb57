/**
 * The upstream calls one GraphQL operation may still make. The cost plugin
 * sets the limit to the operation's estimate before execution, and every
 * logical upstream call (retries of it are one call) takes one unit, so the
 * calls an operation makes never exceed what it was estimated and admitted
 * at, whatever an upstream answers (a longer list than declared, say).
 */
import { GatewayError } from '../errors.js';
import type { UpstreamName } from '../errors.js';

export class CallBudget {
  /** Logical upstream calls started so far. */
  made = 0;
  /** Until the cost plugin has estimated the operation: no limit (nothing runs before it). */
  limit = Number.POSITIVE_INFINITY;

  /** Takes one call, or refuses it with QUERY_TOO_COMPLEX once the limit is spent. */
  take(upstream: UpstreamName): void {
    if (this.made >= this.limit) {
      throw new GatewayError(
        `This operation has made the ${this.limit} upstream calls it was admitted for; the ${upstream} call was not made.`,
        'QUERY_TOO_COMPLEX',
        {
          limit: 'cost',
          maxCost: this.limit,
        },
      );
    }
    this.made++;
  }
}
