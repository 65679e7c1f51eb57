/**
 * Every log line written while an HTTP request is served carries its
 * `requestId` (the caller's X-Request-Id when it is a plain token, else a
 * fresh UUID: src/context.ts), including Yoga's own debug lines, which go
 * through the one process logger: the whole request runs inside
 * `requestLogScope`, which the logger reads for each line (src/logger.ts).
 */
import type { Plugin } from 'graphql-yoga';
import { requestIdOf, type GatewayContext } from '../context.js';
import { requestLogScope } from '../logger.js';

export function useRequestId(): Plugin<GatewayContext> {
  return {
    instrumentation: {
      request: ({ request }, wrapped) => requestLogScope.run({ requestId: requestIdOf(request) }, wrapped),
    },
  };
}
