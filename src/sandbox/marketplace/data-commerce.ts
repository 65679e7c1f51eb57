import { between, isoAt, pick } from '../seed.js';
import { addDays, daysAgo, within } from './dates.js';
import { DEMO_BUYER_USERNAME, FIRST_SELLER_USERNAME, SECOND_BUYER_USERNAME } from './demo-users.js';
import type * as R from './records.js';
import { shuffle } from './seed-words.js';
import type { MarketplaceState } from './state.js';

/** Offers, buyer requests with proposals, media, wallets, advertising and CRM extras. */
export function seedCommerce(state: MarketplaceState, aliceOrders: R.OrderRecord[]): void {
  const random = state.random;
  const pixelGigs = state.gigsOf(FIRST_SELLER_USERNAME);
  const offer = (
    status: R.OfferStatus,
    seller: string,
    buyer: string,
    gig: R.GigRecord | undefined,
    orderUuid: string | null,
  ): R.OfferRecord => {
    const createdAt = isoAt(daysAgo(random, 1, 20));
    const o: R.OfferRecord = {
      uuid: state.uuid(),
      status,
      seller_username: seller,
      buyer_username: buyer,
      sender_username: seller,
      recipient_username: buyer,
      gig_slug: gig?.slug ?? null,
      title: gig ? `Custom: ${gig.title}` : 'Custom project',
      description: 'A tailored package with the extras we discussed.',
      price: between(random, 10, 120) * 5,
      currency: 'USD',
      delivery_days: between(random, 2, 10),
      attachments: [],
      parent_uuid: null,
      countered_by_uuid: null,
      proposal_uuid: null,
      order_uuid: orderUuid,
      expires_at: addDays(createdAt, 14),
      created_at: createdAt,
      updated_at: createdAt,
    };
    state.offers.set(o.uuid, o);
    return o;
  };
  const fromPixel = aliceOrders.find((o) => o.seller_username === FIRST_SELLER_USERNAME);
  offer('pending', FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, pixelGigs[0], null);
  const accepted = offer(
    'accepted',
    FIRST_SELLER_USERNAME,
    DEMO_BUYER_USERNAME,
    fromPixel ? state.gigsBySlug.get(fromPixel.gig_slug) : pixelGigs[1],
    fromPixel?.uuid ?? null,
  );
  if (fromPixel) fromPixel.offer_uuid = accepted.uuid;
  offer('declined', FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, pixelGigs[2], null);
  const other = state.gigs.find((g) => g.seller_username === 'codeforge');
  offer('pending', 'codeforge', SECOND_BUYER_USERNAME, other, null);

  const sellerNames = [...state.sellers.keys()];
  const requesters = [
    DEMO_BUYER_USERNAME,
    DEMO_BUYER_USERNAME,
    SECOND_BUYER_USERNAME,
    'carol',
    'dave',
    'erin',
    'frank',
    'grace',
    'heidi',
    'ivan',
    'judy',
    'olivia',
  ];
  const leaves = state.categories.filter((c) => c.parent_slug !== null);
  requesters.forEach((buyer, i) => {
    const category = pick(random, leaves);
    const createdAt = isoAt(daysAgo(random, 1, 30));
    const request: R.BuyerRequestRecord = {
      uuid: state.uuid(),
      status: i === 10 ? 'closed' : 'open',
      buyer_username: buyer,
      title: `Need help with ${category.name.toLowerCase()}`,
      description: `Looking for an experienced ${category.name.toLowerCase()} freelancer for a small project.`,
      category_slug: category.slug,
      budget: between(random, 4, 100) * 5,
      currency: 'USD',
      delivery_days: between(random, 3, 21),
      created_at: createdAt,
      updated_at: createdAt,
    };
    state.requests.set(request.uuid, request);
    const proposers = shuffle(random, [...sellerNames]).slice(0, between(random, 0, 3));
    if (i === 0 && !proposers.includes(FIRST_SELLER_USERNAME)) proposers.push(FIRST_SELLER_USERNAME);
    for (const seller of proposers) {
      const at = within(random, createdAt, isoAt(-5));
      const p: R.ProposalRecord = {
        uuid: state.uuid(),
        status: random() < 0.3 ? 'shortlisted' : 'submitted',
        request_uuid: request.uuid,
        seller_username: seller,
        buyer_username: buyer,
        message: 'I have done this many times and can start today.',
        price: Math.max(5, request.budget + between(random, -4, 4) * 5),
        delivery_days: request.delivery_days,
        counter_price: null,
        counter_delivery_days: null,
        counter_message: null,
        currency: 'USD',
        offer_uuid: null,
        created_at: at,
        updated_at: at,
      };
      state.proposals.set(p.uuid, p);
    }
  });

  const mediaFor = (owner: string, files: readonly [string, string, number][]) => {
    for (const [filename, contentType, size] of files) {
      const at = isoAt(daysAgo(random, 1, 120));
      const m: R.MediaRecord = {
        uuid: state.uuid(),
        owner_username: owner,
        filename,
        content_type: contentType,
        size,
        title: filename.replace(/\.[^.]+$/, '').replace(/-/g, ' '),
        alt_text: null,
        created_at: at,
        updated_at: at,
      };
      state.media.set(m.uuid, m);
    }
  };
  mediaFor(DEMO_BUYER_USERNAME, [
    ['brand-brief.pdf', 'application/pdf', 182_044],
    ['moodboard.png', 'image/png', 1_204_332],
    ['old-logo.svg', 'image/svg+xml', 8_911],
  ]);
  mediaFor(FIRST_SELLER_USERNAME, [
    ['portfolio-cover.jpg', 'image/jpeg', 845_120],
    ['logo-pack.zip', 'application/zip', 5_420_881],
    ['process-video.mp4', 'video/mp4', 18_220_004],
    ['style-guide.pdf', 'application/pdf', 2_004_118],
    ['icon-set.png', 'image/png', 402_551],
    ['brand-sheet.png', 'image/png', 733_006],
  ]);

  for (const username of state.users.keys()) {
    const balance = between(random, 0, 80_000) / 100;
    state.wallets.set(username, {
      username,
      balance,
      pending: between(random, 0, 20_000) / 100,
      transactions: [
        {
          uuid: state.uuid(),
          type: 'payment',
          amount: -between(random, 5, 300),
          description: 'Order payment',
          created_at: isoAt(daysAgo(random, 1, 60)),
        },
      ],
    });
  }
  for (const username of state.sellers.keys()) {
    const deposit = username === FIRST_SELLER_USERNAME ? 50 : between(random, 0, 20) * 10;
    state.adWallets.set(username, {
      username,
      balance: deposit,
      transactions: deposit ? [{ uuid: state.uuid(), type: 'deposit', amount: deposit, created_at: isoAt(daysAgo(random, 5, 90)) }] : [],
    });
  }
  const campaign = (seller: string, status: R.CampaignStatus, name: string) => {
    const gig = pick(random, state.gigsOf(seller));
    const createdAt = isoAt(daysAgo(random, 3, 60));
    const c: R.AdCampaignRecord = {
      uuid: state.uuid(),
      seller_username: seller,
      name,
      gig_slug: gig.slug,
      product_slug: 'promoted-gig',
      status,
      daily_budget: between(random, 1, 10) * 5,
      currency: 'USD',
      starts_at: createdAt,
      ends_at: null,
      created_at: createdAt,
    };
    state.campaigns.set(c.uuid, c);
  };
  campaign(FIRST_SELLER_USERNAME, 'active', 'Logo season push');
  campaign(FIRST_SELLER_USERNAME, 'paused', 'Illustration spotlight');
  for (const seller of sellerNames.slice(1, 7)) campaign(seller, 'active', 'Always-on promotion');

  const customers = [...state.crmCustomers.values()].filter((c) => c.seller_username === FIRST_SELLER_USERNAME);
  const first = customers[0];
  if (first) {
    first.tags.push('vip');
    for (const body of ['Prefers calls on Tuesdays.', 'Asked about a monthly retainer.']) {
      state.crmNotes.push({
        uuid: state.uuid(),
        customer_uuid: first.uuid,
        author_username: FIRST_SELLER_USERNAME,
        body,
        created_at: isoAt(daysAgo(random, 1, 30)),
      });
    }
  }
  const sentAt = isoAt(daysAgo(random, 10, 40));
  const r: R.RetentionCampaignRecord = {
    uuid: state.uuid(),
    seller_username: FIRST_SELLER_USERNAME,
    name: 'Come back for spring',
    segment: 'inactive',
    message: 'We miss you! Here is 15% off your next order.',
    discount_percent: 15,
    coupon_code: 'SPRING15',
    status: 'sent',
    send_at: sentAt,
    created_at: sentAt,
  };
  state.retention.set(r.uuid, r);
}
