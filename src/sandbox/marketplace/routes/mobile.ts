/**
 * Mobile app endpoints: password login (every seeded user's password is
 * `password`), registration, refresh-token rotation, a generic forgot-password
 * answer, the home feed and compact order views. Access tokens are ordinary
 * `sandbox:<username>:*` tokens, so they work on every other endpoint.
 */
import { fail, ok } from '../../laravel.js';
import { notFound, page, type MarketplaceApi } from '../api.js';
import { DEMO_PASSWORD } from '../demo-users.js';
import { presentCategories, presentGig, presentMe, presentOrder } from '../present.js';
import type { OrderRecord, UserRecord } from '../records.js';
import { sandboxToken } from '../tokens.js';
import { Checker } from '../validate.js';

const ACCESS_TOKEN_SECONDS = 3600;

export function registerMobileRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const issue = (user: UserRecord) => {
    const refresh = `refresh-${state.uuid()}`;
    state.refreshTokens.set(refresh, user.username);
    return {
      access_token: sandboxToken(user.username, '*'),
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      user: presentMe(user),
    };
  };
  const mobileOrder = (o: OrderRecord, viewer: string) => ({
    ...presentOrder(state, o),
    gig_title: state.gigsBySlug.get(o.gig_slug)?.title ?? null,
    role: o.buyer_username === viewer ? 'buyer' : 'seller',
    counterpart_username: o.buyer_username === viewer ? o.seller_username : o.buyer_username,
  });

  api
    .handle('mobileLogin', (req) => {
      const check = new Checker(req.body);
      const email = check.string('email', { max: 255 });
      const username = check.string('username', { max: 100 });
      const password = check.string('password', { required: true, max: 255 });
      if (email === undefined && username === undefined) check.reject('email', 'The email field is required when username is not present.');
      const invalid = check.failed();
      if (invalid) return invalid;
      const user =
        username !== undefined
          ? state.users.get(username)
          : [...state.users.values()].find((u) => u.email.toLowerCase() === email!.toLowerCase());
      if (!user || (state.passwords.get(user.username) ?? DEMO_PASSWORD) !== password) {
        const field = username !== undefined ? 'username' : 'email';
        return fail(422, 'These credentials do not match our records.', {
          errors: { [field]: ['These credentials do not match our records.'] },
        });
      }
      return ok(issue(user));
    })
    .handle('mobileRegister', (req) => {
      const check = new Checker(req.body);
      const username = check.string('username', { required: true, max: 30 });
      const name = check.string('name', { required: true, max: 100, min: 1 });
      const email = check.string('email', { required: true, max: 255 });
      const password = check.string('password', { required: true, max: 255, min: 8 });
      const confirmation = check.string('password_confirmation', { max: 255 });
      const country = check.string('country', { max: 2 });
      if (username !== undefined && !/^[a-z0-9_]{3,30}$/.test(username))
        check.reject('username', 'The username may only contain lowercase letters, numbers and underscores (3 to 30).');
      else if (username !== undefined && state.users.has(username)) check.reject('username', 'The username has already been taken.');
      if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        check.reject('email', 'The email must be a valid email address.');
      else if (email !== undefined && [...state.users.values()].some((u) => u.email.toLowerCase() === email.toLowerCase()))
        check.reject('email', 'The email has already been taken.');
      if (confirmation !== undefined && confirmation !== password) check.reject('password', 'The password confirmation does not match.');
      const invalid = check.failed();
      if (invalid) return invalid;
      const user: UserRecord = {
        username: username!,
        name: name!,
        email: email!,
        avatar_url: `https://avatars.sandbox.example/${username}.png`,
        country: country?.toUpperCase() ?? 'US',
        created_at: state.tick(),
        is_seller: false,
      };
      state.users.set(user.username, user);
      state.passwords.set(user.username, password!);
      state.emit('user.created', { username: user.username });
      return ok(issue(user), 201);
    })
    .handle('mobileRefresh', (req) => {
      const check = new Checker(req.body);
      const token = check.string('refresh_token', { required: true, max: 255 });
      const invalid = check.failed();
      if (invalid) return invalid;
      const username = state.refreshTokens.get(token!);
      const user = username === undefined ? undefined : state.users.get(username);
      if (!user) return fail(401, 'The refresh token is invalid or was already used.');
      state.refreshTokens.delete(token!);
      return ok(issue(user));
    })
    .handle('mobileForgot', () => ok({ sent: true, message: 'If an account matches, a password reset link has been sent.' }))
    .handle('mobileHome', (_req, viewer) => {
      const gigs = state.gigs.map((g) => presentGig(state, g));
      const featured = gigs
        .filter((g) => g.reviews_count >= 5)
        .sort((a, b) => b.rating - a.rating || b.reviews_count - a.reviews_count || (a.slug < b.slug ? -1 : 1));
      return ok({
        greeting: viewer ? `Welcome back, ${viewer.user.name.split(' ')[0]}!` : 'Find the perfect freelance service',
        categories: presentCategories(state).filter((c) => c.parent_slug === null),
        featured_gigs: featured.slice(0, 6),
        new_gigs: gigs.slice(0, 6),
        recent_gigs: viewer
          ? (state.recent.get(viewer.username) ?? []).flatMap((s) => gigs.find((g) => g.slug === s) ?? []).slice(0, 6)
          : [],
        active_orders: viewer
          ? state.ordersOf(viewer.username).filter((o) => ['pending', 'in_progress', 'delivered', 'revision_requested'].includes(o.status))
              .length
          : 0,
      });
    })
    .handle('mobileOrdersIndex', (req, viewer) => page(req, state.ordersOf(viewer.username), (o) => mobileOrder(o, viewer.username)))
    .handle('mobileOrdersShow', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      if (!order) return notFound('Order');
      return ok({
        ...mobileOrder(order, viewer.username),
        deliveries: state.deliveries.get(order.uuid) ?? [],
        revisions: state.revisions.get(order.uuid) ?? [],
        extensions: [...state.extensions.values()].filter((e) => e.order_uuid === order.uuid),
      });
    });
}
