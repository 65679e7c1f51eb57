/**
 * The webhook receiver under hostile senders: signatures are parsed strictly
 * (exactly `t=<digits>,v1=<64 lower-case hex>`), and an oversized body is
 * refused as soon as it passes the limit, without being read to its end.
 */
import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { sign, verifySignature } from '../../src/webhooks/signature.js';
import { useTestGateway, WEBHOOK_SECRET } from '../helpers/gateway.js';

const body = '{"id":"evt_1","event":"order.created","created_at":"2026-01-01T00:00:00Z","data":{}}';
const now = 1_800_000_000;
const valid = sign(WEBHOOK_SECRET, now, body);

describe('webhook signature parsing', () => {
  it('accepts the exact header the marketplace sends', () => {
    expect(verifySignature(WEBHOOK_SECRET, valid, body, now)).toBe(true);
  });

  it.each([
    ['trailing garbage after the MAC', `${valid}zz`],
    ['trailing hex after the MAC', `${valid}00`],
    ['an extra field', `${valid},v0=abc`],
    ['upper-case hex', valid.replace(/v1=([0-9a-f]+)/, (_, hex: string) => `v1=${hex.toUpperCase()}`)],
    ['spaces around the parts', valid.replace(',', ' , ')],
    ['a repeated timestamp', `t=${now},${valid}`],
    ['a timestamp with a sign', valid.replace(`t=${now}`, `t=+${now}`)],
    ['a fractional timestamp', valid.replace(`t=${now}`, `t=${now}.0`)],
    ['the parts swapped', `${valid.split(',')[1]},${valid.split(',')[0]}`],
  ])('refuses %s', (_, header) => {
    expect(verifySignature(WEBHOOK_SECRET, header, body, now)).toBe(false);
  });
});

/** Streams `total` bytes chunked (no Content-Length) and resolves with the status and how many bytes were written before the answer. */
function postChunked(url: string, total: number): Promise<{ status: number; sentBeforeAnswer: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let answered = false;
    const req = request(
      `${url}/webhooks/marketplace`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        res.resume();
        req.destroy();
        resolve({ status, sentBeforeAnswer: sent, ms: Date.now() - started });
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('webhook body limit', () => {
  const gw = useTestGateway();

  it('refuses a chunked body over the limit with 413 before reading it to the end', async () => {
    const total = 50 * 1024 * 1024;
    const rssBefore = process.memoryUsage().rss;
    const results = await Promise.all([postChunked(gw.url, total), postChunked(gw.url, total), postChunked(gw.url, total)]);
    // Buffering the three bodies whole grew this process (gateway and senders share it) by about 340 MB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    for (const result of results) {
      expect(result.status).toBe(413);
      // The answer comes once the limit (256 KiB) is passed, not after 50 MB (socket buffers allow some slack).
      expect(result.sentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
    }
  });

  it('still accepts a signed chunked body under the limit', async () => {
    const payload = JSON.stringify({
      id: `evt_chunked_${Date.now()}`,
      event: 'order.created',
      created_at: new Date().toISOString(),
      data: {},
    });
    const header = sign(WEBHOOK_SECRET, Math.floor(Date.now() / 1000), payload);
    const response = await fetch(`${gw.url}/webhooks/marketplace`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': header },
      body: new Blob([payload]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(202);
  });
});
