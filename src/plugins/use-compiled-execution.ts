/**
 * Compiled execution (graphql-jit) for the documents it runs exactly as graphql-js does; everything else keeps
 * Yoga's executor. A document is compiled on its `after`-th execution (COMPILE_AFTER_EXECUTIONS, default 2):
 * compiling costs about as much as running a small query a few times, so a document seen once (a one-off
 * query with its values written inline) is not worth it, and a document sent again is likely to be sent many
 * times. Only a document compilable.ts accepts is compiled; one graphql-jit cannot compile keeps Yoga's executor
 * for good.
 *
 * **An answer with an error is always Yoga's executor's.** graphql-jit agrees with graphql-js on answers
 * without errors, but where something fails it has ways of its own (docs/compiled-execution-review.md F5-F10: every field of an
 * object completed before the object is nulled, errors in its own words, `data` written before `errors`). So a
 * compiled run whose answer holds an error is thrown away and the operation runs again on Yoga's executor,
 * with the same context: every read it repeats comes from the request's caches (failures included), so it
 * makes no upstream call the compiled run made (its errors come in the order of their fields, every read having
 * settled, where one run lists them as the upstreams answered). What it cannot take back is a call the compiled
 * run made and Yoga's executor would not have (README, COMPILE_AFTER_EXECUTIONS).
 *
 * This replaces @envelop/graphql-jit (40 lines around `compileQuery`), whose executor cannot hand a
 * run back to the one it replaced. The answer is still written by JSON.stringify (graphql-jit's compiled
 * serialiser writes only `data` and `errors`, and would drop `extensions`).
 */
import { getDocumentString, type ExecutionArgs } from '@envelop/core';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { print, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Plugin } from 'graphql-yoga';
import { leafSerializers } from './leaf-serializers.js';
import { compilableForm, isCompilable } from './compilable.js';
import { FailingDocuments } from './failing-documents.js';
import type { Logger } from '../logger.js';

export interface CompiledExecutionOptions {
  /** The execution of a document from which on it runs compiled (1: the first). */
  after: number;
  logger: Logger;
  /** The endpoint's schema: its leaves serialise as leaf-serializers.ts says. */
  schema: GraphQLSchema;
}

/**
 * Compiled documents alive at once. A compiled query is code and closures of tens to hundreds of KB
 * (the fuzz campaign, compiling every document it sent, peaked 125 MB above the same run without),
 * which the parse cache's bound (tokens and characters of text) does not count.
 */
export const MAX_COMPILED_DOCUMENTS = 256;

/**
 * Compiled queries kept by document text, beyond those their documents keep: what a text parsed again (after
 * Yoga's parse cache let its document go) reuses. At most MAX_COMPILED_DOCUMENTS + COMPILED_BY_TEXT compiled
 * queries are alive at once.
 */
export const COMPILED_BY_TEXT = 64;

/** Milliseconds of compiling each second, at most (10 % of a core): what a caller can make the process spend on it. */
export const COMPILE_MS_PER_SECOND = 100;

/**
 * The time spent compiling, at most `msPerSecond` per second on average (one compilation begun within budget may
 * overrun it, and is paid back before the next). Compiling a large document costs several times running it once (a
 * review measured 180-470 ms against 73-137 ms for the first run of 30 aliases over the 13 Node types), so a
 * caller sending each new document twice could spend the gateway's CPU on compiling; past the budget a document
 * runs uncompiled and asks again at its next execution.
 */
export class CompileBudget {
  /**
   * Compiling time not yet paid back: it drains at `msPerSecond` per second. A window reset every second instead
   * let one 400 ms compilation start in each window (4 s of compiling in 10 s where the budget is 1 s).
   */
  private owedMs = 0;
  private paidUntil = -Infinity;

  constructor(
    private readonly msPerSecond = COMPILE_MS_PER_SECOND,
    private readonly now = () => performance.now(),
  ) {}

  /** Whether a compilation may start now. */
  allows(): boolean {
    this.drain();
    return this.owedMs < this.msPerSecond;
  }

  /** `compile()`, its time counted. */
  spend<T>(compile: () => T): T {
    const start = this.now();
    try {
      return compile();
    } finally {
      this.drain();
      this.owedMs += this.now() - start;
    }
  }

  private drain(): void {
    const now = this.now();
    if (this.paidUntil !== -Infinity) this.owedMs = Math.max(0, this.owedMs - ((now - this.paidUntil) * this.msPerSecond) / 1000);
    this.paidUntil = now;
  }
}

/**
 * Counts a document's executions: true from its `after`-th on, when it is compilable (against `schema`),
 * `compiles()` says graphql-jit takes it (asked once, at the `after`-th), fewer than `max` compiled ones live and
 * `budget` allows another compilation now, unless `known()` says its text is compiled already (nothing to spend).
 */
export function compileDecider(
  after: number,
  max = MAX_COMPILED_DOCUMENTS,
  budget = new CompileBudget(),
): (document: DocumentNode, schema: GraphQLSchema, compiles?: () => boolean, known?: () => boolean) => boolean {
  // Executions so far of each compilable document (-1: not compilable), kept as long as the document.
  const executions = new WeakMap<DocumentNode, number>();
  let compiled = 0;
  // A compiled query lives as long as its document (kept in a WeakMap on it, below).
  const released = new FinalizationRegistry<undefined>(() => compiled--);
  return (document, schema, compiles = () => true, known = () => false) => {
    const seen = executions.get(document);
    let count = seen ?? (isCompilable(document, schema) ? 0 : -1);
    if (count >= 0 && count < after) {
      count++;
      if (count === after) {
        // At the cap, or out of budget: run uncompiled this time and ask again at the next execution.
        if (compiled >= max || (!budget.allows() && !known())) count = after - 1;
        else if (!compiles()) count = -1;
        else {
          compiled++;
          released.register(document, undefined);
        }
      }
    }
    if (count !== seen) executions.set(document, count);
    return count >= after;
  };
}

type Execute = (args: ExecutionArgs) => unknown;

export function useCompiledExecution({ after, logger, schema }: CompiledExecutionOptions): Plugin {
  const budget = new CompileBudget();
  const shouldCompile = compileDecider(after, MAX_COMPILED_DOCUMENTS, budget);
  const compilerOptions = { customSerializers: leafSerializers(schema) };
  const byDocument = new WeakMap<DocumentNode, CompiledQuery>();
  const byText = new LRUCache<string, CompiledQuery>({ max: COMPILED_BY_TEXT });
  const failing = new FailingDocuments();

  /** The document's compiled query, compiled now unless it or its text was; undefined when graphql-jit refuses it. */
  const compiledFor = (args: ExecutionArgs): CompiledQuery | undefined => {
    const kept = byDocument.get(args.document);
    if (kept) return kept;
    // The text Yoga parsed the document from (printed when there is none).
    const text = getDocumentString(args.document, print);
    let compiled = byText.get(text);
    if (!compiled) {
      // The document itself, or its copy with its fragments written out: worked out again here, once per compiled
      // document, rather than kept from the decider's check, which would keep a copy for every document parsed.
      const form = compilableForm(args.document, args.schema);
      if (!form) return undefined;
      const result = budget.spend(() => compileQuery(args.schema, form, args.operationName ?? undefined, compilerOptions));
      if (!isCompiledQuery(result)) {
        const requestId = (args.contextValue as { requestId?: string } | undefined)?.requestId;
        logger.warn(
          { requestId, errors: result.errors?.map((error) => error.message) },
          'graphql-jit could not compile a document: it keeps the usual executor',
        );
        return undefined;
      }
      byText.set(text, (compiled = result));
    }
    byDocument.set(args.document, compiled);
    return compiled;
  };

  /**
   * Runs `compiled` (of `document`); an answer with an error (variables refused included) is `usual`'s instead.
   * `args.document` may be another plugin's copy (the response cache adds `__typename` to it): the outcome is
   * noted against the document onExecute saw, the one it checks.
   */
  const runCompiled = async (compiled: CompiledQuery, document: DocumentNode, usual: Execute, args: ExecutionArgs) => {
    const result = (await compiled.query(args.rootValue, args.contextValue, args.variableValues)) as ExecutionResult;
    const errored = (result.errors?.length ?? 0) > 0;
    failing.note(document, errored);
    return errored ? usual(args) : result;
  };

  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (failing.skips(args.document)) return;
      const known = () => byText.has(getDocumentString(args.document, print));
      if (!shouldCompile(args.document, args.schema, () => compiledFor(args) !== undefined, known)) return;
      const compiled = compiledFor(args);
      if (compiled) setExecuteFn((compiledArgs: ExecutionArgs) => runCompiled(compiled, args.document, executeFn as Execute, compiledArgs));
    },
  };
}
