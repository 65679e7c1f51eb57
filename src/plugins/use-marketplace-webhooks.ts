/**
 * `POST /webhooks/marketplace` (docs/upstream-contract.md, "Webhooks"): verifies the signature
 * over the raw body, refuses stale or bad ones with 401, acknowledges an id
 * already accepted with 200 `{"status":"duplicate"}` without publishing it
 * again, and publishes a new event to subscribers with 202. A 2xx is only
 * ever sent for an event that is published (or was already): when Redis
 * (REDIS_URL) cannot say, or could not evict what the event changed, the
 * answer is 503 `EVENTS_UNAVAILABLE` with Retry-After, so the sender delivers
 * it again.
 */
import type { Plugin } from 'graphql-yoga';
import { requestIdOf } from '../context.js';
import { z } from 'zod';
import { verifySignature } from '../webhooks/signature.js';
import { readBounded } from './use-body-limit.js';
import type { EventIntake, MarketplaceEvent } from '../webhooks/events.js';
import { lingerAfterAnswer } from './refused-body.js';
import type { Logger } from '../logger.js';
import { RedisUnavailableError } from '../redis/connection.js';
import { pathOf } from './request-router.js';

export const WEBHOOK_PATH = '/webhooks/marketplace';
const MAX_WEBHOOK_BYTES = 256 * 1024;
/** When a sender should deliver again an event Redis could not take (it is back within seconds, or still down). */
export const EVENTS_RETRY_AFTER_SECONDS = 5;

const payloadSchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(200),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const eventsUnavailable = () =>
  json(
    503,
    { code: 'EVENTS_UNAVAILABLE', message: 'Events cannot be accepted right now (Redis): deliver this event again later' },
    { 'retry-after': String(EVENTS_RETRY_AFTER_SECONDS) },
  );

// `connection: close`: the rest of an oversized body is never kept, so the socket cannot serve another request
// (it closes once the client has read this answer: refused-body.ts).
const tooLarge = () =>
  new Response(JSON.stringify({ message: 'Payload too large' }), {
    status: 413,
    headers: { 'content-type': 'application/json', connection: 'close' },
  });

export interface WebhookOptions {
  /** The shared secret; undefined means webhooks are not configured. */
  secret: () => string | undefined;
  logger: Logger;
  /** Publishes each accepted event once (this process's bus, or Redis with REDIS_URL). */
  intake: EventIntake;
  /** Runs for an accepted event before it is published (the caches evict what it changed); a RedisUnavailableError is a 503. */
  beforePublish?: (event: MarketplaceEvent) => Promise<void>;
}

export function useMarketplaceWebhooks({ secret, logger, intake, beforePublish }: WebhookOptions): Plugin {
  return {
    // Synchronous for every other path, so a GraphQL request does not wait a promise turn here.
    onRequest(payload) {
      const { request, endResponse, serverContext } = payload;
      if (pathOf(payload) !== WEBHOOK_PATH) return;
      const answer = (response: Response) => {
        // A refused oversized body: the client reads the 413 before the socket closes (refused-body.ts).
        if (response.status === 413) lingerAfterAnswer(serverContext);
        endResponse(response);
      };
      return receive(request, answer).catch((error: unknown) => {
        if (!(error instanceof RedisUnavailableError)) throw error;
        logger.info(
          { requestId: requestIdOf(request), err: { message: error.message } },
          'webhook not accepted (Redis cannot take it now): answered 503 for the sender to retry',
        );
        answer(eventsUnavailable());
      });
    },
  };

  async function receive(request: Request, endResponse: (response: Response) => void): Promise<void> {
    if (request.method !== 'POST') return endResponse(json(405, { message: 'Use POST' }));
    const key = secret();
    if (!key) return endResponse(json(503, { message: 'Webhooks are not configured (MARKETPLACE_WEBHOOK_SECRET)' }));
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > MAX_WEBHOOK_BYTES) return endResponse(tooLarge());
    // A chunked body declares no length: stop reading as soon as it passes the limit, so an
    // unsigned sender cannot make us buffer megabytes before the signature is even looked at.
    const bytes = request.body ? await readBounded(request.body, MAX_WEBHOOK_BYTES) : new Uint8Array();
    if (bytes === undefined) return endResponse(tooLarge());
    const raw = new TextDecoder().decode(bytes);
    if (!verifySignature(key, request.headers.get('x-signature'), raw)) {
      logger.warn({ requestId: requestIdOf(request) }, 'webhook refused: bad or stale signature');
      return endResponse(json(401, { message: 'Invalid signature' }));
    }
    let parsed: z.infer<typeof payloadSchema>;
    try {
      parsed = payloadSchema.parse(JSON.parse(raw));
    } catch {
      return endResponse(json(400, { message: 'Malformed event' }));
    }
    const duplicate = () => endResponse(json(200, { status: 'duplicate' }));
    if (await intake.accepted(parsed.id)) return duplicate();
    const event: MarketplaceEvent = { id: parsed.id, event: parsed.event, createdAt: parsed.created_at, data: parsed.data };
    // First, so a subscriber who reads again on hearing the event gets the new data, not a cached copy.
    await beforePublish?.(event);
    // Accepted meanwhile by another delivery of the same event (on this instance or another).
    if (!(await intake.publishOnce(event))) return duplicate();
    logger.info({ requestId: requestIdOf(request), eventId: parsed.id, event: parsed.event }, 'webhook accepted');
    return endResponse(json(202, { status: 'accepted' }));
  }
}
