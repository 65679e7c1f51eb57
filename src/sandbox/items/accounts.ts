/**
 * The account-details records of the three item-store accounts, with every
 * field of `items-api.md` section 2 (Account). Built per router from the seed.
 */
import { createRandom, isoAt, money } from '../seed.js';
import type { ItemsAccountId } from './keys.js';

export interface ItemsAccount {
  name: { firstname: string; lastname: string; full_name: string };
  username: string;
  email: string;
  balance: number;
  currency: string;
  profile: {
    heading: string;
    description: string;
    contact: { email: string };
    social_links: Record<string, string>;
    media: { avatar: string; cover: string };
  };
  registered_at: string;
}

const PEOPLE: Record<ItemsAccountId, { first: string; last: string; username: string; heading: string; social: Record<string, string> }> = {
  demo: {
    first: 'Dana',
    last: 'Demo',
    username: 'demo',
    heading: 'Scripts, themes and media for busy builders',
    social: { facebook: 'https://facebook.com/demo.author', x: 'https://x.com/demo_author', github: 'https://github.com/demo-author' },
  },
  other: {
    first: 'Olive',
    last: 'Other',
    username: 'other',
    heading: 'Sound and motion packs',
    social: { x: 'https://x.com/olive_other' },
  },
  empty: { first: 'Erin', last: 'Empty', username: 'empty', heading: 'New author', social: {} },
};

export function createAccounts(seed: number): Record<ItemsAccountId, ItemsAccount> {
  const random = createRandom(seed ^ 0xacc0);
  const build = (id: ItemsAccountId, registeredDaysAgo: number): ItemsAccount => {
    const p = PEOPLE[id];
    return {
      name: { firstname: p.first, lastname: p.last, full_name: `${p.first} ${p.last}` },
      username: p.username,
      email: `${p.username}@example.com`,
      balance: id === 'empty' ? 0 : money(random, 100, 9000),
      currency: 'USD',
      profile: {
        heading: p.heading,
        description: `${p.first} ${p.last} publishes items on the sandbox item store.`,
        contact: { email: `contact+${p.username}@example.com` },
        social_links: { ...p.social },
        media: {
          avatar: `https://cdn.example.com/avatars/${p.username}.png`,
          cover: `https://cdn.example.com/covers/${p.username}.jpg`,
        },
      },
      registered_at: isoAt(-registeredDaysAgo * 24 * 60 - Math.floor(random() * 1440)),
    };
  };
  return { demo: build('demo', 900), other: build('other', 500), empty: build('empty', 10) };
}
