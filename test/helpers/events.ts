/**
 * Webhook and subscription helpers shared by the event suites: signed
 * deliveries to a gateway and an SSE subscriber that collects what it gets.
 */
import { sign } from '../../src/webhooks/signature.js';
import { WEBHOOK_SECRET } from './gateway.js';

let counter = 0;
/** A webhook payload with a fresh id. */
export function eventFor(data: Record<string, unknown>, event = 'order.created') {
  return { id: `evt_test_${Date.now()}_${counter++}`, event, created_at: new Date().toISOString(), data };
}

/** POSTs a signed webhook to a gateway (`secret` and `at` let a test forge a bad one). */
export function postWebhook(gatewayUrl: string, payload: unknown, options: { secret?: string; at?: number } = {}) {
  const body = JSON.stringify(payload);
  const t = options.at ?? Math.floor(Date.now() / 1000);
  return fetch(`${gatewayUrl}/webhooks/marketplace`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': sign(options.secret ?? WEBHOOK_SECRET, t, body) },
    body,
  });
}

/** Opens an SSE subscription and collects `next` payloads. */
export async function sse(gatewayUrl: string, query: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query }),
    signal: controller.signal,
  });
  const received: Array<{ data?: Record<string, unknown>; errors?: Array<{ extensions?: Record<string, unknown> }> }> = [];
  const reader = response.body!.getReader();
  const done = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) return;
        buffer += new TextDecoder().decode(value);
        let index: number;
        while ((index = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data:'));
          if (frame.includes('event: next') && data) received.push(JSON.parse(data.slice(5)));
        }
      }
    } catch {
      // aborted
    }
  })();
  return { status: response.status, received, close: async () => (controller.abort(), await done) };
}

/** Waits until `check()` holds, failing after `ms`. */
export const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};
