/** Pages of conversations and notifications, and a conversation's presence by uuid. */
import type { Clients } from '../src/upstreams/index.js';
import { conversationSchema, notificationSchema, presenceSchema } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export interface NotificationFilter {
  unread?: 1;
}

export function createMessagingLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    conversationPages: pageLoader(({ page, perPage }: PageKey<null>) => marketplace.page('conversationsIndex', conversationSchema, 'conversation', { page, perPage })),
    presenceByConversation: perKeyLoader((uuid: string) =>
      marketplace.one('conversationsPresence', presenceSchema, 'presence', { params: { uuid }, subject: `conversation '${uuid}'` }),
    ),
    notificationPages: pageLoader(({ filter, page, perPage }: PageKey<NotificationFilter>) =>
      marketplace.page('notificationsIndex', notificationSchema, 'notification', { page, perPage }, { query: { ...filter } }),
    ),
  };
}
