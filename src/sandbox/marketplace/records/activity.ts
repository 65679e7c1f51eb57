/** Conversations and messages, notifications, collections and saved searches. Wire names (snake_case). */

export interface ConversationRecord {
  uuid: string;
  participants: [string, string];
  subject: string;
  order_uuid: string | null;
  created_at: string;
}

export interface MessageRecord {
  uuid: string;
  conversation_uuid: string;
  sender_username: string;
  body: string;
  /** emoji → usernames who reacted with it. */
  reactions: Record<string, string[]>;
  created_at: string;
}

export interface NotificationRecord {
  uuid: string;
  username: string;
  type: string;
  title: string;
  data: Record<string, unknown>;
  read_at: string | null;
  created_at: string;
}

export interface CollectionRecord {
  uuid: string;
  username: string;
  name: string;
  description: string | null;
  is_public: boolean;
  gig_slugs: string[];
  created_at: string;
}

export interface SavedSearchRecord {
  uuid: string;
  username: string;
  query: string;
  category_slug: string | null;
  max_price: number | null;
  notify: boolean;
  created_at: string;
}
