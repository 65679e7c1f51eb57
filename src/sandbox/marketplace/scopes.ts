/**
 * The 45 permission scopes of `marketplace-api.md` section 5, with the labels
 * the document gives as their meanings. `GET /openapi.json` publishes them as
 * `x-scopes`, and the demo tokens are built from the same list, so the scope a
 * 403 names is always one the description lists.
 */
export interface ScopeRecord {
  slug: string;
  label: string;
  restricted: boolean;
  source: 'core';
  enabled: true;
}

const UNRESTRICTED: Record<string, string> = {
  'users.read': 'Read user profiles',
  'sellers.read': 'Read seller profiles',
  'gigs.read': 'Read gigs',
  'categories.read': 'Read categories',
  'orders.read': 'Read orders',
  'messages.read': 'Read conversations',
  'reviews.read': 'Read reviews',
  'transactions.read': 'Read transactions',
  'subscriptions.read': 'Read subscriptions',
  'analytics.read': 'Read analytics',
  'notifications.read': 'Read notifications',
  'webhooks.read': 'Read webhooks',
  'support.read': 'Read support tickets',
  'affiliates.read': 'Read affiliate data',
  'content.read': 'Read CMS content',
  'ai.read': 'Read AI drafts and recommendations',
  'offers.read': 'Read custom offers',
  'media.read': 'Read media',
  'profile.read': 'Read the authenticated profile',
  'buyer_requests.read': 'Read buyer requests',
  'proposals.read': 'Read seller proposals',
  'portfolio.read': 'Read portfolio projects',
};

const RESTRICTED: Record<string, string> = {
  'users.write': 'Update user profiles',
  'sellers.write': 'Update seller profiles',
  'gigs.write': 'Manage gigs',
  'orders.write': 'Create and update orders',
  'messages.write': 'Send messages',
  'reviews.write': 'Submit reviews',
  'payments.read': 'Read payments and wallet',
  'withdrawals.read': 'Read withdrawals',
  'withdrawals.write': 'Request withdrawals',
  'notifications.write': 'Mark notifications',
  'webhooks.write': 'Manage webhooks',
  'support.write': 'Create support tickets',
  'ai.write': 'Generate AI drafts',
  'advertising.read': 'Read advertising campaigns and wallet',
  'advertising.write': 'Manage advertising campaigns and wallet',
  'crm.read': 'Read CRM customers, notes, follows and retention campaigns',
  'crm.write': 'Manage CRM customers, notes, follows and retention campaigns',
  'offers.write': 'Send, counter and accept custom offers',
  'media.write': 'Upload and manage media',
  'profile.write': 'Update the authenticated profile',
  'buyer_requests.write': 'Create and manage buyer requests',
  'proposals.write': 'Submit and manage seller proposals',
  'portfolio.write': 'Manage portfolio projects',
};

const record =
  (restricted: boolean) =>
  ([slug, label]: [string, string]): ScopeRecord => ({ slug, label, restricted, source: 'core', enabled: true });

export const SCOPES: readonly ScopeRecord[] = [
  ...Object.entries(UNRESTRICTED).map(record(false)),
  ...Object.entries(RESTRICTED).map(record(true)),
];

export const ALL_SCOPE_SLUGS: readonly string[] = SCOPES.map((s) => s.slug);
export const UNRESTRICTED_SCOPE_SLUGS: readonly string[] = SCOPES.filter((s) => !s.restricted).map((s) => s.slug);
