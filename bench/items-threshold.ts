/**
 * Measures ITEMS_BATCH_THRESHOLD: for N distinct `item(id)` lookups, is one
 * GET /items/all (the whole catalogue, one call) cheaper than N parallel
 * GET /items/item calls? Run against the sandbox process at 0 and 20 ms per
 * call: `tsx bench/items-threshold.ts`. The answer is in docs/benchmarks.md.
 */
import { Pool } from 'undici';
import { startSandboxProcess } from './processes.js';
import { percentile } from './driver.js';

const KEY = 'items-demo-key';
const sandbox = await startSandboxProcess();
const pool = new Pool(sandbox.origins.items, { connections: 64, pipelining: 1 });
const get = async (path: string) => (await pool.request({ method: 'GET', path: `/api${path}` })).body.json();
const sizes = [1, 2, 3, 4, 5, 6, 8, 12];
const ROUNDS = 150;
const WARM_UP = 30;

async function time(task: () => Promise<unknown>): Promise<{ p50: number; cpu: number }> {
  for (let i = 0; i < WARM_UP; i++) await task();
  const wall: number[] = [];
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await task();
    wall.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(before);
  return { p50: percentile(wall, 50), cpu: (cpu.user + cpu.system) / 1000 / ROUNDS };
}

try {
  for (const latency of [0, 20]) {
    await fetch(`${sandbox.origins.items}/__sandbox/latency`, { method: 'POST', body: JSON.stringify({ latencyMs: latency }) });
    await fetch(`${sandbox.origins.items}/__sandbox/recording`, { method: 'POST', body: JSON.stringify({ recording: false }) });
    const all = await time(() => get(`/items/all?api_key=${KEY}`));
    console.log(`\nlatency ${latency} ms: GET /items/all p50 ${all.p50.toFixed(2)} ms, client CPU ${all.cpu.toFixed(3)} ms`);
    console.log('| N | N × GET /items/item p50 (ms) | client CPU (ms) | cheaper |');
    console.log('|---|---|---|---|');
    for (const n of sizes) {
      const each = await time(() => Promise.all(Array.from({ length: n }, (_, i) => get(`/items/item?api_key=${KEY}&item_id=${i + 1}`))));
      console.log(`| ${n} | ${each.p50.toFixed(2)} | ${each.cpu.toFixed(3)} | ${each.p50 <= all.p50 ? `${n} calls` : '/items/all'} |`);
    }
  }
} finally {
  await pool.close();
  await sandbox.stop();
}
