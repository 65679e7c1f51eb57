/**
 * Refuses a document whose brackets nest deeper than MAX_NESTING before it is
 * parsed. graphql-js parses list and object literals recursively, so a few
 * thousand `[` overflow the stack (a RangeError, i.e. a 500) before
 * graphql-armor's token count gets to stop it. The scan is one pass over the
 * characters, skipping strings and comments, and it runs in the onParse hook,
 * so every parse goes through it: HTTP, and graphql-ws via getEnveloped().
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { rejectedRequests } from '../metrics.js';

/** Far above any real document (selection depth is capped at MAX_DEPTH) and far below what overflows the parser. */
export const MAX_NESTING = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const HASH = 0x23;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const OPENERS = new Set([0x5b, 0x7b, 0x28]); // [ { (
const CLOSERS = new Set([0x5d, 0x7d, 0x29]); // ] } )

/** The deepest bracket nesting outside strings and comments (an unterminated string ends the scan: the parser reports it). */
export function bracketNesting(source: string): number {
  let depth = 0;
  let deepest = 0;
  const length = source.length;
  for (let i = 0; i < length; i++) {
    const c = source.charCodeAt(i);
    if (OPENERS.has(c)) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (CLOSERS.has(c)) {
      depth--;
    } else if (c === HASH) {
      while (i + 1 < length && source.charCodeAt(i + 1) !== NEWLINE && source.charCodeAt(i + 1) !== RETURN) i++;
    } else if (c === QUOTE) {
      if (source.startsWith('"""', i)) {
        // Block string: ends at the next `"""` not escaped as `\"""`.
        let end = source.indexOf('"""', i + 3);
        while (end !== -1 && source.charCodeAt(end - 1) === BACKSLASH) end = source.indexOf('"""', end + 1);
        if (end === -1) return deepest;
        i = end + 2;
      } else {
        i++;
        while (i < length && source.charCodeAt(i) !== QUOTE) {
          const d = source.charCodeAt(i);
          if (d === NEWLINE || d === RETURN) return deepest;
          if (d === BACKSLASH) i++;
          i++;
        }
      }
    }
  }
  return deepest;
}

/**
 * Whether a value (an operation's variables) nests objects and lists deeper than `max`. A JSON-typed input
 * (`attributes: JSON`) is sent upstream as given, and serialising thousands of levels overflows the stack.
 * Iterative, and it stops at the first value past the bound.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The refusal of an operation whose variables nest too deeply (counted by the caller, where it refuses). */
export function variablesTooDeep(maxNesting = MAX_NESTING): GraphQLError {
  return new GraphQLError(`Variables too deeply nested: objects and lists nest deeper than ${maxNesting} levels.`, {
    extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'nesting', http: { status: 400 } },
  });
}

export function useNestingLimit(maxNesting = MAX_NESTING): Plugin {
  return {
    onParse({ params }) {
      const source = typeof params.source === 'string' ? params.source : params.source.body;
      if (bracketNesting(source) <= maxNesting) return;
      rejectedRequests.inc({ reason: 'nesting' });
      throw new GraphQLError(`Query too deeply nested: brackets nest deeper than ${maxNesting} levels.`, {
        extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'nesting', http: { status: 400 } },
      });
    },
  };
}
