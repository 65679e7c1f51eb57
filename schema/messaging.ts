/**
 * Messaging (conversations, messages, reactions, typing and presence),
 * notifications and the payments wallet.
 */
import type {
  ConversationShape,
  MessageShape,
  NotificationShape,
  PresenceShape,
  TypingShape,
  WalletShape,
} from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/messaging.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { Order } from './orders.js';
import { User } from './users.js';
import { upstream } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

type ReactionShape = MessageShape['reactions'][number];
const MessageReaction = builder.objectRef<ReactionShape>('MessageReaction').implement({
  fields: (t) => ({
    emoji: t.exposeString('emoji', { nullable: false }),
    count: t.exposeInt('count'),
    usernames: t.exposeStringList('usernames'),
  }),
});

export const Message = builder.objectRef<MessageShape>('Message').implement({
  description: 'A message in a conversation.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    body: t.exposeString('body'),
    senderUsername: t.exposeString('senderUsername'),
    sender: upstreamField(t, ops.usersShow, {
      type: User,
      canonical: false,
      key: (m) => (m.senderUsername ? { username: m.senderUsername } : null),
    }),
    reactions: t.expose('reactions', { type: [MessageReaction] }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

type PresenceParticipant = PresenceShape['participants'][number];
const PresenceParticipant = builder.objectRef<PresenceParticipant>('PresenceParticipant').implement({
  fields: (t) => ({
    username: t.exposeString('username', { nullable: false }),
    online: t.exposeBoolean('online'),
    typing: t.exposeBoolean('typing'),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
  }),
});

export const ConversationPresence = builder.objectRef<PresenceShape>('ConversationPresence').implement({
  description: 'Who in a conversation is online or typing.',
  fields: (t) => ({
    participants: t.expose('participants', { type: [PresenceParticipant] }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const Conversation = builder.objectRef<ConversationShape>('Conversation').implement({
  description: 'A conversation between the caller and one other user.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    subject: t.exposeString('subject'),
    participants: t.exposeStringList('participants'),
    withUsername: t.exposeString('withUsername', { description: 'The other participant.' }),
    withUser: upstreamField(t, ops.usersShow, {
      type: User,
      canonical: false,
      key: (c) => (c.withUsername ? { username: c.withUsername } : null),
    }),
    order: upstreamField(t, ops.ordersShow, { type: Order, canonical: false, key: (c) => (c.orderId ? { uuid: c.orderId } : null) }),
    messagesCount: t.exposeInt('messagesCount'),
    lastMessage: t.expose('lastMessage', { type: Message }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    presence: upstreamField(t, ops.conversationsPresence, { type: ConversationPresence, key: (c) => ({ uuid: c.id }) }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});
export const ConversationConnection = connectionOf('Conversation', Conversation);

export const Notification = builder.objectRef<NotificationShape>('Notification').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    type: t.exposeString('type', { description: 'An event name such as order.created.' }),
    title: t.exposeString('title'),
    data: t.expose('data', { type: 'JSON' }),
    readAt: t.expose('readAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});
export const NotificationConnection = connectionOf('Notification', Notification);

type WalletTransactionShape = WalletShape['transactions'][number];
const WalletTransaction = builder.objectRef<WalletTransactionShape>('WalletTransaction').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    type: t.exposeString('type'),
    amount: t.exposeFloat('amount'),
    description: t.exposeString('description'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const Wallet = builder.objectRef<WalletShape>('Wallet').implement({
  description: "The caller's payments wallet (latest transactions first).",
  fields: (t) => ({
    balance: t.exposeFloat('balance'),
    pending: t.exposeFloat('pending'),
    currency: t.exposeString('currency'),
    transactions: t.expose('transactions', { type: [WalletTransaction] }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const TypingPayload = builder.objectRef<TypingShape>('TypingPayload').implement({
  fields: (t) => ({
    conversationId: t.exposeID('conversationId', { nullable: false }),
    typing: t.exposeBoolean('typing', { nullable: false }),
    expiresIn: t.exposeInt('expiresIn', { description: 'Seconds the indicator stays on.' }),
  }),
});

export const MessagePayload = builder.objectRef<{ message: MessageShape }>('MessagePayload').implement({
  fields: (t) => ({ message: t.expose('message', { type: Message }) }),
});

export const ReactionAction = builder.enumType('ReactionAction', {
  description: 'ADD is idempotent; REMOVE takes the caller’s reaction away.',
  values: Object.keys(resolve.REACTION_ACTIONS) as Array<keyof typeof resolve.REACTION_ACTIONS>,
});

const SetTypingIndicatorInput = builder.inputType('SetTypingIndicatorInput', {
  fields: (t) => ({
    conversationId: t.id({ required: true }),
    typing: t.boolean({ description: 'Default true; false clears the indicator.' }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});
const ReactToMessageInput = builder.inputType('ReactToMessageInput', {
  fields: (t) => ({
    messageId: t.id({ required: true }),
    emoji: t.string({ required: true }),
    action: t.field({ type: ReactionAction, description: 'Default ADD.' }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});

builder.queryFields((t) => ({
  conversations: upstreamConnection(t, ops.conversationsIndex, {
    type: ConversationConnection,
    description: 'Newest activity first.',
    key: () => ({}),
  }),
  notifications: upstreamConnection(t, ops.notificationsIndex, {
    type: NotificationConnection,
    description: 'Newest first.',
    args: { unread: t.arg.boolean({ description: 'Only unread notifications.' }) },
    key: (_, args) => resolve.notificationFilter(args.unread),
  }),
  wallet: upstreamField(t, ops.walletShow, { type: Wallet, key: () => ({}) }),
}));

builder.mutationFields((t) => ({
  setTypingIndicator: t.field({
    type: TypingPayload,
    ...upstream.marketplace('conversationsTyping'),
    args: { input: t.arg({ type: SetTypingIndicatorInput, required: true }) },
    resolve: resolve.setTypingIndicator,
  }),
  reactToMessage: t.field({
    type: MessagePayload,
    ...upstream.marketplace('messagesReact'),
    args: { input: t.arg({ type: ReactToMessageInput, required: true }) },
    resolve: resolve.reactToMessage,
  }),
}));
