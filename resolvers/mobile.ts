/**
 * The mobile app's four auth operations (its reads, the home feed and the
 * compact order views, are declared in schema/mobile.ts). Auth inputs carry passwords and tokens: they go only into
 * the upstream request body, never into an error message (messages name the
 * field, not its value) and never into a log line (see src/logger.ts).
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import type { TokenPairShape } from '../src/upstreams/marketplace/map.js';
import { requiredText, searchText } from './args.js';
import { bodyOf } from './body.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

const MAX_SECRET_LENGTH = 1000;

/** A password or token: never trimmed (spaces may be part of it), only bounded. */
function secret(value: string | null | undefined, field: string, required: true): string;
function secret(value: string | null | undefined, field: string, required?: false): string | undefined;
function secret(value: string | null | undefined, field: string, required = false): string | undefined {
  if (value === null || value === undefined || value === '') {
    if (required) throw badUserInput(`"${field}" must not be empty`, field);
    return undefined;
  }
  if (value.length > MAX_SECRET_LENGTH) throw badUserInput(`"${field}" is longer than ${MAX_SECRET_LENGTH} characters`, field);
  return value;
}

function signedIn(pair: TokenPairShape, ctx: GatewayContext) {
  if (pair.user) ctx.clients.marketplace.prime(ops.usersShow, { username: pair.user.username }, pair.user);
  return pair;
}

export interface MobileLoginInput {
  email?: string | null;
  username?: string | null;
  password: string;
}

export async function mobileLogin(_: unknown, args: { input: MobileLoginInput }, ctx: GatewayContext) {
  const email = searchText(args.input.email, 'input.email');
  const username = searchText(args.input.username, 'input.username');
  if (email === undefined && username === undefined) throw badUserInput('"input.email" or "input.username" is required', 'input.email');
  const password = secret(args.input.password, 'input.password', true);
  const json = bodyOf(undefined, { email, username, password });
  return signedIn(await ctx.clients.marketplace.call(ops.mobileLogin, { body: json }), ctx);
}

export interface MobileRegisterInput {
  username: string;
  name: string;
  email: string;
  password: string;
  passwordConfirmation?: string | null;
  country?: string | null;
  attributes?: unknown;
}

export async function mobileRegister(_: unknown, args: { input: MobileRegisterInput }, ctx: GatewayContext) {
  const { input } = args;
  const json = bodyOf(input.attributes, {
    username: requiredText(input.username, 'input.username'),
    name: requiredText(input.name, 'input.name'),
    email: requiredText(input.email, 'input.email'),
    password: secret(input.password, 'input.password', true),
    password_confirmation: secret(input.passwordConfirmation, 'input.passwordConfirmation'),
    country: searchText(input.country, 'input.country'),
  });
  return signedIn(await ctx.clients.marketplace.call(ops.mobileRegister, { body: json }), ctx);
}

export async function mobileRefresh(_: unknown, args: { input: { refreshToken: string } }, ctx: GatewayContext) {
  const json = { refresh_token: secret(args.input.refreshToken, 'input.refreshToken', true) };
  return signedIn(await ctx.clients.marketplace.call(ops.mobileRefresh, { body: json }), ctx);
}

export async function mobileForgotPassword(
  _: unknown,
  args: { input: { email?: string | null; username?: string | null; attributes?: unknown } },
  ctx: GatewayContext,
) {
  const json = bodyOf(args.input.attributes, {
    email: searchText(args.input.email, 'input.email'),
    username: searchText(args.input.username, 'input.username'),
  });
  return ctx.clients.marketplace.call(ops.mobileForgot, { body: json });
}
