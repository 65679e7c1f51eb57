/**
 * `npm run soak`: one spawned gateway (src/server.ts, with REDIS_URL when a
 * `redis-server` is installed) under everything at once, for SOAK_SECONDS
 * (default 600): the hostile-input campaign (test/fuzz/), clients leaving
 * mid-request, upstreams answering around their timeout, signed webhooks
 * retried on 503 with a subscriber counting arrivals, and Redis paused
 * (SIGSTOP) for SOAK_PAUSE_SECONDS every SOAK_PAUSE_EVERY_SECONDS, the gateway's heap
 * bounded to SOAK_MAX_OLD_SPACE_MB (default 384) so that a leak ends it. Prints
 * crashes, 5xx, uncoded errors, leaks, hangs, lost events, the RSS and the JS
 * heap's per-minute floor; exits 1 on any failure, or when the floor's slope over
 * the second half passes SOAK_MAX_SLOPE_MB_PER_MIN (default 2).
 */
import { defaultOptions, failuresOf, runCampaign, type CampaignSummary } from '../test/fuzz/campaign.js';
import { DEMO_CREDENTIALS } from '../test/fuzz/cases.js';
import { spawnGateway } from '../test/fuzz/targets.js';
import { startSoakRedis } from './soak/redis.js';
import { heapUsedMb, perMinuteFloor, rssMb, slopeMbPerMin, summarise, type RssSample } from './soak/rss.js';
import { clientsLeaving, upstreamsSlowing, webhooksDelivered, type AbortCounts, type WebhookCounts } from './soak/traffic.js';

const env = process.env;
const seconds = Number(env.SOAK_SECONDS ?? 600);
const timeoutMs = Number(env.SOAK_UPSTREAM_TIMEOUT_MS ?? 1500);
const pauseEvery = Number(env.SOAK_PAUSE_EVERY_SECONDS ?? 45) * 1000;
const pauseFor = Number(env.SOAK_PAUSE_SECONDS ?? 5) * 1000;
const maxSlope = Number(env.SOAK_MAX_SLOPE_MB_PER_MIN ?? 2);
// The gateway's heap is bounded, as a container's memory limit would bound it: V8 otherwise grows its heap
// lazily up to gigabytes before collecting hard, which reads as a rising RSS without anything leaking. With a
// bound, a leak cannot hide: it ends the process (a crash in the report).
const maxOldSpaceMb = Number(env.SOAK_MAX_OLD_SPACE_MB ?? 384);

const redis = env.SOAK_REDIS === '0' ? undefined : await startSoakRedis();
const target = await spawnGateway({
  UPSTREAM_TIMEOUT_MS: String(timeoutMs),
  LOG_LEVEL: 'info',
  PUBLIC_CACHE_MAX_BYTES: env.PUBLIC_CACHE_MAX_BYTES ?? String(16 * 1024 * 1024),
  NODE_OPTIONS: [env.NODE_OPTIONS, `--max-old-space-size=${maxOldSpaceMb}`].filter(Boolean).join(' '),
  ...(redis ? { REDIS_URL: redis.url } : {}),
});
// The gateway's own word on anything unexpected, kept for the report (the campaign reads and drops every line).
const unexpectedLines: string[] = [];
const takeLogLines = target.takeLogLines.bind(target);
target.takeLogLines = () => {
  const lines = takeLogLines();
  for (const line of lines)
    if (/unexpected error|bug: /.test(line) && unexpectedLines.length < 20) unexpectedLines.push(line.slice(0, 1500));
  return lines;
};
const started = Date.now();
const until = started + seconds * 1000;
const say = (line: string) => console.error(`[soak ${Math.round((Date.now() - started) / 1000)} s] ${line}`);

const samples: RssSample[] = [];
const heap: RssSample[] = [];
const sampler = setInterval(() => {
  const atS = (Date.now() - started) / 1000;
  const mb = rssMb(target.pid());
  if (mb !== undefined) samples.push({ atS, mb });
  void heapUsedMb(target.url).then((used) => used !== undefined && heap.push({ atS, mb: used }));
}, 2000);

let pauses = 0;
const pausing = (async () => {
  if (!redis) return;
  while (Date.now() + pauseEvery < until) {
    await new Promise((resolve) => setTimeout(resolve, pauseEvery));
    redis.pause();
    pauses++;
    await new Promise((resolve) => setTimeout(resolve, pauseFor));
    redis.resume();
  }
})();

const campaigns: CampaignSummary[] = [];
const campaign = (async () => {
  const base = defaultOptions(env, 0);
  for (let from = 0; Date.now() < until; from += 100) {
    const only = Array.from({ length: 100 }, (_, i) => from + i);
    campaigns.push(await runCampaign(target, { ...base, runs: from + 100, only, timeoutMs: 30_000 }));
    if ((from / 100) % 10 === 0) say(`${from + 100} hostile cases, RSS ${Math.round(rssMb(target.pid()) ?? 0)} MB`);
  }
})();

const aborts: AbortCounts = { sent: 0, aborted: 0, fiveXx: 0 };
const slow = { faults: 0 };
const hooks: WebhookCounts = { accepted: 0, retriedOn503: 0, unexpected: {}, received: 0 };
await Promise.all([
  campaign,
  pausing,
  clientsLeaving(target.url, Number(env.SOAK_CLIENTS ?? 8), until, aborts),
  upstreamsSlowing(target.sandbox, timeoutMs, 10_000, until, slow),
  webhooksDelivered(target.url, DEMO_CREDENTIALS.webhook, DEMO_CREDENTIALS.admin, until, hooks),
]);
clearInterval(sampler);

// The failing categories of the campaign, minus those that only make sense one input at a time
// (other loops' calls land in the same window): calls over the estimate or outside the table.
const CONCURRENT_NOISE = new Set(['calls-over-estimate', 'call-outside-table']);
const failures = campaigns.flatMap(failuresOf).filter((f) => !CONCURRENT_NOISE.has(f.category));
const total = (pick: (s: CampaignSummary) => number) => campaigns.reduce((sum, s) => sum + pick(s), 0);
const memory = summarise(samples);
// The heap's floor per minute, and its slope over the second half (one point a minute).
const floors = perMinuteFloor(heap);
const floorSlope = slopeMbPerMin(
  floors.slice(Math.floor(floors.length / 2)).map((mb, i) => ({ atS: (Math.floor(floors.length / 2) + i) * 60, mb })),
);
const lost = hooks.accepted - hooks.received;
const report = {
  seconds,
  heapBoundMb: maxOldSpaceMb,
  redis: redis ? `paused ${pauses} times for ${pauseFor / 1000} s` : 'none (redis-server not installed)',
  hostileInputs: total((s) => s.inputs.http + s.inputs.ws),
  crashes: total((s) => s.crashes),
  fiveXx: total((s) => s.fiveXx) + aborts.fiveXx,
  uncodedErrors: total((s) => s.uncodedErrors),
  leaks: total((s) => s.leaks),
  hangs: total((s) => s.hangs),
  clientsLeaving: aborts,
  upstreamSlowdowns: slow.faults,
  webhooks: { ...hooks, lost },
  rss: memory,
  heapFloor: { perMinuteMb: floors, secondHalfSlopeMbPerMin: floorSlope },
  failures: failures.map((f) => `[${f.category}] ${f.transport} ×${f.count}: ${f.signature} · e.g. ${f.example.slice(0, 300)}`),
  unexpectedLines,
};
console.log(JSON.stringify(report, null, 2));
await target.close();
await redis?.stop();
const failed =
  report.crashes + report.fiveXx + report.uncodedErrors + report.leaks + report.hangs + failures.length > 0 ||
  lost > 0 ||
  Object.keys(hooks.unexpected).length > 0 ||
  // A leak raises what the collector cannot free: the heap's floor, not the RSS a lazily sized heap reaches.
  floorSlope > maxSlope;
process.exitCode = failed ? 1 : 0;
