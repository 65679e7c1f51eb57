/**
 * The in-memory records of the simulated marketplace. Field names are the wire
 * names (snake_case) wherever a record is sent as is; values that follow from
 * other records (ratings, counts, CRM totals) are not stored but derived when
 * presented, so they can never disagree with the records they come from.
 */
export type * from './records/catalog.js';
export type * from './records/orders.js';
export type * from './records/deals.js';
export type * from './records/seller-tools.js';
export type * from './records/activity.js';
