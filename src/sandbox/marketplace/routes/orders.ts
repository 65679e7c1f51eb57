/**
 * Orders: placing and listing, the deadline extension state machine
 * (pending → approved | rejected, approval moves `due_at`), countdown,
 * timeline, deliveries, revisions, files, reorders (completed orders only,
 * into a cart) and the buyer's one review per completed order.
 */
import { ok } from '../../laravel.js';
import { conflict, forbidden, notFound, page, type MarketplaceApi } from '../api.js';
import { addDays } from '../dates.js';
import { PACKAGE_NAMES, priceOf } from '../pricing.js';
import { presentOrder, presentReview, reviewOfOrder } from '../present.js';
import type { CartEntryRecord, ExtensionRecord, GigRecord, OrderRecord, OrderStatus, PackageName, ReviewRecord } from '../records.js';
import type { MarketplaceState } from '../state.js';
import { Checker } from '../validate.js';

const ACTIVE: readonly OrderStatus[] = ['pending', 'in_progress', 'revision_requested'];

export interface NewOrder {
  buyer: string;
  gig: GigRecord;
  pkg: PackageName;
  quantity: number;
  requirements: string | null;
  /** Set when the order comes from an accepted custom offer (its price and days win over the gig's). */
  offer?: { uuid: string; price: number; delivery_days: number };
}

/** Places a pending order and announces it (order, and the seller's CRM customer). */
export function placeOrder(state: MarketplaceState, input: NewOrder): OrderRecord {
  const at = state.tick();
  const returning = state.ordersOf(input.buyer).some((o) => o.seller_username === input.gig.seller_username);
  const order: OrderRecord = {
    uuid: state.uuid(),
    status: 'pending',
    gig_slug: input.gig.slug,
    buyer_username: input.buyer,
    seller_username: input.gig.seller_username,
    package: input.pkg,
    quantity: input.quantity,
    requirements: input.requirements,
    total: input.offer?.price ?? priceOf(input.gig, input.pkg, input.quantity),
    currency: 'USD',
    due_at: addDays(at, input.offer?.delivery_days ?? input.gig.delivery_days),
    created_at: at,
    updated_at: at,
    offer_uuid: input.offer?.uuid ?? null,
  };
  state.orders.set(order.uuid, order);
  state.emit('order.created', {
    uuid: order.uuid,
    status: order.status,
    gig_slug: order.gig_slug,
    buyer_username: order.buyer_username,
    seller_username: order.seller_username,
    total: order.total,
    currency: order.currency,
  });
  const customer = state.crmCustomerFor(order.seller_username, order.buyer_username, at, true);
  if (returning)
    state.emit('crm.customer.reordered', {
      uuid: customer.uuid,
      order_uuid: order.uuid,
      buyer_username: order.buyer_username,
      seller_username: order.seller_username,
    });
  return order;
}

export function registerOrderRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const extensionsOf = (order: OrderRecord) =>
    [...state.extensions.values()].filter((e) => e.order_uuid === order.uuid).sort((a, b) => (a.created_at < b.created_at ? 1 : -1));

  api
    .handle('ordersIndex', (req, viewer) => page(req, state.ordersOf(viewer.username), (o) => presentOrder(state, o)))
    .handle('ordersStore', (req, viewer) => {
      const check = new Checker(req.body);
      const slug = check.string('gig_slug', { required: true, max: 200 });
      const pkg = check.oneOf('package', PACKAGE_NAMES) ?? 'basic';
      const quantity = check.number('quantity', { integer: true, min: 1, max: 10 }) ?? 1;
      const requirements = check.string('requirements', { max: 5000 }) ?? null;
      const gig = slug === undefined ? undefined : state.gigsBySlug.get(slug);
      if (slug !== undefined && !gig) check.reject('gig_slug', 'The selected gig slug is invalid.');
      if (gig && gig.seller_username === viewer.username) check.reject('gig_slug', 'You cannot order your own gig.');
      const invalid = check.failed();
      if (invalid) return invalid;
      return ok(presentOrder(state, placeOrder(state, { buyer: viewer.username, gig: gig!, pkg, quantity, requirements })), 201);
    })
    .handle('ordersShow', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      return order ? ok(presentOrder(state, order)) : notFound('Order');
    })
    .handle('ordersCountdown', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      if (!order) return notFound('Order');
      const remaining = Math.floor((Date.parse(order.due_at) - state.nowMs()) / 1000);
      const running = ACTIVE.includes(order.status);
      return ok({
        order_uuid: order.uuid,
        status: order.status,
        due_at: order.due_at,
        now: state.now(),
        running,
        seconds_remaining: running ? Math.max(0, remaining) : null,
        overdue: running && remaining < 0,
      });
    })
    .handle('ordersExtensionsIndex', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      return order ? ok(extensionsOf(order)) : notFound('Order');
    })
    .handle('ordersExtensionsStore', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      if (!order) return notFound('Order');
      const check = new Checker(req.body);
      const days = check.number('days', { required: true, integer: true, min: 1, max: 30 });
      const reason = check.string('reason', { required: true, max: 1000, min: 3 });
      const invalid = check.failed();
      if (invalid) return invalid;
      if (!ACTIVE.includes(order.status)) return conflict(`An order that is ${order.status.replace('_', ' ')} cannot be extended.`);
      if (extensionsOf(order).some((e) => e.status === 'pending')) return conflict('This order already has a pending extension request.');
      const extension: ExtensionRecord = {
        uuid: state.uuid(),
        order_uuid: order.uuid,
        days: days!,
        reason: reason!,
        status: 'pending',
        requested_by: viewer.username,
        responded_by: null,
        responded_at: null,
        created_at: state.tick(),
      };
      state.extensions.set(extension.uuid, extension);
      state.emit('order.extension.requested', {
        uuid: extension.uuid,
        order_uuid: order.uuid,
        days: extension.days,
        requested_by: viewer.username,
        buyer_username: order.buyer_username,
        seller_username: order.seller_username,
      });
      return ok(extension, 201);
    })
    .handle('ordersExtensionsRespond', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      const extension = order && state.extensions.get(req.params.extensionUuid!);
      if (!order || !extension || extension.order_uuid !== order.uuid) return notFound('Extension');
      const check = new Checker(req.body);
      const action = check.oneOf('action', ['approve', 'reject'] as const, { required: true });
      const invalid = check.failed();
      if (invalid) return invalid;
      if (extension.status !== 'pending') return conflict(`This extension request was already ${extension.status}.`);
      extension.status = action === 'approve' ? 'approved' : 'rejected';
      extension.responded_by = viewer.username;
      extension.responded_at = state.tick();
      if (extension.status === 'approved') {
        order.due_at = addDays(order.due_at, extension.days);
        order.updated_at = extension.responded_at;
        state.emit('order.extension.approved', {
          uuid: extension.uuid,
          order_uuid: order.uuid,
          days: extension.days,
          due_at: order.due_at,
          buyer_username: order.buyer_username,
          seller_username: order.seller_username,
        });
      }
      return ok({ ...extension, order_due_at: order.due_at });
    })
    .handle('ordersTimeline', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      if (!order) return notFound('Order');
      const review = reviewOfOrder(state, order);
      const events = [
        { type: 'order.created', actor_username: order.buyer_username, at: order.created_at, detail: { status: 'pending' } },
        ...extensionsOf(order).flatMap((e) => [
          {
            type: 'order.extension.requested',
            actor_username: e.requested_by,
            at: e.created_at,
            detail: { extension_uuid: e.uuid, days: e.days },
          },
          ...(e.responded_at
            ? [
                {
                  type: `order.extension.${e.status}`,
                  actor_username: e.responded_by,
                  at: e.responded_at,
                  detail: { extension_uuid: e.uuid },
                },
              ]
            : []),
        ]),
        ...(state.deliveries.get(order.uuid) ?? []).map((d) => ({
          type: 'order.delivery.submitted',
          actor_username: order.seller_username,
          at: d.created_at,
          detail: { delivery_id: d.id },
        })),
        ...(state.revisions.get(order.uuid) ?? []).map((r) => ({
          type: 'order.revision.requested',
          actor_username: order.buyer_username,
          at: r.created_at,
          detail: { revision_id: r.id },
        })),
        ...(order.status === 'completed' || order.status === 'cancelled'
          ? [{ type: `order.${order.status}`, actor_username: order.buyer_username, at: order.updated_at, detail: {} }]
          : []),
        ...(review
          ? [{ type: 'review.created', actor_username: review.reviewer_username, at: review.created_at, detail: { review_id: review.id } }]
          : []),
      ];
      return ok(events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)));
    })
    .handle('ordersDeliveries', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      return order ? ok(state.deliveries.get(order.uuid) ?? []) : notFound('Order');
    })
    .handle('ordersRevisions', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      return order ? ok(state.revisions.get(order.uuid) ?? []) : notFound('Order');
    })
    .handle('ordersFiles', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      if (!order) return notFound('Order');
      const files = (state.deliveries.get(order.uuid) ?? []).flatMap((d) =>
        d.files.map((name) => ({
          name,
          delivery_id: d.id,
          url: `https://files.sandbox.example/orders/${order.uuid}/${d.id}/${encodeURIComponent(name)}`,
          created_at: d.created_at,
        })),
      );
      return ok(files);
    })
    .handle('reordersIndex', (req, viewer) => page(req, state.cart.filter((c) => c.username === viewer.username).reverse()))
    .handle('ordersReorder', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      if (!order) return notFound('Order');
      if (order.buyer_username !== viewer.username) return forbidden('Only the buyer of an order can reorder it.');
      if (order.status !== 'completed')
        return conflict(`Only completed orders can be reordered; this order is ${order.status.replace('_', ' ')}.`);
      const gig = state.gigsBySlug.get(order.gig_slug)!;
      const entry: CartEntryRecord = {
        uuid: state.uuid(),
        username: viewer.username,
        order_uuid: order.uuid,
        gig_slug: gig.slug,
        package: order.package,
        quantity: order.quantity,
        price: priceOf(gig, order.package, order.quantity),
        currency: 'USD',
        created_at: state.tick(),
      };
      state.cart.push(entry);
      return ok(entry, 201);
    })
    .handle('reviewsStore', (req, viewer) => {
      const order = state.orderFor(viewer.username, req.params.uuid!);
      if (!order) return notFound('Order');
      if (order.buyer_username !== viewer.username) return forbidden('Only the buyer of an order can review it.');
      const check = new Checker(req.body);
      const rating = check.number('rating', { required: true, integer: true, min: 1, max: 5 });
      const comment = check.string('comment', { required: true, max: 2000, min: 1 });
      const invalid = check.failed();
      if (invalid) return invalid;
      if (order.status !== 'completed')
        return conflict(`Only completed orders can be reviewed; this order is ${order.status.replace('_', ' ')}.`);
      if (reviewOfOrder(state, order)) return conflict('This order has already been reviewed.');
      const review: ReviewRecord = {
        id: state.nextReviewId++,
        gig_slug: order.gig_slug,
        order_uuid: order.uuid,
        rating: rating!,
        comment: comment!,
        reviewer_username: viewer.username,
        created_at: state.tick(),
      };
      state.addReview(review);
      state.emit('review.created', {
        id: review.id,
        gig_slug: review.gig_slug,
        order_uuid: order.uuid,
        rating: review.rating,
        buyer_username: order.buyer_username,
        seller_username: order.seller_username,
      });
      return ok(presentReview(review), 201);
    });
}
