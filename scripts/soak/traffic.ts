/**
 * The soak's concurrent loops besides the hostile campaign: clients that
 * leave mid-request, upstreams that slow to around their timeout, and signed
 * webhooks retried on 503 as a sender would, with a subscriber counting what
 * arrives. Each loop runs until `until` and counts what it saw.
 */
import { sign } from '../../src/webhooks/signature.js';
import type { Sandbox, SandboxName } from '../../src/sandbox/index.js';

const QUERIES = [
  { body: { query: '{ seller(username: "pixelcraft") { name gigs(first: 2) { nodes { slug } } } }' }, headers: {} },
  { body: { query: '{ seoReports(first: 2) { totalCount } }' }, headers: { 'x-seo-api-key': 'seo-demo-key' } },
  { body: { query: '{ items { id } }' }, headers: { 'x-items-api-key': 'items-demo-key' } },
  {
    body: { query: '{ seller(username: "pixelcraft") { name ... @defer { gigs(first: 2) { totalCount } } } }' },
    headers: { accept: 'multipart/mixed' },
  },
] as Array<{ body: unknown; headers: Record<string, string> }>;

export interface AbortCounts {
  sent: number;
  aborted: number;
  fiveXx: number;
}

/** `clients` loops each sending a query and cutting it after 0-300 ms, about half before the answer. */
export async function clientsLeaving(url: string, clients: number, until: number, counts: AbortCounts): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      for (let i = worker; Date.now() < until; i += clients) {
        const q = QUERIES[i % QUERIES.length]!;
        const controller = new AbortController();
        const cut = setTimeout(() => controller.abort(), Math.random() * 300);
        counts.sent++;
        try {
          const res = await fetch(`${url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', ...q.headers },
            body: JSON.stringify(q.body),
            signal: controller.signal,
          });
          if (res.status >= 500) counts.fiveXx++;
          await res.arrayBuffer();
        } catch {
          counts.aborted++;
        } finally {
          clearTimeout(cut);
        }
      }
    }),
  );
}

/** Every `everyMs`, one upstream answers its next calls at around `timeoutMs` (before, at, just after). */
export async function upstreamsSlowing(
  sandbox: Sandbox,
  timeoutMs: number,
  everyMs: number,
  until: number,
  counts: { faults: number },
): Promise<void> {
  const names = Object.keys(sandbox.services) as SandboxName[];
  for (let i = 0; Date.now() < until; i++) {
    const control = sandbox.services[names[i % names.length]!]!.control;
    control.addFault({ kind: 'delay', latencyMs: timeoutMs + Math.round((Math.random() - 0.4) * 600), times: 10 });
    counts.faults++;
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(0, until - Date.now()))));
  }
}

export interface WebhookCounts {
  accepted: number;
  retriedOn503: number;
  unexpected: Record<string, number>;
  received: number;
  /** A few accepted ids that never arrived. */
  missing?: string[];
}

/** One signed event a second, retried on 503 (honouring Retry-After, at most 30 s); a subscriber counts arrivals. */
export async function webhooksDelivered(
  url: string,
  secret: string,
  adminKey: string,
  until: number,
  counts: WebhookCounts,
): Promise<void> {
  const subscriber = new AbortController();
  // Every id that arrived, whenever: an event published by an attempt answered 503 (its command ran once Redis
  // woke) arrives before its retry is answered "duplicate", and counts all the same.
  const arrived = new Set<string>();
  const accepted = new Set<string>();
  const subscription = subscribe(url, adminKey, subscriber.signal, (id) => arrived.add(id));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (let n = 0; Date.now() < until; n++) {
    const id = `evt_soak_${Date.now()}_${n}`;
    const body = JSON.stringify({
      id,
      event: 'order.created',
      created_at: new Date().toISOString(),
      data: { uuid: `soak-${n}`, buyer_username: 'soak' },
    });
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      const res = await fetch(`${url}/webhooks/marketplace`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(secret, Math.floor(Date.now() / 1000), body) },
        body,
      }).catch(() => undefined);
      const status = res?.status ?? 0;
      await res?.arrayBuffer().catch(() => undefined);
      if (status === 202 || status === 200) {
        accepted.add(id);
        break;
      }
      if (status === 503) {
        counts.retriedOn503++;
        const wait = Number(res?.headers.get('retry-after') ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.min(5, Math.max(1, wait)) * 1000));
        continue;
      }
      counts.unexpected[String(status)] = (counts.unexpected[String(status)] ?? 0) + 1;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // Delivery after recovery: give the last events time to arrive.
  const missing = () => [...accepted].filter((id) => !arrived.has(id));
  for (let waited = 0; waited < 10_000 && missing().length > 0; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
  subscriber.abort();
  await subscription;
  counts.accepted = accepted.size;
  counts.received = accepted.size - missing().length;
  counts.missing = missing().slice(0, 10);
}

/** An SSE subscription to every marketplace event (admin key), calling `onEvent` with each event's id; reconnects until aborted. */
async function subscribe(url: string, adminKey: string, signal: AbortSignal, onEvent: (id: string) => void): Promise<void> {
  while (!signal.aborted) {
    try {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-gateway-admin-key': adminKey },
        body: JSON.stringify({ query: 'subscription { marketplaceEvents { id } }' }),
        signal,
      });
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        for (const match of buffered.matchAll(/"id":"(evt_soak_[^"]+)"/g)) onEvent(match[1]!);
        buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
      }
    } catch {
      // Aborted at the end, or the connection dropped: reconnect.
    }
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
