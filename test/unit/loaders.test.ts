/**
 * The per-request loaders (loaders/index.ts): fresh for every request, each
 * group built only when a resolver first reaches one of its loaders, and
 * built once, so loaders that prime each other share one instance.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLoaders } from '../../loaders/index.js';
import { createOfferLoaders } from '../../loaders/offers.js';
import { createMediaLoaders } from '../../loaders/media.js';
import type { Clients } from '../../src/upstreams/index.js';
import type * as OffersModule from '../../loaders/offers.js';
import type * as MediaModule from '../../loaders/media.js';

vi.mock('../../loaders/offers.js', async (original) => {
  const actual = await original<typeof OffersModule>();
  return { ...actual, createOfferLoaders: vi.fn(actual.createOfferLoaders) };
});
vi.mock('../../loaders/media.js', async (original) => {
  const actual = await original<typeof MediaModule>();
  return { ...actual, createMediaLoaders: vi.fn(actual.createMediaLoaders) };
});

/** Never called: these tests only build loaders, they load nothing. */
const clients = {} as Clients;

describe('per-request loaders', () => {
  it('builds a group on first use of one of its loaders, once, and never a group the request does not touch', () => {
    vi.mocked(createOfferLoaders).mockClear();
    vi.mocked(createMediaLoaders).mockClear();
    const loaders = createLoaders(clients);
    expect(createOfferLoaders).not.toHaveBeenCalled();

    const byId = loaders.offerById;
    expect(loaders.offerPages).toBeDefined();
    expect(loaders.offerById).toBe(byId);
    expect(createOfferLoaders).toHaveBeenCalledTimes(1);
    expect(createMediaLoaders).not.toHaveBeenCalled();
  });

  it('gives every request its own loaders, so no cached value crosses from one caller to another', () => {
    const first = createLoaders(clients);
    const second = createLoaders(clients);
    expect(first.offerById).not.toBe(second.offerById);
    expect(first.mediaById).not.toBe(second.mediaById);
  });
});
