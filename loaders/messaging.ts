/** Pages of conversations and notifications, and a conversation's presence by uuid. */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface NotificationFilter {
  unread?: 1;
}

export function createMessagingLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    conversationPages: pageLoader(ops.conversationsIndex, ({ page, perPage }: PageKey<null>) => marketplace.call(ops.conversationsIndex, { page, perPage })),
    presenceByConversation: perKeyLoader((uuid: string) =>
      marketplace.call(ops.conversationsPresence, { uuid }),
    ),
    notificationPages: pageLoader(ops.notificationsIndex, ({ filter, page, perPage }: PageKey<NotificationFilter>) =>
      marketplace.call(ops.notificationsIndex, { page, perPage, query: { ...filter } }),
    ),
  };
}
