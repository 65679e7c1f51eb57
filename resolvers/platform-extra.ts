/** Theme, locale, languages, currencies and countries: public reference data from the cross-request cache. */
import type { GatewayContext } from '../src/context.js';

export const theme = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.theme();
export const locale = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.locale();
export const languages = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.languages();
export const currencies = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.currencies();
export const countries = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.reference.countries();
