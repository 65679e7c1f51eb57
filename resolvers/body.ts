/**
 * Request bodies of mutations (docs/upstream-contract.md, "Write bodies"): the typed input fields
 * the gateway knows, in the upstream's snake_case, over `attributes: JSON` for
 * the rest of the body. A typed field wins over the same key in attributes.
 */
import { badUserInput } from '../src/errors.js';

export type Snake = Record<string, unknown>;

export function bodyOf(attributes: unknown, typed: Snake = {}): Snake {
  if (attributes !== undefined && attributes !== null && (typeof attributes !== 'object' || Array.isArray(attributes))) {
    throw badUserInput('"input.attributes" must be a JSON object', 'input.attributes');
  }
  const body: Snake = { ...(attributes as Snake | null | undefined) };
  for (const [key, value] of Object.entries(typed)) if (value !== undefined && value !== null) body[key] = value;
  return body;
}

/** A positive amount (prices, deposits, days). */
export function positive(value: number | null | undefined, field: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw badUserInput(`"${field}" must be a positive number`, field);
  return value;
}
