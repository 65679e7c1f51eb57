/**
 * Whole-number inputs (days, quantities, ratings): refused with
 * BAD_USER_INPUT naming the field before any upstream call. `positive()` in
 * body.ts covers amounts; counts must also be integers.
 */
import { badUserInput } from '../src/errors.js';

/** A whole number from `min` to `max`; absent stays absent. */
export function wholeNumber(value: number | null | undefined, field: string, min = 1, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badUserInput(`"${field}" must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`, field);
  }
  return value;
}

/** A required whole number (the same rules, but absent is an error). */
export function requiredWholeNumber(value: number | null | undefined, field: string, min = 1, max?: number): number {
  const checked = wholeNumber(value, field, min, max);
  if (checked === undefined) throw badUserInput(`"${field}" is required`, field);
  return checked;
}
