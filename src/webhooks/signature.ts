/**
 * Marketplace webhook signatures (docs/upstream-contract.md, "Webhooks"): `X-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. A timestamp more
 * than five minutes from now is refused, so a captured request cannot be
 * replayed later; the comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function sign(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Exactly what `sign` produces: nothing before, between or after the two parts, lower-case hex only. */
const HEADER = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/;

export function verifySignature(
  secret: string,
  header: string | null,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  // Strict: a lenient parse (hex decoding stops at the first non-hex character) would let
  // a valid MAC carry trailing bytes, so two different headers would verify as one.
  const match = header ? HEADER.exec(header) : null;
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${rawBody}`).digest();
  const given = Buffer.from(match[2]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
