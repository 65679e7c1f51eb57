/** Orders and what hangs off them: deliveries, revisions, deadline extensions, cart entries (reorders) and the wallet. Wire names (snake_case). */

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

export interface WalletRecord {
  username: string;
  balance: number;
  pending: number;
  transactions: {
    uuid: string;
    type: 'payment' | 'earning' | 'refund' | 'withdrawal';
    amount: number;
    description: string;
    created_at: string;
  }[];
}
