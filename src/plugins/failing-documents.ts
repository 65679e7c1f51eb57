/**
 * The compiled documents whose answers mostly have errors (use-compiled-execution.ts), which run on Yoga's
 * executor for a while instead.
 */
import type { DocumentNode } from 'graphql';

/**
 * A document's compiled runs, at least this many, of which more than this share answered with an error, make it
 * run on Yoga's executor for its next UNCOMPILED_AFTER_FAILING executions: each such answer is executed twice
 * (compiled, then again), which costs more than compiling saves (tens of µs per request against the execution's
 * hundred or more), so a document that usually fails (a page's query with `me` for anonymous callers) is better
 * left uncompiled. It is judged again afterwards, so a burst of failures (an upstream outage, or a caller sending
 * bad variables on purpose) costs a popular document its speed for a while only. Counts are halved every
 * ERRORS_WINDOW runs, so the share is of recent runs.
 */
export const ERRORS_JUDGED_AFTER = 8;
export const MAX_ERRORED_SHARE = 0.25;
export const UNCOMPILED_AFTER_FAILING = 256;
const ERRORS_WINDOW = 64;

export class FailingDocuments {
  /** Each compiled document's recent runs and how many answered with an error. */
  private readonly outcomes = new WeakMap<DocumentNode, { runs: number; errored: number }>();
  /** Executions left on Yoga's executor for the documents judged to fail too often. */
  private readonly uncompiledFor = new WeakMap<DocumentNode, number>();

  /** Counts a compiled run of `document`; one that fails too often is left to Yoga's executor for a while. */
  note(document: DocumentNode, errored: boolean): void {
    let outcome = this.outcomes.get(document);
    if (!outcome) this.outcomes.set(document, (outcome = { runs: 0, errored: 0 }));
    outcome.runs++;
    if (errored) outcome.errored++;
    if (outcome.runs >= ERRORS_JUDGED_AFTER && outcome.errored > outcome.runs * MAX_ERRORED_SHARE) {
      this.uncompiledFor.set(document, UNCOMPILED_AFTER_FAILING);
      this.outcomes.delete(document);
    } else if (outcome.runs >= ERRORS_WINDOW) {
      outcome.runs /= 2;
      outcome.errored /= 2;
    }
  }

  /** Whether this execution of `document` keeps Yoga's executor (counted: the pause runs out). */
  skips(document: DocumentNode): boolean {
    const left = this.uncompiledFor.get(document);
    if (left === undefined) return false;
    if (left > 1) this.uncompiledFor.set(document, left - 1);
    else this.uncompiledFor.delete(document);
    return true;
  }
}
