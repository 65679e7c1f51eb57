/**
 * The seeded users by name: the demo ones the tokens and docs name, then every
 * buyer and seller studio the seeding creates (username, display name).
 */
export const FIRST_SELLER_USERNAME = 'pixelcraft';
export const DEMO_BUYER_USERNAME = 'alice';
export const SECOND_BUYER_USERNAME = 'bob';
/** The password of every seeded user (mobile login). */
export const DEMO_PASSWORD = 'password';

export const SELLERS: readonly [string, string][] = [
  [FIRST_SELLER_USERNAME, 'Pixel Craft Studio'],
  ['codeforge', 'Code Forge'],
  ['wordsmithy', 'The Wordsmithy'],
  ['motionlab', 'Motion Lab'],
  ['growthpilot', 'Growth Pilot'],
  ['brandbakery', 'Brand Bakery'],
  ['devnest', 'Dev Nest'],
  ['inkwell', 'Inkwell Writing'],
  ['framecut', 'Frame Cut Films'],
  ['rankriver', 'Rank River SEO'],
  ['logoloft', 'Logo Loft'],
  ['appyard', 'App Yard'],
  ['linguaflow', 'Lingua Flow'],
  ['storyreel', 'Story Reel'],
  ['socialspark', 'Social Spark'],
  ['vectorvilla', 'Vector Villa'],
  ['stackhouse', 'Stack House'],
  ['copycove', 'Copy Cove'],
  ['animatic', 'Animatic'],
  ['clickcraft', 'Click Craft'],
  ['palettepress', 'Palette Press'],
  ['byteworks', 'Byte Works'],
  ['quillquarter', 'Quill Quarter'],
  ['reelrocket', 'Reel Rocket'],
  ['trendtide', 'Trend Tide'],
  ['drawdeck', 'Draw Deck'],
  ['pluginpros', 'Plugin Pros'],
  ['transcribe', 'Transcribe & Co'],
  ['loopmotion', 'Loop Motion'],
  ['metricmint', 'Metric Mint'],
  ['glyphgarden', 'Glyph Garden'],
  ['shipfast', 'Ship Fast Dev'],
  ['prosepoint', 'Prose Point'],
  ['cutcraft', 'Cut Craft Video'],
  ['adalchemy', 'Ad Alchemy'],
  ['sketchsmith', 'Sketch Smith'],
  ['cloudkite', 'Cloud Kite'],
  ['verbatim', 'Verbatim Translations'],
  ['kinetica', 'Kinetica'],
  ['funnelfox', 'Funnel Fox'],
];

export const BUYERS: readonly [string, string][] = [
  [DEMO_BUYER_USERNAME, 'Alice Andersen'],
  [SECOND_BUYER_USERNAME, 'Bob Brennan'],
  ['carol', 'Carol Castillo'],
  ['dave', 'Dave Dimitrov'],
  ['erin', 'Erin Eriksen'],
  ['frank', 'Frank Fischer'],
  ['grace', 'Grace Gallagher'],
  ['heidi', 'Heidi Hoffmann'],
  ['ivan', 'Ivan Ivanov'],
  ['judy', 'Judy Jensen'],
  ['mallory', 'Mallory Moreau'],
  ['niaj', 'Niaj Nasser'],
  ['olivia', 'Olivia Ortega'],
  ['peggy', 'Peggy Park'],
  ['rupert', 'Rupert Reyes'],
  ['sybil', 'Sybil Santos'],
  ['trent', 'Trent Tanaka'],
  ['victor', 'Victor Volkov'],
  ['walter', 'Walter Weber'],
  ['yasmin', 'Yasmin Yilmaz'],
];
