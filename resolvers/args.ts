/** Validation of free-text and numeric arguments, before any upstream call. */
import { badUserInput } from '../src/errors.js';

export const MAX_TEXT_LENGTH = 500;

/** Optional search text: trimmed, empty → undefined, bounded, no control characters. */
export function searchText(value: string | null | undefined, argument: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (text.length > MAX_TEXT_LENGTH) throw badUserInput(`"${argument}" is longer than ${MAX_TEXT_LENGTH} characters`, argument);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) throw badUserInput(`"${argument}" contains control characters`, argument);
  return text;
}

/** Required non-empty text (a purchase code, a project name). */
export function requiredText(value: string, argument: string): string {
  const text = searchText(value, argument);
  if (text === undefined) throw badUserInput(`"${argument}" must not be empty`, argument);
  return text;
}
