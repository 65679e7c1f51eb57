/**
 * What the tracing suites share: the trace context a caller sends (as
 * `traceparent: 00-CALLER_TRACE-CALLER_SPAN-01`) and the OTLP span kinds the
 * exported spans are told apart by.
 */
export const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
export const CALLER_SPAN = '00f067aa0ba902b7';
/** OTLP SpanKind values (test/helpers/otlp-receiver.ts keeps them as numbers). */
export const SERVER = 2;
export const CLIENT = 3;
