/**
 * An upstream's own words on the way to a caller (the message of a 409 or
 * 422, and the field names and messages of a 422). Laravel validation
 * messages are short plain sentences ("The title field is required."); a
 * broken or hostile upstream may instead send SQL, file paths, stack frames
 * or the request's own Authorization header. Only text that reads like the
 * former passes, bounded, on one line, and never when it contains a
 * credential of the request.
 */
const MAX_MESSAGE_CHARS = 200;
const MAX_FIELDS = 50;
const MAX_MESSAGES_PER_FIELD = 5;
/** `title`, `items.0.name`, `gig_slugs`: a field path, nothing else. */
const FIELD_NAME = /^[A-Za-z_][\w.-]{0,99}$/;

/** What plain validation messages never contain: SQL, paths and source files, stack frames, markup, credentials. */
const LEAKY = [
  /SQLSTATE|\bselect\s+(\*|[\w.]+\s*,)|\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+\w+\s+set\b|\bwhere\s+[\w.]+\s*(=|like\b|in\s*\()/i,
  /(^|[\s"'(=])(\/|[A-Za-z]:\\|~\/|\.\.?\/)[\w.-]+[/\\]/,
  /\.(php|py|rb|js|ts|java|go|cs|sql|env|log|ini|ya?ml)\b(:\d+)?/i,
  /\bat\s+[\w$.<>]+\s*\(|#\d+\s+\S+\(|stack\s*trace|exception\b|traceback/i,
  /<\/?[a-z!]|&lt;/i,
  /authori[sz]ation\s*:|bearer\s+\S|api[_-]?key\s*[=:]|x-[\w-]+-key\s*:/i,
];

/** The message when it is safe to show, else undefined (the caller then gets the gateway's own wording). */
export function safeUpstreamMessage(text: unknown, secrets: readonly string[]): string | undefined {
  if (typeof text !== 'string') return undefined;
  const line = text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line || LEAKY.some((pattern) => pattern.test(line))) return undefined;
  if (secrets.some((secret) => secret.length > 0 && line.includes(secret))) return undefined;
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line;
}

/**
 * Field errors with plain field names only, renamed by `rename` into the caller's terms; a message
 * that is not safe becomes "is invalid".
 */
export function safeFieldErrors(
  errors: Record<string, string[]> | undefined,
  secrets: readonly string[],
  rename: (field: string) => string = (field) => field,
): Record<string, string[]> | undefined {
  if (!errors) return undefined;
  const out: Record<string, string[]> = {};
  let count = 0;
  for (const [field, messages] of Object.entries(errors)) {
    if (count === MAX_FIELDS) break;
    if (!FIELD_NAME.test(field) || secrets.some((secret) => secret.length > 0 && field.includes(secret))) continue;
    out[rename(field)] = messages
      .slice(0, MAX_MESSAGES_PER_FIELD)
      .map((message) => safeUpstreamMessage(message, secrets) ?? `The ${rename(field)} field is invalid.`);
    count++;
  }
  return out;
}
