/** AI requests, advertising campaigns and wallets, CRM customers, notes and retention campaigns, media. Wire names (snake_case). */

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
