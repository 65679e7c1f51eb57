/**
 * What the tracing suites share: the trace context a caller sends (as
 * `traceparent: 00-CALLER_TRACE-CALLER_SPAN-01`), the OTLP span kinds the
 * exported spans are told apart by, and the wait for a request's SERVER span.
 */
import { expect, vi } from 'vitest';
import type { OtlpReceiver, ReceivedSpan } from '../helpers/otlp-receiver.js';

export const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
export const CALLER_SPAN = '00f067aa0ba902b7';
/** OTLP SpanKind values (test/helpers/otlp-receiver.ts keeps them as numbers). */
export const SERVER = 2;
export const CLIENT = 3;

/** The SERVER span of `trace` once the receiver has it (it ends last: the rest of its request's spans are in too). */
export function exportedServerSpan(receiver: OtlpReceiver, trace: string): Promise<ReceivedSpan> {
  return vi.waitFor(
    () => {
      const found = receiver.spans().find((s) => s.traceId === trace && s.kind === SERVER);
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 10_000, interval: 20 },
  );
}
