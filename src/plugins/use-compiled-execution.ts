/**
 * Compiled execution (graphql-jit, through @envelop/graphql-jit) for the
 * documents it runs exactly as graphql-js does; everything else keeps Yoga's
 * executor. A document is compiled on its `after`-th execution
 * (COMPILE_AFTER_EXECUTIONS; off by default, README says why): compiling costs about as much as
 * running a small query a few times, so a document seen once (a one-off
 * query with its values written inline) is not worth it, and a document sent
 * again is likely to be sent many times. A document is compiled once: the
 * check whether graphql-jit takes it is the compilation, and what it compiled
 * is handed to the plugin through its `cache` (keyed by the document's text,
 * at most COMPILED_BY_TEXT, least recently used first out), so the same
 * text parsed again after Yoga's parse cache let it go is not compiled again.
 * The plugin also keeps the compiled query with the parsed document, which
 * Yoga's parse cache keeps. Only a document graphql-jit runs as Yoga's executor
 * does is compiled (compilable.ts says which).
 * The answer is still written by JSON.stringify (graphql-jit's compiled
 * serialiser writes only `data` and `errors`, and would drop `extensions`).
 * A document graphql-jit cannot compile keeps Yoga's executor for good: the
 * plugin would otherwise answer it with the compile error on every request.
 */
import { getDocumentString } from '@envelop/core';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { print, type DocumentNode, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { OnExecuteHookResult } from '@envelop/core';
import { asExecutorErrors, leafSerializers } from './compiled-errors.js';
import { isCompilable } from './compilable.js';
import type { Logger } from '../logger.js';

export interface CompiledExecutionOptions {
  /** The execution of a document from which on it runs compiled (1: the first). */
  after: number;
  logger: Logger;
  /** The endpoint's schema: its leaves serialise as compiled-errors.ts `leafSerializers` says. */
  schema: GraphQLSchema;
}

/**
 * Compiled documents alive at once. A compiled query is code and closures of tens to hundreds of KB
 * (the fuzz campaign, compiling every document it sent, peaked 125 MB above the same run without),
 * which the parse cache's bound (tokens and characters of text) does not count.
 */
export const MAX_COMPILED_DOCUMENTS = 256;

/**
 * Compiled queries kept by document text (the plugin's `cache`), beyond those their documents keep: what
 * hands a compiled query to the plugin, and what a text parsed again reuses. At most
 * MAX_COMPILED_DOCUMENTS + COMPILED_BY_TEXT compiled queries are alive at once.
 */
export const COMPILED_BY_TEXT = 64;

/**
 * Counts a document's executions: true from its `after`-th on, when it is compilable (against `schema`),
 * `compiles()` says graphql-jit takes it (asked once, at the `after`-th) and fewer than `max` compiled ones live.
 */
export function compileDecider(
  after: number,
  max = MAX_COMPILED_DOCUMENTS,
): (document: DocumentNode, schema: GraphQLSchema, compiles?: () => boolean) => boolean {
  // Executions so far of each compilable document (-1: not compilable), kept as long as the document.
  const executions = new WeakMap<DocumentNode, number>();
  let compiled = 0;
  // A compiled query lives as long as its document (the plugin keeps it in a WeakMap on it).
  const released = new FinalizationRegistry<undefined>(() => compiled--);
  return (document, schema, compiles = () => true) => {
    const seen = executions.get(document);
    let count = seen ?? (isCompilable(document, schema) ? 0 : -1);
    if (count >= 0 && count < after) {
      count++;
      if (count === after) {
        // At the cap: run uncompiled this time and ask again at the next execution.
        if (compiled >= max) count = after - 1;
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

export function useCompiledExecution({ after, logger, schema }: CompiledExecutionOptions): Plugin {
  const shouldCompile = compileDecider(after);
  // The check below and the plugin compile with the same options (the plugin only when its cache lost the text).
  const compilerOptions = { customSerializers: leafSerializers(schema) };
  // What the check below compiled, by document text: the plugin looks here before compiling itself.
  const compiled = new LRUCache<string, CompiledQuery>({ max: COMPILED_BY_TEXT });
  const compiles = (schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, requestId: unknown) => {
    // The text Yoga parsed the document from (printed when there is none, and then remembered for the plugin).
    const text = getDocumentString(document, print);
    if (compiled.has(text)) return true;
    const result = compileQuery(schema, document, operationName ?? undefined, compilerOptions);
    if (isCompiledQuery(result)) {
      compiled.set(text, result);
      return true;
    }
    logger.warn(
      { requestId, errors: result.errors?.map((error) => error.message) },
      'graphql-jit could not compile a document: it keeps the usual executor',
    );
    return false;
  };
  // The executions handed to graphql-jit, whose errors are then written as Yoga's executor writes them.
  const ranCompiled = new WeakSet<object>();
  const jit = useGraphQlJit(compilerOptions, {
    enableIf: (args) => {
      const compile = shouldCompile(args.document, args.schema, () =>
        compiles(args.schema, args.document, args.operationName, (args.contextValue as { requestId?: string } | undefined)?.requestId),
      );
      if (compile) ranCompiled.add(args);
      return compile;
    },
    cache: compiled,
    // Not reached: a document that does not compile is never handed to the plugin (see compiles).
    onError: (result) => logger.warn({ errors: result.errors?.map((error) => error.message) }, 'graphql-jit could not compile a document'),
  }) as Plugin;
  // One hook object for every compiled execution: nothing is made per request.
  const writeErrorsAsExecutor = {
    onExecuteDone({ args, result, setResult }: Parameters<NonNullable<OnExecuteHookResult<unknown>['onExecuteDone']>>[0]) {
      if (isAsyncIterable(result) || !result.errors?.length) return;
      const errors = asExecutorErrors(result, args);
      if (errors) setResult({ ...result, errors });
    },
  };
  const sameErrors: Plugin = { onExecute: ({ args }) => (ranCompiled.has(args) ? writeErrorsAsExecutor : undefined) };
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(jit);
      addPlugin(sameErrors);
    },
  };
}
