/**
 * Every instance notes the evictions of the events it hears on the bus (src/webhooks/heard-evictions.ts), for as
 * long as it runs: one event it cannot read (another instance's version, a corrupted message) is skipped, and
 * the events after it are still noted.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src/logger.js';
import { createEventBus, localIntake, type MarketplaceEvent } from '../../src/webhooks/events.js';
import { noteHeardEvictions, publishedHere } from '../../src/webhooks/heard-evictions.js';

const gigUpdated = (slug: string): MarketplaceEvent => ({
  id: `evt-${slug}`,
  event: 'gig.updated',
  createdAt: '2026-01-01T00:00:00Z',
  data: { slug },
});
const turns = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('noteHeardEvictions', () => {
  it('notes the evictions of every event heard', async () => {
    const events = createEventBus();
    const noted: string[][] = [];
    const stop = noteHeardEvictions(events, [{ noteEvicted: (tags) => noted.push([...tags]) }]);
    await turns();
    events.publish('marketplace:event', gigUpdated('logo-design'));
    await turns();
    await stop();
    expect(noted).toEqual([expect.arrayContaining(['marketplace:gig:logo-design'])]);
  });

  it('goes on past an event it cannot read, which it logs', async () => {
    const events = createEventBus();
    const noted: string[][] = [];
    const warn = vi.fn();
    const stop = noteHeardEvictions(events, [{ noteEvicted: (tags) => noted.push([...tags]) }], { warn } as unknown as Logger);
    await turns();
    events.publish('marketplace:event', { id: 'evt-bad', event: 'gig.updated' } as unknown as MarketplaceEvent);
    events.publish('marketplace:event', gigUpdated('logo-design'));
    await turns();
    await stop();
    expect(noted).toEqual([expect.arrayContaining(['marketplace:gig:logo-design'])]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ eventId: 'evt-bad' }), 'webhook event heard on the bus not read');
  });

  it('does not note again an event this instance evicted and published itself, but notes the others', async () => {
    // The instance a webhook reaches noted and evicted before publishing (src/yoga.ts): noting it again on
    // hearing its own publish would only refuse to keep the fresh answers read in between.
    const events = createEventBus();
    const noted: string[][] = [];
    const ownPublishes = publishedHere();
    const intake = ownPublishes.intake(localIntake(events));
    const stop = noteHeardEvictions(events, [{ noteEvicted: (tags) => noted.push([...tags]) }], undefined, ownPublishes);
    await turns();
    expect(await intake.publishOnce(gigUpdated('logo-design'))).toBe(true);
    events.publish('marketplace:event', gigUpdated('seo-audit'));
    await turns();
    // The same id heard a second time (another instance's redelivery) is noted: only one hearing is skipped.
    events.publish('marketplace:event', gigUpdated('logo-design'));
    await turns();
    await stop();
    expect(noted).toEqual([expect.arrayContaining(['marketplace:gig:seo-audit']), expect.arrayContaining(['marketplace:gig:logo-design'])]);
  });
});
