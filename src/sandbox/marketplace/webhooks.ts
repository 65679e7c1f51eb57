/**
 * Signed webhook delivery (contract section 7): `{id, event, created_at, data}`
 * POSTed with `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 * Fire-and-forget: a failed delivery is retried twice with a short pause on a
 * network error or a 5xx/429, and never reaches the request that caused it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { WebhookEventName } from './events.js';

export interface WebhookTarget {
  url: string;
  secret: string;
}

export interface WebhookPayload {
  id: string;
  event: WebhookEventName;
  created_at: string;
  data: Record<string, unknown>;
}

export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const RETRY_DELAYS_MS = [100, 400];

/** A sink for state changes; does nothing without a target. */
export function createWebhookSender(target: WebhookTarget | undefined): (event: WebhookEventName, data: Record<string, unknown>) => void {
  if (!target) return () => {};
  return (event, data) => {
    // Event ids are random (not seeded): a restarted sandbox must not repeat ids the receiver already accepted.
    const payload: WebhookPayload = { id: `evt_${randomUUID()}`, event, created_at: new Date().toISOString(), data };
    const body = JSON.stringify(payload);
    void deliver(target, body);
  };
}

async function deliver(target: WebhookTarget, body: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const signature = signWebhook(target.secret, Math.floor(Date.now() / 1000), body);
      const res = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 500 && res.status !== 429) return;
    } catch {
      // unreachable receiver: retried below, then dropped
    }
    const pause = RETRY_DELAYS_MS[attempt];
    if (pause === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
