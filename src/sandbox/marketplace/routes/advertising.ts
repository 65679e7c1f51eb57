/**
 * Seller advertising: the promotion products, public sponsored placements
 * (from active campaigns), the seller's campaigns with simulated analytics,
 * and the advertising wallet (deposits must be positive). A new campaign is
 * `active` when the wallet covers one day's budget, otherwise `paused`.
 */
import { ok } from '../../laravel.js';
import { notFound, page, sellersOnly, type MarketplaceApi } from '../api.js';
import { presentCampaign, presentGig } from '../present.js';
import type { AdCampaignRecord, AdWalletRecord } from '../records.js';
import { newestFirst } from '../state.js';
import { Checker } from '../validate.js';

const PRODUCTS = [
  {
    slug: 'promoted-gig',
    name: 'Promoted Gig',
    description: 'Your gig on top of matching search results.',
    pricing_model: 'cpc',
    min_daily_budget: 5,
    currency: 'USD',
  },
  {
    slug: 'featured-studio',
    name: 'Featured Studio',
    description: 'Your studio on the home page carousel.',
    pricing_model: 'daily',
    min_daily_budget: 10,
    currency: 'USD',
  },
  {
    slug: 'category-spotlight',
    name: 'Category Spotlight',
    description: 'A banner slot on a category page.',
    pricing_model: 'daily',
    min_daily_budget: 20,
    currency: 'USD',
  },
] as const;

const round2 = (n: number) => Math.round(n * 100) / 100;

export function registerAdvertisingRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const walletOf = (username: string): AdWalletRecord => {
    let wallet = state.adWallets.get(username);
    if (!wallet) state.adWallets.set(username, (wallet = { username, balance: 0, transactions: [] }));
    return wallet;
  };
  const presentWallet = (w: AdWalletRecord) => ({
    username: w.username,
    balance: w.balance,
    currency: 'USD',
    transactions: [...w.transactions].reverse(),
  });

  api
    .handle('promotionProducts', () => ok(PRODUCTS))
    .handle('sponsoredPlacements', (req) => {
      const category = req.query.get('category');
      const placements = [...state.campaigns.values()]
        .filter((c) => c.status === 'active')
        .sort(newestFirst)
        .flatMap((c) => {
          const gig = state.gigsBySlug.get(c.gig_slug);
          if (!gig || (category && gig.category_slug !== category)) return [];
          return [{ campaign_uuid: c.uuid, placement: c.product_slug === 'promoted-gig' ? 'search' : 'home', gig: presentGig(state, gig) }];
        });
      return ok(placements);
    })
    .handle('sellerAdvertisingIndex', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const mine = [...state.campaigns.values()].filter((c) => c.seller_username === viewer.username).sort(newestFirst);
      return page(req, mine, (c) => presentCampaign(state, c, false));
    })
    .handle('sellerAdvertisingStore', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const check = new Checker(req.body);
      const name = check.string('name', { required: true, max: 120, min: 3 });
      const gigSlug = check.string('gig_slug', { required: true, max: 200 });
      const productSlug =
        check.oneOf(
          'product_slug',
          PRODUCTS.map((p) => p.slug),
        ) ?? 'promoted-gig';
      const budget = check.number('daily_budget', { required: true, min: 0, exclusiveMin: true, max: 10_000 });
      const gig = gigSlug === undefined ? undefined : state.gigsBySlug.get(gigSlug);
      if (gigSlug !== undefined && (!gig || gig.seller_username !== viewer.username))
        check.reject('gig_slug', 'The gig must be one of your gigs.');
      const product = PRODUCTS.find((p) => p.slug === productSlug)!;
      if (budget !== undefined && budget < product.min_daily_budget)
        check.reject('daily_budget', `The daily budget must be at least ${product.min_daily_budget}.`);
      const invalid = check.failed();
      if (invalid) return invalid;
      const at = state.tick();
      const campaign: AdCampaignRecord = {
        uuid: state.uuid(),
        seller_username: viewer.username,
        name: name!,
        gig_slug: gig!.slug,
        product_slug: productSlug,
        status: walletOf(viewer.username).balance >= budget! ? 'active' : 'paused',
        daily_budget: budget!,
        currency: 'USD',
        starts_at: at,
        ends_at: null,
        created_at: at,
      };
      state.campaigns.set(campaign.uuid, campaign);
      state.emit('advertising.created', {
        uuid: campaign.uuid,
        status: campaign.status,
        gig_slug: campaign.gig_slug,
        seller_username: viewer.username,
      });
      return ok(presentCampaign(state, campaign, true), 201);
    })
    .handle('sellerAdvertisingShow', (req, viewer) => {
      const campaign = state.campaigns.get(req.params.uuid!);
      return campaign && campaign.seller_username === viewer.username ? ok(presentCampaign(state, campaign, true)) : notFound('Campaign');
    })
    .handle('sellerAdvertisingWallet', (_req, viewer) => (viewer.isSeller ? ok(presentWallet(walletOf(viewer.username))) : sellersOnly()))
    .handle('sellerAdvertisingDeposit', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const check = new Checker(req.body);
      const amount = check.number('amount', { required: true, min: 0, exclusiveMin: true, max: 10_000 });
      const invalid = check.failed();
      if (invalid) return invalid;
      const wallet = walletOf(viewer.username);
      wallet.balance = round2(wallet.balance + amount!);
      wallet.transactions.push({ uuid: state.uuid(), type: 'deposit', amount: round2(amount!), created_at: state.tick() });
      return ok(presentWallet(wallet), 201);
    });
}
