/**
 * Binds handlers to the operation ids of the sandbox's route table
 * (`route-table.ts`, written from the upstream document), so method, path and
 * scope are spelled once. Authentication happens here, once: a scoped
 * operation gets a `Viewer` or never runs (401 without a usable token, 403
 * with `required_scope` when the token lacks the scope). Unscoped operations
 * see the viewer when a valid token was sent, and ignore a bad one.
 */
import type { Router, SandboxRequest, SandboxResponse } from '../router.js';
import { bearer, fail, paginate } from '../laravel.js';
import type { UserRecord } from './records.js';
import { MARKETPLACE_ROUTES, type MarketplaceRouteId, type ScopeOf } from './route-table.js';
import type { MarketplaceState } from './state.js';
import { parseToken } from './tokens.js';

export interface Viewer {
  username: string;
  user: UserRecord;
  scopes: ReadonlySet<string>;
  isSeller: boolean;
}

/** Scoped operations always get a viewer; unscoped ones maybe. */
export type ViewerOf<Id extends MarketplaceRouteId> = ScopeOf<Id> extends null ? Viewer | undefined : Viewer;
export type OperationHandler<Id extends MarketplaceRouteId> = (
  req: SandboxRequest,
  viewer: ViewerOf<Id>,
) => SandboxResponse | Promise<SandboxResponse>;

export class MarketplaceApi {
  private readonly registered = new Set<MarketplaceRouteId>();

  constructor(
    private readonly router: Router,
    readonly state: MarketplaceState,
  ) {}

  handle<Id extends MarketplaceRouteId>(id: Id, handler: OperationHandler<Id>): this {
    const op = MARKETPLACE_ROUTES.get(id)!;
    this.registered.add(id);
    this.router.on(op.method, op.path.replace(/\{(\w+)\}/g, ':$1'), (req) => {
      const token = bearer(req);
      const viewer = token === undefined ? undefined : this.viewerOf(token);
      if (op.scope === null) return handler(req, viewer as ViewerOf<Id>);
      if (!viewer) return fail(401, 'Unauthenticated.');
      if (!viewer.scopes.has(op.scope)) {
        return fail(403, `This action is unauthorized: the token lacks the ${op.scope} scope.`, { required_scope: op.scope });
      }
      return handler(req, viewer as ViewerOf<Id>);
    });
    return this;
  }

  /** Operation ids of the route table that have no handler (empty once every route module is registered). */
  missing(): MarketplaceRouteId[] {
    return [...MARKETPLACE_ROUTES.keys()].filter((id) => !this.registered.has(id));
  }

  private viewerOf(token: string): Viewer | undefined {
    const claims = parseToken(token);
    const user = claims && this.state.users.get(claims.username);
    if (!claims || !user) return undefined;
    return { username: user.username, user, scopes: claims.scopes, isSeller: this.state.sellers.has(user.username) };
  }
}

export const notFound = (what = 'Resource'): SandboxResponse => fail(404, `${what} not found.`);
export const conflict = (message: string): SandboxResponse => fail(409, message);
export const forbidden = (message: string): SandboxResponse => fail(403, message);
export const sellersOnly = (): SandboxResponse => forbidden('This action is only available to sellers.');

/** A marketplace page: `page` 1-based, `per_page` 1..100, default 15. */
export const page = <T>(req: SandboxRequest, items: readonly T[], present?: (item: T) => unknown): SandboxResponse =>
  paginate(req, items, { defaultPerPage: 15 }, present);
