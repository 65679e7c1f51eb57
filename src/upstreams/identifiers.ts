/**
 * Identifiers that go into upstream paths (docs/upstream-contract.md, "Conventions"): refused when
 * empty, `.`, `..` or over 200 characters, then percent-encoded as exactly one
 * path segment, so no caller value can add a segment, a query or a fragment.
 */
import { badUserInput } from '../errors.js';

const MAX_IDENTIFIER_LENGTH = 200;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Validates an identifier argument; the error names the argument. */
export function identifier(value: string, argument: string): string {
  if (value === '' || value.trim() === '') throw badUserInput(`"${argument}" must not be empty`, argument);
  if (value === '.' || value === '..') throw badUserInput(`"${argument}" is not a valid identifier`, argument);
  if (value.length > MAX_IDENTIFIER_LENGTH) {
    throw badUserInput(`"${argument}" is longer than ${MAX_IDENTIFIER_LENGTH} characters`, argument);
  }
  // Control characters (CR, LF, NUL...) are never part of an identifier.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw badUserInput(`"${argument}" contains control characters`, argument);
  // A lone UTF-16 surrogate has no UTF-8 form: percent-encoding it would throw.
  if (LONE_SURROGATE.test(value)) throw badUserInput(`"${argument}" is not valid Unicode text`, argument);
  return value;
}

/** One path segment: everything but unreserved characters is percent-encoded ('/' → %2F, ' ' → %20). */
function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A path template split once: literal text at even indexes, placeholder names at odd ones. */
const splitTemplates = new Map<string, readonly string[]>();

/** Fills `{name}` placeholders of an operation path with validated, encoded values. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  let parts = splitTemplates.get(template);
  if (!parts) splitTemplates.set(template, (parts = template.split(/\{(\w+)\}/)));
  if (parts.length === 1) return template;
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    path += encodeSegment(identifier(value, name)) + parts[i + 1]!;
  }
  return path;
}

type Fields = Record<string, string | number | boolean | undefined>;

/** `a=1&b=2` from the defined values, each encoded by URLSearchParams: a query string or a form body. */
export function formBody(fields: Fields | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields ?? {})) if (value !== undefined) params.append(key, String(value));
  return params.toString();
}

/** `?a=1&b=2` from the defined values, or '' when there are none. */
export function queryString(query: Fields | undefined): string {
  if (query === undefined) return '';
  const text = formBody(query);
  return text ? `?${text}` : '';
}
