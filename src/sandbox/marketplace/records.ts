/**
 * The in-memory records of the simulated marketplace. Field names are the wire
 * names (snake_case) wherever a record is sent as is; values that follow from
 * other records (ratings, counts, CRM totals) are not stored but derived when
 * presented, so they can never disagree with the records they come from.
 */
export interface UserRecord {
  username: string;
  name: string;
  email: string;
  avatar_url: string;
  country: string;
  created_at: string;
  is_seller: boolean;
}

export interface SellerProfile {
  username: string;
  headline: string;
  level: 'new' | 'level_one' | 'level_two' | 'top_rated';
  languages: string[];
  bio: string;
  skills: string[];
  response_time_hours: number;
  availability: 'available' | 'busy' | 'away';
}

export interface CategoryRecord {
  slug: string;
  name: string;
  parent_slug: string | null;
}

export interface GigRecord {
  slug: string;
  title: string;
  description: string;
  seller_username: string;
  category_slug: string;
  price_from: number;
  currency: 'USD';
  delivery_days: number;
  created_at: string;
}

export interface ReviewRecord {
  id: number;
  gig_slug: string;
  order_uuid: string | null;
  rating: number;
  comment: string;
  reviewer_username: string;
  created_at: string;
}

export type OrderStatus = 'pending' | 'in_progress' | 'delivered' | 'revision_requested' | 'completed' | 'cancelled';
export type PackageName = 'basic' | 'standard' | 'premium';

export interface OrderRecord {
  uuid: string;
  status: OrderStatus;
  gig_slug: string;
  buyer_username: string;
  seller_username: string;
  package: PackageName;
  quantity: number;
  requirements: string | null;
  total: number;
  currency: 'USD';
  due_at: string;
  created_at: string;
  updated_at: string;
  offer_uuid: string | null;
}

export interface DeliveryRecord {
  id: number;
  order_uuid: string;
  message: string;
  files: string[];
  created_at: string;
}

export interface RevisionRecord {
  id: number;
  order_uuid: string;
  reason: string;
  created_at: string;
}

export type ExtensionStatus = 'pending' | 'approved' | 'rejected';

export interface ExtensionRecord {
  uuid: string;
  order_uuid: string;
  days: number;
  reason: string;
  status: ExtensionStatus;
  requested_by: string;
  responded_by: string | null;
  responded_at: string | null;
  created_at: string;
}

export interface CartEntryRecord {
  uuid: string;
  username: string;
  order_uuid: string;
  gig_slug: string;
  package: PackageName;
  quantity: number;
  price: number;
  currency: 'USD';
  created_at: string;
}

export type OfferStatus = 'pending' | 'countered' | 'accepted' | 'declined' | 'cancelled';

export interface OfferRecord {
  uuid: string;
  status: OfferStatus;
  seller_username: string;
  buyer_username: string;
  sender_username: string;
  recipient_username: string;
  gig_slug: string | null;
  title: string;
  description: string;
  price: number;
  currency: 'USD';
  delivery_days: number;
  /** Media uuids, in the order they were attached. */
  attachments: string[];
  parent_uuid: string | null;
  countered_by_uuid: string | null;
  proposal_uuid: string | null;
  order_uuid: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export type BuyerRequestStatus = 'open' | 'awarded' | 'closed';

export interface BuyerRequestRecord {
  uuid: string;
  status: BuyerRequestStatus;
  buyer_username: string;
  title: string;
  description: string;
  category_slug: string | null;
  budget: number;
  currency: 'USD';
  delivery_days: number;
  created_at: string;
  updated_at: string;
}

export type ProposalStatus = 'submitted' | 'shortlisted' | 'countered' | 'accepted' | 'rejected' | 'withdrawn';

export interface ProposalRecord {
  uuid: string;
  status: ProposalStatus;
  request_uuid: string;
  seller_username: string;
  buyer_username: string;
  message: string;
  price: number;
  delivery_days: number;
  counter_price: number | null;
  counter_delivery_days: number | null;
  counter_message: string | null;
  currency: 'USD';
  offer_uuid: string | null;
  created_at: string;
  updated_at: string;
}

export type AiStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface AiRequestRecord {
  uuid: string;
  username: string;
  kind: string;
  prompt: string;
  status: AiStatus;
  result: string | null;
  error: string | null;
  credits_used: number;
  feedback_rating: number | null;
  feedback_comment: string | null;
  created_at: string;
  updated_at: string;
}

export type CampaignStatus = 'active' | 'paused' | 'ended';

export interface AdCampaignRecord {
  uuid: string;
  seller_username: string;
  name: string;
  gig_slug: string;
  product_slug: string;
  status: CampaignStatus;
  daily_budget: number;
  currency: 'USD';
  starts_at: string;
  ends_at: string | null;
  created_at: string;
}

export interface AdWalletRecord {
  username: string;
  balance: number;
  transactions: { uuid: string; type: 'deposit' | 'spend'; amount: number; created_at: string }[];
}

export interface CrmCustomerRecord {
  uuid: string;
  seller_username: string;
  username: string;
  tags: string[];
  created_at: string;
}

export interface CrmNoteRecord {
  uuid: string;
  customer_uuid: string;
  author_username: string;
  body: string;
  created_at: string;
}

export type RetentionStatus = 'scheduled' | 'sent';

export interface RetentionCampaignRecord {
  uuid: string;
  seller_username: string;
  name: string;
  segment: 'all' | 'repeat' | 'inactive';
  message: string;
  discount_percent: number;
  coupon_code: string;
  status: RetentionStatus;
  send_at: string;
  created_at: string;
}

export interface MediaRecord {
  uuid: string;
  owner_username: string;
  filename: string;
  content_type: string;
  size: number;
  title: string | null;
  alt_text: string | null;
  created_at: string;
  updated_at: string;
}

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

export interface PortfolioProjectRecord {
  slug: string;
  seller_username: string;
  title: string;
  description: string;
  cover_url: string;
  gig_slug: string | null;
  tags: string[];
  created_at: string;
}

export interface TestimonialRecord {
  id: number;
  seller_username: string;
  author_name: string;
  company: string;
  quote: string;
  status: 'approved' | 'pending' | 'rejected';
  created_at: string;
}

export interface WalletRecord {
  username: string;
  balance: number;
  pending: number;
  transactions: { uuid: string; type: 'payment' | 'earning' | 'refund' | 'withdrawal'; amount: number; description: string; created_at: string }[];
}
