/**
 * The per-request loaders (loaders/index.ts): fresh for every request, each
 * group built only when a resolver first reaches one of its loaders, and
 * built once, so loaders that prime each other share one instance.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLoaders } from '../../loaders/index.js';
import { createItemLoaders } from '../../loaders/items.js';
import { createSeoLoaders } from '../../loaders/seo.js';
import type { Clients } from '../../src/upstreams/index.js';
import type * as ItemsModule from '../../loaders/items.js';
import type * as SeoModule from '../../loaders/seo.js';

vi.mock('../../loaders/items.js', async (original) => {
  const actual = await original<typeof ItemsModule>();
  return { ...actual, createItemLoaders: vi.fn(actual.createItemLoaders) };
});
vi.mock('../../loaders/seo.js', async (original) => {
  const actual = await original<typeof SeoModule>();
  return { ...actual, createSeoLoaders: vi.fn(actual.createSeoLoaders) };
});

/** Never called: these tests only build loaders, they load nothing. */
const clients = {} as Clients;
const options = { itemsBatchThreshold: 5, validateConcurrency: 2 };

describe('per-request loaders', () => {
  it('builds a group on first use of one of its loaders, once, and never a group the request does not touch', () => {
    vi.mocked(createItemLoaders).mockClear();
    vi.mocked(createSeoLoaders).mockClear();
    const loaders = createLoaders(clients, options);
    expect(createItemLoaders).not.toHaveBeenCalled();

    const byId = loaders.itemById;
    expect(loaders.allItems).toBeDefined();
    expect(loaders.itemById).toBe(byId);
    expect(createItemLoaders).toHaveBeenCalledTimes(1);
    expect(createSeoLoaders).not.toHaveBeenCalled();
  });

  it('gives every request its own loaders, so no cached value crosses from one caller to another', () => {
    const first = createLoaders(clients, options);
    const second = createLoaders(clients, options);
    expect(first.itemById).not.toBe(second.itemById);
    expect(first.seoReportById).not.toBe(second.seoReportById);
  });
});
