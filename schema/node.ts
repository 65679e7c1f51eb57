/**
 * Global object identification: the `Node` interface, `Query.node(id)` and
 * `Query.nodes(ids)` (resolvers/node.ts, id format in src/global-id.ts).
 *
 * The interface's field is `nodeId`, not `id`: Order, Review, Item, SeoReport
 * (README, "Global ids") and Offer, Proposal, BuyerRequest, Conversation, Media
 * already publish `id` as the upstream's identifier, which callers pass back
 * to `order(id)` and friends and match against webhook events. Turning it
 * into a global id would change what an existing field means, and the public
 * schema may only grow. Relay reads the field named in its compiler's
 * `schemaConfig.nodeInterfaceIdField`; Apollo Client normalises by
 * `__typename` + `id`, which every Node type now has: the types that had no
 * `id` (User, Seller, Gig, SeoProject) get one equal to their `nodeId`.
 */
import * as resolve from '../resolvers/node.js';
import { MAX_NODE_IDS, type NodeTypeName } from '../src/global-id.js';
import { builder } from './builder.js';
import { Gig, Review } from './gigs.js';
import { Item } from './items.js';
import { Media } from './media.js';
import { Conversation } from './messaging.js';
import { Offer } from './offers.js';
import { Order } from './orders.js';
import { BuyerRequest, Proposal } from './requests.js';
import { Seller } from './sellers.js';
import { SeoProject, SeoReport } from './seo.js';
import { User } from './users.js';

export const Node = builder.interfaceRef<object>('Node').implement({
  description: 'An object with a global id, refetchable with `node(id)`. Relay: set `nodeInterfaceIdField` to "nodeId".',
  fields: (t) => ({
    nodeId: t.id({
      nullable: false,
      description:
        'Opaque global id: pass it to `node(id)` / `nodes(ids)`. Not the upstream identifier (that is `id` where the type had one).',
      resolve: (record, _args, _ctx, info) => resolve.globalIdOf(info.parentType.name as NodeTypeName, record),
    }),
  }),
  resolveType: (record) => resolve.nodeTypeOf(record) ?? null,
});

const NODE_REFS = [User, Seller, Gig, Review, Order, Offer, Proposal, BuyerRequest, Conversation, Media, SeoReport, SeoProject, Item];
for (const ref of NODE_REFS) ref.addInterfaces([Node]);

/** The types that had no `id`: it is their global id, so clients that key their cache by `id` normalise them. */
for (const ref of [User, Seller, Gig, SeoProject]) {
  builder.objectField(ref, 'id', (t) =>
    t.id({
      nullable: false,
      description: 'Global id, the same as `nodeId`.',
      resolve: (record, _args, _ctx, info) => resolve.globalIdOf(info.parentType.name as NodeTypeName, record),
    }),
  );
}

builder.queryFields((t) => ({
  node: t.field({
    type: Node,
    description:
      'The object a global id (`nodeId`) names, fetched the way its own field fetches it. An id this API did not issue is BAD_USER_INPUT.',
    args: { id: t.arg.id({ required: true }) },
    resolve: resolve.node,
  }),
  nodes: t.field({
    type: [Node],
    nullable: { list: true, items: true },
    description: `The objects these global ids name, in order; at most ${MAX_NODE_IDS} ids. An object that cannot be read is null with its error; an id this API did not issue refuses the list (BAD_USER_INPUT).`,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolve.nodes,
  }),
}));
