/**
 * The circuit breaker's state machine: closed → open after the threshold of
 * consecutive failed calls, half-open after the cool-down with a single probe
 * (never a speculative call), and a probe that ends without a verdict frees
 * the slot at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, type BreakerState } from '../../src/upstreams/breaker.js';

describe('CircuitBreaker', () => {
  let changes: BreakerState[];
  let breaker: CircuitBreaker;
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    changes = [];
    breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 1000 }, (state) => changes.push(state));
  });
  afterEach(() => vi.useRealTimers());

  const fail = (times: number) => {
    for (let i = 0; i < times; i++) {
      const admission = breaker.admit();
      expect(admission).toBeDefined();
      breaker.record(false, admission!);
    }
  };

  it('opens after the threshold of consecutive failures, not before', () => {
    fail(2);
    expect(breaker.state).toBe('closed');
    fail(1);
    expect(breaker.state).toBe('open');
    expect(breaker.admit()).toBeUndefined();
    expect(changes).toEqual(['open']);
  });

  it('a success in between resets the count', () => {
    fail(2);
    breaker.record(true, breaker.admit()!);
    fail(2);
    expect(breaker.state).toBe('closed');
  });

  it('says how long until the probe, at least one second', () => {
    fail(3);
    expect(breaker.retryAfterSeconds()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(breaker.retryAfterSeconds()).toBe(1);
  });

  it('after the cool-down lets exactly one probe through; its success closes the circuit', () => {
    fail(3);
    vi.advanceTimersByTime(1000);
    expect(breaker.state).toBe('half-open');
    const probe = breaker.admit();
    expect(probe).toBe('probe');
    expect(breaker.admit()).toBeUndefined();
    breaker.record(true, probe!);
    expect(breaker.state).toBe('closed');
    expect(breaker.admit()).toBe('call');
    expect(changes).toEqual(['open', 'half-open', 'closed']);
  });

  it('a failed probe opens it again for a full cool-down', () => {
    fail(3);
    vi.advanceTimersByTime(1000);
    breaker.record(false, breaker.admit()!);
    expect(breaker.state).toBe('open');
    vi.advanceTimersByTime(999);
    expect(breaker.admit()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(breaker.admit()).toBe('probe');
  });

  it('a probe released without a verdict lets the next caller probe at once', () => {
    fail(3);
    vi.advanceTimersByTime(1000);
    const probe = breaker.admit()!;
    expect(breaker.admit()).toBeUndefined();
    breaker.release(probe);
    expect(breaker.state).toBe('half-open');
    expect(breaker.admit()).toBe('probe');
  });

  it('a speculative call is never the probe', () => {
    fail(3);
    vi.advanceTimersByTime(1000);
    expect(breaker.admit({ speculative: true })).toBeUndefined();
    expect(breaker.admit()).toBe('probe');
  });

  it('a speculative call flows while closed', () => {
    expect(breaker.admit({ speculative: true })).toBe('call');
  });

  it('releasing an ordinary call does not free a probe slot someone else holds', () => {
    const old = breaker.admit()!;
    fail(3);
    vi.advanceTimersByTime(1000);
    expect(breaker.admit()).toBe('probe');
    breaker.release(old);
    expect(breaker.admit()).toBeUndefined();
  });
});
