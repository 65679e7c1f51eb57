/** Public reference data, served from the cross-request reference cache. */
import type { GatewayContext } from '../src/context.js';

export const categories = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.categories();
export const apiScopes = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.apiScopes();
export const webhookEventTypes = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.webhookEventTypes();
