/** The vocabulary the seeding draws from (countries, categories, gig titles, comments, ...) and how it draws. */
import type { Random } from '../seed.js';
import type { CategoryRecord } from './records.js';

export const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IN', 'PK', 'BR', 'CA', 'NL', 'ES', 'PL', 'UA', 'NG', 'PH', 'AU'];
export const LANGUAGES = ['English', 'Spanish', 'German', 'French', 'Hindi', 'Urdu', 'Portuguese', 'Polish', 'Ukrainian', 'Dutch'];

/** Parent categories first, then their children; gigs belong to children only. */
export const CATEGORIES: readonly CategoryRecord[] = [
  { slug: 'graphics-design', name: 'Graphics & Design', parent_slug: null },
  { slug: 'programming-tech', name: 'Programming & Tech', parent_slug: null },
  { slug: 'writing-translation', name: 'Writing & Translation', parent_slug: null },
  { slug: 'video-animation', name: 'Video & Animation', parent_slug: null },
  { slug: 'digital-marketing', name: 'Digital Marketing', parent_slug: null },
  { slug: 'logo-design', name: 'Logo Design', parent_slug: 'graphics-design' },
  { slug: 'illustration', name: 'Illustration', parent_slug: 'graphics-design' },
  { slug: 'web-development', name: 'Website Development', parent_slug: 'programming-tech' },
  { slug: 'mobile-apps', name: 'Mobile Apps', parent_slug: 'programming-tech' },
  { slug: 'wordpress', name: 'WordPress', parent_slug: 'programming-tech' },
  { slug: 'copywriting', name: 'Copywriting', parent_slug: 'writing-translation' },
  { slug: 'translation', name: 'Translation', parent_slug: 'writing-translation' },
  { slug: 'explainer-videos', name: 'Explainer Videos', parent_slug: 'video-animation' },
  { slug: 'seo', name: 'SEO', parent_slug: 'digital-marketing' },
  { slug: 'social-media', name: 'Social Media Marketing', parent_slug: 'digital-marketing' },
];

export const GIG_CORES: Record<string, string[]> = {
  'logo-design': ['design a minimalist logo', 'create a modern brand identity', 'draw a hand-lettered logo', 'redesign your existing logo'],
  illustration: ['paint a digital portrait', 'illustrate a children book', 'draw custom vector icons', 'create a flat illustration'],
  'web-development': ['build a responsive landing page', 'fix bugs in your react app', 'develop a node api', 'convert figma to html'],
  'mobile-apps': ['build a flutter app', 'publish your app to the stores', 'develop an ios app', 'fix crashes in your android app'],
  wordpress: [
    'build a wordpress website',
    'speed up your wordpress site',
    'customize your woocommerce store',
    'migrate your site to wordpress',
  ],
  copywriting: ['write sales page copy', 'write product descriptions', 'write email sequences', 'write a compelling about page'],
  translation: ['translate english to spanish', 'translate english to german', 'proofread your translation', 'localize your app strings'],
  'explainer-videos': [
    'animate a 2d explainer video',
    'create a whiteboard animation',
    'produce a product demo video',
    'animate your logo intro',
  ],
  seo: ['audit your website seo', 'research keywords for your niche', 'build quality backlinks', 'optimize your on-page seo'],
  'social-media': ['manage your instagram account', 'create social media posts', 'run facebook ad campaigns', 'grow your tiktok audience'],
};
export const GIG_SUFFIXES = [
  'for your brand',
  'for your startup',
  'in 24 hours',
  'with unlimited revisions',
  'for your business',
  'for your website',
  '',
];
export const DESCRIPTION_OPENERS = [
  'Looking for a reliable partner?',
  'Hi there, thanks for stopping by.',
  'Quality work, delivered on time.',
  'You will get a result you are proud to share.',
];
export const DESCRIPTION_CLOSERS = [
  'Message me before ordering so we can agree on the scope.',
  'Every package includes source files and a satisfaction guarantee.',
  'I have completed hundreds of similar projects for happy clients.',
  'Fast communication and clear milestones are included.',
];
export const HEADLINES: Record<string, string[]> = {
  'graphics-design': ['Brand identity and illustration studio', 'Logos that people remember', 'Design for ambitious small brands'],
  'programming-tech': ['Full-stack web and mobile development', 'Clean code, shipped on time', 'Your remote engineering team'],
  'writing-translation': ['Copy that converts, in five languages', 'Writing and localization studio', 'Words for brands that care'],
  'video-animation': ['Explainer videos and motion design', 'Stories told in motion', 'Animation studio for startups'],
  'digital-marketing': ['Growth marketing for online shops', 'SEO and social media that pays off', 'Performance marketing studio'],
};
export const REVIEW_COMMENTS = [
  'Great communication and fast delivery.',
  'Exactly what I asked for, will order again.',
  'Good work, needed one revision but it turned out well.',
  'Outstanding quality, exceeded my expectations.',
  'Professional and friendly, highly recommended.',
  'Delivered on time and very responsive.',
  'Decent result but took longer than expected.',
  'Not quite what I had in mind.',
];
export const DELIVERY_MESSAGES = [
  'Here is the first version, let me know what you think.',
  'Final files attached.',
  'Updated version with your feedback applied.',
];
export const REVISION_REASONS = [
  'Please adjust the colours to match our palette.',
  'Could you make the text larger?',
  'The second section needs a different tone.',
];
export const FILE_NAMES = ['final.zip', 'preview.png', 'source.fig', 'draft.pdf', 'video.mp4', 'notes.txt'];
export const PROJECT_TITLES = [
  'Brand refresh for a coffee roaster',
  'Launch campaign for a fintech app',
  'Storefront for a ceramics shop',
  'Onboarding flow for a SaaS',
  'Menu and signage for a bistro',
];
export const TESTIMONIAL_QUOTES = [
  'They understood our brief in minutes.',
  'A pleasure to work with, twice now.',
  'Our conversion rate doubled after the relaunch.',
  'Reliable, creative and on budget.',
];

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function weightedRating(random: Random): number {
  const r = random();
  return r < 0.55 ? 5 : r < 0.85 ? 4 : r < 0.95 ? 3 : r < 0.98 ? 2 : 1;
}

export function shuffle<T>(random: Random, values: T[]): T[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}
