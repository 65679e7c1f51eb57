/**
 * What the marketplace graph suites share: the buyer's credential, the shape
 * of a connection in an answer, and the marketplace calls a request made as
 * `METHOD /path?query` lines.
 */
import { TOKENS, type TestGateway } from '../helpers/gateway.js';

export const buyer = { authorization: `Bearer ${TOKENS.buyer}` };

export const marketplacePaths = (gw: TestGateway) =>
  gw
    .calls('marketplace')
    .map((c) => `${c.method} ${c.path}${Object.keys(c.query).length ? `?${new URLSearchParams(c.query).toString()}` : ''}`);

export type Node<T> = { nodes: T[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
