/**
 * Retry-After (RFC 9110 section 10.2.3): delay-seconds (digits only) or an
 * HTTP-date, as whole seconds from now. Anything else (negative, decimal,
 * hex, "1e3") is ignored rather than guessed at; an absurd wait is capped at
 * a day so it stays a sane number for a client.
 */
const MAX_SECONDS = 86_400;

export function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Math.min(MAX_SECONDS, Number(text));
  if (!/^[A-Za-z]{3}, /.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.min(MAX_SECONDS, Math.max(0, Math.ceil((date - Date.now()) / 1000)));
}
