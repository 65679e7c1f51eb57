/**
 * Arguments and input fields the operation schemas repeat: `first`/`after`
 * of a connection, and the `attributes: JSON` rest of a mutation body
 * (contract section 4).
 */
import type { ArgBuilder } from '@pothos/core';
import type { BuilderTypes } from './builder.js';
import { AFTER_DESCRIPTION, FIRST_DESCRIPTION } from './connection.js';

export const pagingArgs = (arg: ArgBuilder<BuilderTypes>) => ({
  first: arg.int({ description: FIRST_DESCRIPTION }),
  after: arg.string({ description: AFTER_DESCRIPTION }),
});

export const attributesInput = (t: PothosSchemaTypes.InputFieldBuilder<BuilderTypes, 'InputObject'>) =>
  t.field({ type: 'JSON', description: 'Further body fields, sent as they are; a typed field wins over the same key here.' });

/** The output field exposing the whole upstream object. */
export const wholeObject = (what: string) => ({ type: 'JSON' as const, description: `The whole upstream ${what} object.` });
