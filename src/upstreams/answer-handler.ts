/**
 * One attempt's exchange with undici, driven through the Pool's `dispatch`
 * with a handler of undici 7's handler API (onRequestStart … onResponseError)
 * rather than `pool.request`: the answer's chunks go straight into a JsonBody
 * (its limits, the BodyBudget, the depth bound, JSON.parse) with no Readable
 * stream, its listeners and its AsyncResource built per answer (those were
 * what a call paid most for after GC and the socket write; docs/benchmarks.md,
 * "Upstream call path, per call").
 *
 * The handler settles `answer` once: with the status, headers and parsed body
 * at the body's end, or with the first failure: a refusal of the body (its
 * declared length, its bytes past the limit or the budget, its depth, not
 * JSON), undici's error (timeouts, resets, refused, its own size cut), or the
 * attempt's end (`end`: its timer or its caller, attempt-control.ts). What
 * settles it first wins; a refusal or an end also aborts the exchange, which
 * closes its connection, and a request not yet on a connection is aborted as
 * soon as undici starts it. The body's share of the budget is given back as it
 * settles, and a request body still being streamed (an upload) is destroyed
 * when it fails.
 */
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'undici/types/header.js';
import type { UpstreamName } from '../errors.js';
import type { AttemptEnd } from './attempt-control.js';
import type { BodyBudget } from './body-budget.js';
import { bodyFailure, JsonBody } from './response-body.js';
import type { UpstreamResponse } from './wire.js';

export interface AnswerLimits {
  upstream: UpstreamName;
  maxResponseBytes: number;
  bodyBudget?: BodyBudget;
}

/** What a call sends: a stream (an upload) is destroyed when the attempt fails, sent or not (`pool.request` did so too). */
type RequestBody = string | Buffer | Readable | undefined;

export class JsonAnswerHandler implements Dispatcher.DispatchHandler, AttemptEnd {
  /** Settled once, by whichever comes first: the body's end, a refusal, undici's error or the attempt's end. */
  readonly answer: Promise<UpstreamResponse>;
  /** The answer's status once its headers arrived (for the error, the span and the metric of a failed attempt). */
  status: number | undefined;
  private resolve!: (response: UpstreamResponse) => void;
  private reject!: (error: unknown) => void;
  private settled = false;
  /** Why it settled with a failure: what a request started after that is aborted with. */
  private failure: unknown;
  private controller: Dispatcher.DispatchController | undefined;
  private headers: IncomingHttpHeaders | undefined;
  private body: JsonBody | undefined;

  constructor(
    private readonly limits: AnswerLimits,
    private readonly requestBody?: RequestBody,
  ) {
    this.answer = new Promise<UpstreamResponse>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** The attempt's end (its timer or its caller): the caller's wait ends now, and the exchange at whatever stage it is in. */
  end(reason: unknown): void {
    this.cut(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // Ended while queued for a connection: never sent.
    if (this.settled) controller.abort(this.failure as Error);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // An informational answer (100 Continue, 103 Early Hints): the real one follows.
    if (this.settled || statusCode < 200) return;
    const { upstream, maxResponseBytes, bodyBudget } = this.limits;
    this.status = statusCode;
    this.headers = headers;
    this.body = new JsonBody(maxResponseBytes, upstream, statusCode, bodyBudget);
    const refused = this.body.start(headers['content-length']);
    if (refused) this.cut(refused);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    const refused = this.body!.add(chunk);
    if (refused) this.cut(refused);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    const body = this.body!;
    try {
      this.resolve({ status: body.status, headers: this.headers!, body: body.json() });
    } catch (error) {
      this.reject(error);
    } finally {
      body.release();
    }
  }

  /** undici's failure (never thrown from here): a connection refused or reset, its own timers, its size cut. */
  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.settled) return;
    this.fail(this.body ? bodyFailure(error, this.limits.upstream, this.body.status) : error);
  }

  /** Settles with `error` and aborts the exchange, which closes its connection (undici's echo of the abort is ignored). */
  private cut(error: unknown): void {
    if (this.settled) return;
    this.fail(error);
    this.controller?.abort(error as Error);
  }

  private fail(error: unknown): void {
    this.settled = true;
    this.failure = error;
    this.body?.release();
    if (this.requestBody instanceof Readable) this.requestBody.destroy();
    this.reject(error);
  }
}
