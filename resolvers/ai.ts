/**
 * AI helpers: generation requests (queued → running → succeeded or failed,
 * cancellable while pending, rated once when succeeded), query
 * interpretation and message drafts. The reads (credits, requests,
 * recommendations) are declared in schema/ai.ts.
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { AiRequestShape } from '../src/upstreams/marketplace/map.js';
import { requiredText, searchText } from './args.js';
import { bodyOf } from './body.js';
import { primeGig } from './gigs.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export const AI_DRAFT_KINDS = {
  GIG_DESCRIPTION: 'gig_description',
  GIG_TITLE: 'gig_title',
  MESSAGE: 'message',
  PROPOSAL: 'proposal',
  GENERIC: 'generic',
} as const;
export const AI_MESSAGE_TONES = { FRIENDLY: 'friendly', FORMAL: 'formal', BRIEF: 'brief' } as const;
const MAX_PROMPT_LENGTH = 5000;

function prompt(value: string, field: string): string {
  const text = value.trim();
  if (text === '') throw badUserInput(`"${field}" must not be empty`, field);
  if (text.length > MAX_PROMPT_LENGTH) throw badUserInput(`"${field}" is longer than ${MAX_PROMPT_LENGTH} characters`, field);
  return text;
}

/** A read (it changes nothing upstream), although the upstream takes it as a POST. */
export async function aiSearch(_: unknown, args: { query: string }, ctx: GatewayContext) {
  const query = requiredText(args.query, 'query');
  const result = await ctx.clients.marketplace.read(ops.aiSearch, { body: { query } });
  for (const gig of result.gigs) primeGig(ctx, gig);
  return result;
}

/** After a write, reads of the same request see the request's new state. */
function primed(request: AiRequestShape, ctx: GatewayContext) {
  const { marketplace } = ctx.clients;
  marketplace.forget(ops.aiRequest);
  marketplace.prime(ops.aiRequest, { uuid: request.id }, request);
  return { request };
}

export async function generateAiDraft(
  _: unknown,
  args: { input: { prompt: string; kind?: keyof typeof AI_DRAFT_KINDS | null; attributes?: unknown } },
  ctx: GatewayContext,
) {
  const json = bodyOf(args.input.attributes, {
    prompt: prompt(args.input.prompt, 'input.prompt'),
    kind: args.input.kind ? AI_DRAFT_KINDS[args.input.kind] : undefined,
  });
  return primed(await ctx.clients.marketplace.call(ops.aiGenerate, { body: json }), ctx);
}

export async function cancelAiRequest(_: unknown, args: { input: { id: string } }, ctx: GatewayContext) {
  const uuid = identifier(args.input.id, 'input.id');
  return primed(await ctx.clients.marketplace.call(ops.aiCancel, { uuid }), ctx);
}

export const AI_RATING = { min: 1, max: 5 } as const;

export async function rateAiDraft(
  _: unknown,
  args: { input: { id: string; rating: number; comment?: string | null; attributes?: unknown } },
  ctx: GatewayContext,
) {
  const uuid = identifier(args.input.id, 'input.id');
  const { rating } = args.input;
  if (!Number.isInteger(rating) || rating < AI_RATING.min || rating > AI_RATING.max) {
    throw badUserInput(`"input.rating" must be an integer from ${AI_RATING.min} to ${AI_RATING.max}`, 'input.rating');
  }
  const json = bodyOf(args.input.attributes, { rating, comment: searchText(args.input.comment, 'input.comment') });
  return primed(await ctx.clients.marketplace.call(ops.aiFeedback, { uuid, body: json }), ctx);
}

export function draftAiMessage(
  _: unknown,
  args: {
    input: { context: string; tone?: keyof typeof AI_MESSAGE_TONES | null; recipientUsername?: string | null; attributes?: unknown };
  },
  ctx: GatewayContext,
) {
  const { input } = args;
  const json = bodyOf(input.attributes, {
    context: prompt(input.context, 'input.context'),
    tone: input.tone ? AI_MESSAGE_TONES[input.tone] : undefined,
    recipient_username: searchText(input.recipientUsername, 'input.recipientUsername'),
  });
  return ctx.clients.marketplace.call(ops.aiMessageDraft, { body: json });
}
