/**
 * Every marketplace operation of `marketplace-api.md` section 4, by operation
 * id: the document's row (method, path, scope, status) and how the gateway
 * calls it (its arguments, envelope, schema and page sizes). The client sends
 * requests and checks credentials from this table (`call(descriptor, args)`),
 * the schema cites it in `Upstream:` lines, and a test compares it with the
 * document so the two cannot drift.
 *
 * The rows are written in four parts (rows/), in the document's order.
 */
import { table } from '../operations.js';
import { accountRows } from './rows/accounts.js';
import { catalogueRows } from './rows/catalogue.js';
import { dealRows } from './rows/deals.js';
import { engagementRows } from './rows/engagement.js';

export const marketplaceOperations = table('marketplace', { ...accountRows, ...catalogueRows, ...dealRows, ...engagementRows });

export type MarketplaceOperationId = keyof typeof marketplaceOperations;
