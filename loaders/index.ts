/**
 * `createLoaders(clients, options)`: the loaders of one request, fresh for it
 * (DataLoader README, "Creating a new DataLoader per request"), so no cache
 * is ever shared between two callers.
 *
 * Built lazily, one group at a time: a request touches a few of the ~55
 * loaders, and constructing all of them cost about a fifth of the CPU of a
 * small request (docs/benchmarks.md, "Execution speed"). A group (one
 * `create*Loaders` factory in loaders/<group>.ts) is built whole on first
 * access to any of its loaders, so loaders that prime each other (a list
 * priming its per-key loader) always share one instance. A request pays for
 * one small object; its groups are built as its resolvers reach them.
 *
 * To add a loader: return it from its group's factory and add its getter
 * below (the type check at the end fails until you do).
 */
import type { Clients } from '../src/upstreams/index.js';
import { createOrderLoaders } from './orders.js';

type Group<F extends (...args: never[]) => object> = ReturnType<F>;

export class Loaders {
  constructor(private readonly clients: Clients) {}

  #orders?: Group<typeof createOrderLoaders>;
  private get orders() { return (this.#orders ??= createOrderLoaders(this.clients)); }
  get orderById() { return this.orders.orderById; }
  get orderPages() { return this.orders.orderPages; }
  get deliveriesByOrder() { return this.orders.deliveriesByOrder; }
  get revisionsByOrder() { return this.orders.revisionsByOrder; }





}

export const createLoaders = (clients: Clients): Loaders => new Loaders(clients);

/** Every loader a factory returns has its getter above: a name listed here is one that is missing. */
type Unexposed = Exclude<
  | keyof Group<typeof createOrderLoaders>,
  keyof Loaders
>;
const everyLoaderExposed: [Unexposed] extends [never] ? true : Unexposed = true;
void everyLoaderExposed;
