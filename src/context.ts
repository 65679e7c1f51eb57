/**
 * The per-request context: the caller's credentials (each only in its own
 * upstream's client), fresh loaders, and the request's deadline signal, which
 * aborts every upstream call still running when the request ends or its
 * deadline passes.
 */
import type { YogaInitialContext } from 'graphql-yoga';
import { createLoaders, type Loaders } from '../loaders/index.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { ReferenceData } from './reference-data.js';
import { bindClients, type Clients, type Credentials, type UpstreamPools } from './upstreams/index.js';

export interface GatewayContext extends YogaInitialContext {
  requestId: string;
  credentials: Credentials;
  clients: Clients;
  loaders: Loaders;
  reference: ReferenceData;
  config: Config;
  logger: Logger;
  signal: AbortSignal;
  deadlineAt: number;
}

export interface ContextDeps {
  config: Config;
  pools: UpstreamPools;
  reference: ReferenceData;
  logger: Logger;
}

const header = (request: Request, name: string): string | undefined => {
  const value = request.headers.get(name)?.trim();
  return value ? value : undefined;
};

/** Reads the three credentials of contract section 3; an empty header counts as absent. */
export function readCredentials(request: Request): Credentials {
  const authorization = header(request, 'authorization');
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return {
    marketplaceToken: bearer,
    seoApiKey: header(request, 'x-seo-api-key'),
    itemsApiKey: header(request, 'x-items-api-key'),
  };
}

export function createContextFactory(deps: ContextDeps) {
  return (initial: YogaInitialContext): Omit<GatewayContext, keyof YogaInitialContext> => {
    const { request } = initial;
    const credentials = readCredentials(request);
    const deadlineAt = Date.now() + deps.config.requestDeadlineMs;
    const deadline = AbortSignal.timeout(deps.config.requestDeadlineMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    const idempotencyKey = header(request, 'idempotency-key');
    const clients = bindClients(deps.pools, credentials, { signal, deadlineAt, idempotencyKey });
    const requestId = header(request, 'x-request-id')?.slice(0, 64) ?? crypto.randomUUID();
    return {
      requestId,
      credentials,
      clients,
      loaders: createLoaders(clients, {
        itemsBatchThreshold: deps.config.itemsBatchThreshold,
        validateConcurrency: deps.config.validatePurchaseConcurrency,
      }),
      reference: deps.reference,
      config: deps.config,
      logger: deps.logger.child({ requestId }),
      signal,
      deadlineAt,
    };
  };
}
