/**
 * The keys of the messaging reads (declared in schema/messaging.ts), the
 * typing indicator and message reactions, which drop the reads they change.
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { requiredText } from './args.js';
import { bodyOf } from './body.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

/** `notifications(unread)`: GET /notifications, with `unread=1` when only unread ones are asked for. */
export const notificationFilter = (unread?: boolean | null) => ({ query: unread ? { unread: 1 } : {} });

export async function setTypingIndicator(
  _: unknown,
  args: { input: { conversationId: string; typing?: boolean | null; attributes?: unknown } },
  ctx: GatewayContext,
) {
  const uuid = identifier(args.input.conversationId, 'input.conversationId');
  const json = bodyOf(args.input.attributes, { typing: args.input.typing ?? true });
  const result = await ctx.clients.marketplace.call(ops.conversationsTyping, { uuid, body: json });
  // Presence read later in this request must show the new typing state.
  ctx.clients.marketplace.forget(ops.conversationsPresence);
  return result;
}

export const REACTION_ACTIONS = { ADD: 'add', REMOVE: 'remove' } as const;
const MAX_EMOJI_LENGTH = 16;

export async function reactToMessage(
  _: unknown,
  args: { input: { messageId: string; emoji: string; action?: keyof typeof REACTION_ACTIONS | null; attributes?: unknown } },
  ctx: GatewayContext,
) {
  const uuid = identifier(args.input.messageId, 'input.messageId');
  const emoji = requiredText(args.input.emoji, 'input.emoji');
  if (emoji.length > MAX_EMOJI_LENGTH) throw badUserInput(`"input.emoji" is longer than ${MAX_EMOJI_LENGTH} characters`, 'input.emoji');
  const json = bodyOf(args.input.attributes, { emoji, action: REACTION_ACTIONS[args.input.action ?? 'ADD'] });
  const message = await ctx.clients.marketplace.call(ops.messagesReact, { uuid, body: json });
  ctx.clients.marketplace.forget(ops.conversationsIndex);
  return { message };
}
