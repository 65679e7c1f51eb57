/**
 * `createLoaders(clients, options)`: the loaders of one request, fresh for it
 * (DataLoader README, "Creating a new DataLoader per request"), so no cache
 * is ever shared between two callers.
 *
 * Built lazily, one group at a time: a request touches a few of the ~100
 * loaders, and constructing all of them cost about a fifth of the CPU of a
 * small request (docs/benchmarks.md, "Execution speed"). A group (one
 * `create*Loaders` factory) is built whole on first access to any of its
 * loaders, so loaders that prime each other (a list priming its per-key
 * loader) always share one instance. To register a group, add its factory to
 * GROUPS (one line).
 */
import type { Clients } from '../src/upstreams/index.js';
import { createGigLoaders } from './gigs.js';
import { createItemLoaders, type ItemLoaderOptions } from './items.js';
import { createOrderLoaders } from './orders.js';
import { createSellerLoaders } from './sellers.js';
import { createSeoLoaders } from './seo.js';
import { createUserLoaders } from './users.js';
import { createDiscoveryLoaders } from './discovery.js';
import { createOrderLifecycleLoaders } from './order-lifecycle.js';
import { createRequestLoaders } from './requests.js';
import { createOfferLoaders } from './offers.js';
import { createMediaLoaders } from './media.js';
import { createSellerExtraLoaders } from './seller-extras.js';
import { createMobileLoaders } from './mobile.js';
import { createMessagingLoaders } from './messaging.js';
import { createAiLoaders } from './ai.js';
import { createAdvertisingLoaders } from './advertising.js';
import { createCrmLoaders } from './crm.js';

/** A factory of some loaders; ones that need no options ignore the second argument. */
type Group = (clients: Clients, options: ItemLoaderOptions) => object;

const GROUPS = [
  createGigLoaders,
  createItemLoaders,
  createOrderLoaders,
  createSellerLoaders,
  createSeoLoaders,
  createUserLoaders,
  createDiscoveryLoaders,
  createOrderLifecycleLoaders,
  createRequestLoaders,
  createOfferLoaders,
  createMediaLoaders,
  createSellerExtraLoaders,
  createMobileLoaders,
  createMessagingLoaders,
  createAiLoaders,
  createAdvertisingLoaders,
  createCrmLoaders,
] as const satisfies readonly Group[];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type Loaders = UnionToIntersection<ReturnType<(typeof GROUPS)[number]>>;

interface LazyState {
  clients: Clients;
  options: ItemLoaderOptions;
  built: Array<Record<string, unknown> | undefined>;
}

/**
 * Which group each loader name belongs to is learnt from the first request,
 * which builds every group (so a loader added to a factory needs no list kept
 * here); later requests share one prototype of getters that build on demand.
 */
let lazyPrototype: object | undefined;

function prototypeOf(groups: ReadonlyArray<Record<string, unknown>>): object {
  const proto: Record<string, unknown> = {};
  groups.forEach((group, index) => {
    for (const name of Object.keys(group)) {
      Object.defineProperty(proto, name, {
        enumerable: true,
        get(this: LazyState) {
          const built = (this.built[index] ??= GROUPS[index]!(this.clients, this.options) as Record<string, unknown>);
          return built[name];
        },
      });
    }
  });
  return proto;
}

export function createLoaders(clients: Clients, options: ItemLoaderOptions): Loaders {
  if (!lazyPrototype) {
    const built = GROUPS.map((create) => create(clients, options) as Record<string, unknown>);
    lazyPrototype = prototypeOf(built);
    return Object.assign(Object.create(lazyPrototype) as LazyState, { clients, options, built }) as unknown as Loaders;
  }
  const state: LazyState = Object.create(lazyPrototype) as LazyState;
  state.clients = clients;
  state.options = options;
  state.built = new Array(GROUPS.length);
  return state as unknown as Loaders;
}
