/** Types more than one domain returns. */
import { builder } from './builder.js';

export const DeletePayload = builder.objectRef<{ id: string; deleted: boolean }>('DeletePayload').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    deleted: t.exposeBoolean('deleted', { nullable: false }),
  }),
});
