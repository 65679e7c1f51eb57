/** Custom offers, buyer requests and seller proposals: the negotiations that end in an order. Wire names (snake_case). */

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
