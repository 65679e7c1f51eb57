/**
 * Messaging, notifications and the payments wallet: conversations of the
 * viewer, a typing indicator that presence reports for five seconds,
 * idempotent message reactions, the notifications `emit` wrote, and the wallet.
 */
import { ok } from '../../laravel.js';
import { notFound, page, type MarketplaceApi, type Viewer } from '../api.js';
import { presentConversation, presentMessage } from '../present.js';
import { Checker } from '../validate.js';

const TYPING_SECONDS = 5;

export function registerMessagingRoutes(api: MarketplaceApi): void {
  const { state } = api;
  /** conversation uuid → username → typing-until (wall clock ms). */
  const typing = new Map<string, Map<string, number>>();
  const conversationFor = (viewer: Viewer, uuid: string | undefined) => {
    const c = uuid === undefined ? undefined : state.conversations.get(uuid);
    return c && c.participants.includes(viewer.username) ? c : undefined;
  };

  api
    .handle('conversationsIndex', (req, viewer) => {
      const mine = [...state.conversations.values()]
        .filter((c) => c.participants.includes(viewer.username))
        .map((c) => presentConversation(state, c, viewer.username))
        .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0));
      return page(req, mine);
    })
    .handle('conversationsTyping', (req, viewer) => {
      const conversation = conversationFor(viewer, req.params.uuid);
      if (!conversation) return notFound('Conversation');
      const check = new Checker(req.body);
      const isTyping = check.boolean('typing') ?? true;
      const invalid = check.failed();
      if (invalid) return invalid;
      const entries = typing.get(conversation.uuid) ?? new Map<string, number>();
      typing.set(conversation.uuid, entries);
      if (isTyping) entries.set(viewer.username, Date.now() + TYPING_SECONDS * 1000);
      else entries.delete(viewer.username);
      return ok({
        conversation_uuid: conversation.uuid,
        username: viewer.username,
        typing: isTyping,
        expires_in: isTyping ? TYPING_SECONDS : 0,
      });
    })
    .handle('conversationsPresence', (req, viewer) => {
      const conversation = conversationFor(viewer, req.params.uuid);
      if (!conversation) return notFound('Conversation');
      const messages = [...state.messages.values()].filter((m) => m.conversation_uuid === conversation.uuid);
      const entries = typing.get(conversation.uuid);
      return ok({
        conversation_uuid: conversation.uuid,
        participants: conversation.participants.map((username) => ({
          username,
          online: username === viewer.username || state.sellers.get(username)?.availability === 'available',
          typing: (entries?.get(username) ?? 0) > Date.now(),
          last_seen_at:
            messages
              .filter((m) => m.sender_username === username)
              .map((m) => m.created_at)
              .sort()
              .pop() ?? null,
        })),
      });
    })
    .handle('messagesReact', (req, viewer) => {
      const message = state.messages.get(req.params.uuid!);
      if (!message || !conversationFor(viewer, message.conversation_uuid)) return notFound('Message');
      const check = new Checker(req.body);
      const emoji = check.string('emoji', { required: true, max: 16, min: 1 });
      const action = check.oneOf('action', ['add', 'remove'] as const) ?? 'add';
      const invalid = check.failed();
      if (invalid) return invalid;
      const users = (message.reactions[emoji!] ?? []).filter((u) => u !== viewer.username);
      if (action === 'add') users.push(viewer.username);
      if (users.length) message.reactions[emoji!] = users;
      else delete message.reactions[emoji!];
      return ok(presentMessage(message));
    })
    .handle('notificationsIndex', (req, viewer) => {
      const unread = req.query.get('unread');
      const mine = state.notifications.filter(
        (n) => n.username === viewer.username && (unread !== 'true' && unread !== '1' ? true : n.read_at === null),
      );
      return page(req, mine, ({ username: _username, ...n }) => n);
    })
    .handle('walletShow', (_req, viewer) => {
      const wallet = state.wallets.get(viewer.username) ?? { username: viewer.username, balance: 0, pending: 0, transactions: [] };
      return ok({
        username: wallet.username,
        balance: wallet.balance,
        pending: wallet.pending,
        currency: 'USD',
        transactions: wallet.transactions.slice(0, 10),
      });
    });
}
