/**
 * Messaging, notifications and the wallet through the gateway: conversations
 * with their presence link, the typing indicator as presence then reports it,
 * idempotent reactions, notifications (unread filter) and the payments
 * wallet, each with its scope outcome.
 */
import { describe, expect, it } from 'vitest';
import { errorAt, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bearer, marketplaceCalls, marketplaceBody } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const as = bearer;
const buyer = as(TOKENS.buyer);
const calls = () => marketplaceCalls(gw);
const bodyOf = (index = 0) => marketplaceBody(gw, index);

interface Conversation {
  id: string;
  withUsername: string;
  participants: string[];
  lastMessage: { id: string; body: string; reactions: Array<{ emoji: string; count: number; usernames: string[] }> } | null;
  presence: { participants: Array<{ username: string; online: boolean; typing: boolean }> };
}

async function firstConversation(): Promise<Conversation> {
  const res = await gw.query<{ conversations: { nodes: Conversation[] } }>(
    '{ conversations(first: 1) { nodes { id withUsername participants lastMessage { id body reactions { emoji count usernames } } presence { participants { username online typing } } } } }',
    { headers: buyer },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.conversations.nodes[0]!;
}

describe('conversations and presence', () => {
  it("lists the caller's conversations with presence, one presence call per conversation", async () => {
    const res = await gw.query<{ conversations: { totalCount: number; nodes: Conversation[] } }>(
      '{ conversations(first: 2) { totalCount nodes { id withUsername participants messagesCount lastMessage { id body sender { username } } presence { participants { username online typing lastSeenAt } } } } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    const { nodes, totalCount } = res.data!.conversations;
    expect(totalCount).toBeGreaterThan(2);
    for (const c of nodes) {
      expect(c.participants).toContain('alice');
      expect(c.presence.participants.map((p) => p.username).sort()).toEqual([...c.participants].sort());
    }
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/conversations', query: { page: '1', per_page: '2' } });
    for (const c of nodes) expect(calls().filter((p) => p === `GET /api/v1/conversations/${c.id}/presence`)).toHaveLength(1);
  });

  it('needs messages.read', async () => {
    const res = await gw.query('{ conversations(first: 1) { totalCount } }', { headers: as(TOKENS.noscope) });
    expect(errorAt(res, 'conversations')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'messages.read' });
  });
});

describe('typing indicator', () => {
  it('turns on, shows in presence, and turns off', async () => {
    const conversation = await firstConversation();
    gw.resetCalls();
    const mutation = 'mutation($input: SetTypingIndicatorInput!) { setTypingIndicator(input: $input) { conversationId typing expiresIn } }';
    const on = await gw.query(mutation, { headers: buyer, variables: { input: { conversationId: conversation.id } } });
    expect(on.data?.setTypingIndicator).toEqual({ conversationId: conversation.id, typing: true, expiresIn: 5 });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: `/api/v1/conversations/${conversation.id}/typing` });
    expect(bodyOf()).toEqual({ typing: true });

    const typingNow = (await firstConversation()).presence.participants.find((p) => p.username === 'alice');
    expect(typingNow?.typing).toBe(true);

    const off = await gw.query(mutation, { headers: buyer, variables: { input: { conversationId: conversation.id, typing: false } } });
    expect(off.data?.setTypingIndicator).toMatchObject({ typing: false, expiresIn: 0 });
    expect((await firstConversation()).presence.participants.find((p) => p.username === 'alice')?.typing).toBe(false);
  });

  it('needs messages.write, and NOT_FOUND for a conversation that is not the caller', async () => {
    const conversation = await firstConversation();
    const denied = await gw.query(`mutation { setTypingIndicator(input: { conversationId: "${conversation.id}" }) { typing } }`, {
      headers: as(TOKENS.readonly),
    });
    expect(errorAt(denied, 'setTypingIndicator')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'messages.write' });
    const missing = await gw.query('mutation { setTypingIndicator(input: { conversationId: "not-mine" }) { typing } }', { headers: buyer });
    expect(errorAt(missing, 'setTypingIndicator')?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('reactions', () => {
  const react = (messageId: string, action: 'ADD' | 'REMOVE', token: string = TOKENS.buyer) =>
    gw.query<{ reactToMessage: { message: { id: string; reactions: Array<{ emoji: string; count: number; usernames: string[] }> } } }>(
      `mutation { reactToMessage(input: { messageId: "${messageId}", emoji: "👍", action: ${action} }) { message { id reactions { emoji count usernames } } } }`,
      { headers: as(token) },
    );

  it('adding is idempotent and removing takes the reaction away', async () => {
    const message = (await firstConversation()).lastMessage!;
    gw.resetCalls();
    const added = await react(message.id, 'ADD');
    expect(added.errors).toBeUndefined();
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: `/api/v1/messages/${message.id}/reactions` });
    expect(bodyOf()).toEqual({ emoji: '👍', action: 'add' });
    const thumbs = () => added.data!.reactToMessage.message.reactions.find((r) => r.emoji === '👍');
    expect(thumbs()).toMatchObject({ count: 1, usernames: ['alice'] });
    const again = await react(message.id, 'ADD');
    expect(again.data!.reactToMessage.message.reactions.find((r) => r.emoji === '👍')).toMatchObject({ count: 1 });
    const removed = await react(message.id, 'REMOVE');
    expect(removed.data!.reactToMessage.message.reactions.find((r) => r.emoji === '👍')).toBeUndefined();
  });

  it('needs messages.write, and refuses an empty emoji before any call', async () => {
    const message = (await firstConversation()).lastMessage!;
    gw.resetCalls();
    const denied = await react(message.id, 'ADD', TOKENS.readonly);
    expect(errorAt(denied, 'reactToMessage')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'messages.write' });
    gw.resetCalls();
    const empty = await gw.query(`mutation { reactToMessage(input: { messageId: "${message.id}", emoji: " " }) { message { id } } }`, {
      headers: buyer,
    });
    expect(errorAt(empty, 'reactToMessage')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.emoji' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('notifications', () => {
  it('lists notifications newest first, optionally only unread', async () => {
    const res = await gw.query<{
      all: { totalCount: number; nodes: Array<{ type: string; title: string; createdAt: string }> };
      unread: { totalCount: number };
    }>(
      '{ all: notifications(first: 3) { totalCount nodes { id type title data readAt createdAt } } unread: notifications(unread: true, first: 3) { totalCount nodes { readAt } } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    const { nodes } = res.data!.all;
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes[0]!.type).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
    expect([...nodes].map((n) => n.createdAt)).toEqual(
      [...nodes]
        .map((n) => n.createdAt)
        .sort()
        .reverse(),
    );
    expect(res.data!.unread.totalCount).toBeLessThanOrEqual(res.data!.all.totalCount);
    const queries = gw.calls('marketplace').map((c) => c.query);
    expect(queries).toContainEqual({ page: '1', per_page: '3' });
    expect(queries).toContainEqual({ unread: '1', page: '1', per_page: '3' });
  });

  it('needs notifications.read', async () => {
    const res = await gw.query('{ notifications(first: 1) { totalCount } }', { headers: as(TOKENS.noscope) });
    expect(errorAt(res, 'notifications')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'notifications.read' });
  });
});

describe('wallet', () => {
  it('reads the payments wallet with payments.read (a restricted scope the read-only token lacks)', async () => {
    const res = await gw.query<{ wallet: { balance: number; currency: string; transactions: Array<{ id: string; amount: number }> } }>(
      '{ wallet { balance pending currency transactions { id type amount description createdAt } } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.wallet.currency).toBe('USD');
    expect(typeof res.data?.wallet.balance).toBe('number');
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/wallet' });
    const denied = await gw.query('{ wallet { balance } }', { headers: as(TOKENS.readonly) });
    expect(errorAt(denied, 'wallet')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'payments.read' });
  });

  it('reads the wallet once per GraphQL request, however many aliases ask', async () => {
    const res = await gw.query<{ a: { balance: number }; b: { balance: number } }>(
      '{ a: wallet { balance } b: wallet { balance currency } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.a.balance).toBe(res.data!.b.balance);
    expect(calls()).toEqual(['GET /api/v1/wallet']);
  });
});
