/**
 * The innermost layer of an upstream call: one attempt on the upstream's
 * Pool, bounded as a whole (connect to last body byte) by its timeout
 * (attempt-control.ts owns its end), with its span, its metric and its debug
 * line. The answer's status is returned as is, for the layers above and the
 * client to judge; a failure is thrown as an AttemptFailure that says whether
 * it speaks about the upstream's health.
 */
import type { Pool } from 'undici';
import type { UpstreamName } from '../errors.js';
import { LINE_TRACE, type Logger } from '../logger.js';
import { upstreamMetrics } from '../metrics.js';
import { AttemptControl } from './attempt-control.js';
import { queryString } from './identifiers.js';
import type { BodyBudget } from './body-budget.js';
import { JsonAnswerHandler } from './answer-handler.js';
import { AttemptFailure, cancelledByCaller, classifyAttempt, errorCode } from './transport-errors.js';
import { endAttemptSpan, startAttemptSpan, type SpanTarget } from './upstream-span.js';
import type { UpstreamRequest, UpstreamResponse } from './wire.js';
import { activeTracer } from '../tracing.js';

export interface AttemptOptions {
  name: UpstreamName;
  /** The API root every path is below (`/api/v1`). */
  root: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** The process's budget of answer bytes being read at once (UPSTREAM_INFLIGHT_BYTES), shared by every upstream. */
  bodyBudget?: BodyBudget;
  spanTarget: SpanTarget;
  logger: Logger;
}

export class AttemptSender {
  constructor(
    private readonly pool: Pool,
    private readonly options: AttemptOptions,
  ) {}

  /** Attempt number `attempt` of `req`. Throws an AttemptFailure. */
  async send(req: UpstreamRequest, attempt: number): Promise<UpstreamResponse> {
    const { name, root, timeoutMs, maxResponseBytes, bodyBudget, spanTarget, logger } = this.options;
    const path = root + req.path + queryString(req.query);
    const mutation = req.method !== 'GET' && !req.readsOnly;
    const outer = req.signal;
    if (outer?.aborted) {
      // Never sent: nothing learnt about the upstream.
      throw new AttemptFailure({
        error: classifyAttempt(name, outer.reason, { mutation, outer, timedOut: false }).error,
        upstreamFault: false,
      });
    }
    const started = performance.now();
    const headers = mutation && req.idempotencyKey ? { ...req.headers, 'idempotency-key': req.idempotencyKey } : req.headers;
    // With tracing off, nothing is built for a span (its call description included).
    const span = activeTracer()
      ? startAttemptSpan(
          spanTarget,
          { method: req.method, template: req.template && root + req.template, operation: req.operation, attempt },
          headers,
          req.trace,
        )
      : undefined;
    const exchange = new JsonAnswerHandler({ upstream: name, maxResponseBytes, bodyBudget }, req.body);
    // undici's bodyTimeout is an idle timer (a drip of one byte a second resets it), so the attempt
    // is bounded as a whole by a timer of its own, which ends it as the caller's signal does.
    const control = new AttemptControl(outer, timeoutMs, exchange);
    let status: number | undefined;
    let failure: string | undefined;
    let thrown: AttemptFailure | undefined;
    try {
      // With tracing on, the headers carry a `traceparent` naming this attempt's span.
      this.pool.dispatch({ method: req.method, path, headers: span?.headers ?? headers, body: req.body }, exchange);
      const response = await exchange.answer;
      status = response.status;
      return response;
    } catch (error) {
      failure = errorCode(error);
      status = exchange.status;
      throw (thrown = classifyAttempt(name, error, { mutation, status, outer, timedOut: control.timedOut }));
    } finally {
      control.release();
      if (span) endAttemptSpan(span, status, thrown?.error, req.codeOf);
      const seconds = (performance.now() - started) / 1000;
      // A call cut short because its caller left (or its result was no longer needed) says nothing about the upstream.
      if (!cancelledByCaller(outer, control.timedOut)) upstreamMetrics.observe(name, req.operation, status, seconds);
      if (logger.isLevelEnabled('debug')) {
        const ms = Math.round(seconds * 1000);
        logger.debug(
          {
            requestId: req.requestId,
            [LINE_TRACE]: req.trace,
            upstream: name,
            operation: req.operation,
            method: req.method,
            status,
            error: failure,
            ms,
          },
          'upstream call',
        );
      }
    }
  }
}
