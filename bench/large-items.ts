/**
 * A stand-in item store with a large catalogue, for the benchmark row that
 * grows with the data: `GET /api/items/all` answers LARGE_ITEMS_COUNT items
 * (default 5,000, about 8.8 MiB) in the envelope of `items-api.md`. The body
 * is serialised once at start and sent with its Content-Length, as a real
 * server would send a file-like answer, so the upstream's own CPU is not part
 * of what the row measures. Run as its own process (bench/processes.ts
 * startLargeItemsUpstream); it prints `listening <port>`. `GET /__calls`
 * answers how many list calls it served.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const COUNT = Number(process.env.LARGE_ITEMS_COUNT ?? 5000);
const KINDS = [
  { category: 'Scripts', sub: 'PHP Scripts', noun: 'Invoice Manager', tags: ['php', 'laravel', 'saas'] },
  { category: 'Themes', sub: 'WordPress', noun: 'Portfolio Theme', tags: ['responsive', 'bootstrap', 'blog'] },
  { category: 'Video', sub: 'Intros', noun: 'Logo Reveal', tags: ['after-effects', 'logo', 'intro'] },
  { category: 'Audio', sub: 'Music', noun: 'Corporate Track', tags: ['music', 'background', 'corporate'] },
] as const;
// A listing's long description (features, changelog), which is what makes a real catalogue heavy.
const PARAGRAPH =
  'Feature list: responsive layout, dark mode, documentation, one-click installer, REST API, ' +
  'multi-language, RTL support, invoices, reports, scheduled exports, webhooks and email templates. Changelog: ' +
  'fixed the date picker on Safari, faster search, new dashboard widgets, PHP 8.3 support and security updates. ';

/** One item of `items-api.md` section 5, with its optional media depending on the kind. */
function largeItem(id: number): Record<string, unknown> {
  const kind = KINDS[(id - 1) % KINDS.length]!;
  const base = `https://cdn.example.com/items/${id}`;
  const media: Record<string, unknown> = { thumbnail: `${base}/thumbnail.jpg` };
  if (kind.category !== 'Audio') media.preview_image = `${base}/preview.jpg`;
  if (kind.category === 'Video') media.preview_video = `${base}/preview.mp4`;
  if (kind.category === 'Audio') media.preview_audio = `${base}/preview.mp3`;
  if (id % 2 === 0) media.screenshots = [1, 2, 3].map((n) => `${base}/screenshots/${n}.jpg`);
  const regular = 9 + (id % 70);
  return {
    id,
    name: `${kind.noun} ${id}`,
    description: `${kind.noun} ${id}. ${PARAGRAPH.repeat(4)}`,
    category: kind.category,
    sub_category: kind.sub,
    options: ['Documentation included', 'Installer'],
    version: `${1 + (id % 4)}.${id % 10}.${id % 21}`,
    demo_link: `https://demo.example.com/item-${id}/`,
    tags: kind.tags,
    media,
    price: { regular, extended: regular * 5 },
    currency: 'USD',
    published_at: new Date(Date.UTC(2026, 0, 1) - id * 3_600_000).toISOString(),
  };
}

const body = Buffer.from(JSON.stringify({ status: 'success', items: Array.from({ length: COUNT }, (_, i) => largeItem(i + 1)) }));
let calls = 0;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://large-items');
  if (url.pathname === '/__calls') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ calls, bytes: body.length }));
    return;
  }
  if (req.method !== 'GET' || url.pathname !== '/api/items/all') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"error","msg":"Invalid request"}');
    return;
  }
  if (!url.searchParams.get('api_key')) {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"status":"error","msg":"Unauthenticated"}');
    return;
  }
  calls++;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.LARGE_ITEMS_PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
