/**
 * Fields the operation schemas repeat: the `attributes: JSON` rest of a
 * mutation body (docs/upstream-contract.md, "Write bodies") and the whole upstream object.
 */
import type { BuilderTypes } from './builder.js';

export const attributesInput = (t: PothosSchemaTypes.InputFieldBuilder<BuilderTypes, 'InputObject'>) =>
  t.field({ type: 'JSON', description: 'Further body fields, sent as they are; a typed field wins over the same key here.' });

/** The output field exposing the whole upstream object. */
export const wholeObject = (what: string) => ({ type: 'JSON' as const, description: `The whole upstream ${what} object.` });
