import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningService } from '../../src/sandbox/http.js';
import { createSeoRouter, SEO_DEMO_KEYS } from '../../src/sandbox/seo/index.js';
import { DEMO_ITEM_COUNT, demoUrl } from '../../src/sandbox/seed.js';

// Response bodies are checked field by field, so they are typed loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let service: RunningService;
let base: string;

beforeAll(async () => {
  service = await serve('seo', createSeoRouter({ seed: 7 }));
  base = `${service.url}/api/v1`;
});
afterAll(() => service.close());

const auth = (key: string = SEO_DEMO_KEYS.demo) => ({ authorization: `Bearer ${key}` });

async function get(path: string, key?: string) {
  const res = await fetch(base + path, { headers: { ...auth(key), accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as Body };
}

async function send(method: string, path: string, form?: Record<string, string>, key?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { ...auth(key), accept: 'application/json' },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Body };
}

describe('seo sandbox: auth and strictness', () => {
  it('rejects missing and unknown keys', async () => {
    for (const headers of [{ accept: 'application/json' }, { accept: 'application/json', authorization: 'Bearer nope' }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${base}/reports`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 406 to a GET without Accept: application/json', async () => {
    const res = await fetch(`${base}/reports`, { headers: { ...auth(), accept: 'text/html' } });
    expect(res.status).toBe(406);
    expect(typeof ((await res.json()) as Body).message).toBe('string');
  });

  it('answers 415 to a body that is not form-urlencoded', async () => {
    const json = await fetch(`${base}/reports`, {
      method: 'POST',
      headers: { ...auth(), accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://x.example.com/' }),
    });
    expect(json.status).toBe(415);
    const bare = await fetch(`${base}/reports/1`, { method: 'PATCH', headers: auth() });
    expect(bare.status).toBe(415);
  });

  it('answers 422 naming the field for values outside the documented sets', async () => {
    for (const [query, field] of [
      ['per_page=20', 'per_page'],
      ['per_page=', 'per_page'],
      ['search_by=project', 'search_by'],
      ['result=great', 'result'],
      ['sort_by=created_at', 'sort_by'],
      ['sort=up', 'sort'],
      ['page=0', 'page'],
    ] as const) {
      const { status, body } = await get(`/reports?${query}`);
      expect(status, query).toBe(422);
      expect(Object.keys(body.errors), query).toEqual([field]);
    }
    const projects = await get('/projects?search_by=url&sort_by=score');
    expect(projects.status).toBe(422);
    expect(Object.keys(projects.body.errors).sort()).toEqual(['search_by', 'sort_by']);
  });
});

describe('seo sandbox: reading reports', () => {
  it('pages the demo owner reports, newest id first by default', async () => {
    const { status, body } = await get('/reports');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.meta.per_page).toBe(10);
    expect(body.meta.total).toBeGreaterThanOrEqual(250);
    const ids = body.data.map((r: Body) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const second = await get('/reports?page=2&per_page=10');
    expect(second.body.data[0].id).toBeLessThan(ids[9]);
    const report = body.data[0];
    expect(Object.keys(report).sort()).toEqual(
      ['created_at', 'generated_at', 'has_password', 'id', 'privacy', 'project', 'result', 'score', 'url'].sort(),
    );
    expect(report).not.toHaveProperty('password');
  });

  it('sorts by score and filters by result and project', async () => {
    const { body } = await get('/reports?sort_by=score&sort=asc&per_page=100');
    const scores = body.data.map((r: Body) => r.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => a - b));
    const good = await get('/reports?result=good&per_page=50');
    expect(good.body.data.length).toBeGreaterThan(0);
    expect(good.body.data.every((r: Body) => r.result === 'good' && r.score >= 80)).toBe(true);
    const project = await get(`/reports?project=${encodeURIComponent('Item demos')}&per_page=100`);
    expect(project.body.data.every((r: Body) => r.project === 'Item demos')).toBe(true);
  });

  it('searches urls case-insensitively and includes exact demo pages plus near misses', async () => {
    const exact = new Map<number, number>();
    for (let i = 1; i <= DEMO_ITEM_COUNT; i++) {
      const { body } = await get(`/reports?per_page=100&search=${encodeURIComponent(demoUrl(i).toUpperCase())}`);
      const urls: string[] = body.data.map((r: Body) => r.url);
      expect(urls.every((u) => u.toLowerCase().includes(demoUrl(i).toLowerCase()))).toBe(true);
      expect(urls.some((u) => u !== demoUrl(i))).toBe(true);
      exact.set(i, urls.filter((u) => u === demoUrl(i)).length);
    }
    expect(exact.get(1)).toBeGreaterThanOrEqual(1);
    expect([...exact.values()].every((n) => n <= 3)).toBe(true);
    expect([...exact.values()].some((n) => n === 0)).toBe(true);
  });

  it('keeps owners apart', async () => {
    const other = await get('/reports?per_page=100', SEO_DEMO_KEYS.other);
    expect(other.body.meta.total).toBeGreaterThan(0);
    const demoIds = new Set((await get('/reports?per_page=100')).body.data.map((r: Body) => r.id));
    expect(other.body.data.some((r: Body) => demoIds.has(r.id))).toBe(false);
    const foreign = await get(`/reports/${other.body.data[0].id}`);
    expect(foreign).toEqual({ status: 404, body: { message: 'Report not found.' } });
    const empty = await get('/reports', 'seo-key-demo');
    expect(empty.status).toBe(200);
    expect(empty.body.meta.total).toBe(0);
    expect((await get('/projects', 'seo-key-someone')).body.data).toEqual([]);
    expect((await get('/reports/abc')).status).toBe(404);
  });
});

describe('seo sandbox: writes', () => {
  it('creates, shows, updates and deletes a report', async () => {
    const bad = await send('POST', '/reports', { url: 'ftp://nope.example.com' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.url).toBeDefined();
    expect((await send('POST', '/reports', {})).body.errors.url).toBeDefined();
    expect((await send('POST', '/reports', { url: 'https://a.example.com/', privacy: '2' })).body.errors.password).toBeDefined();
    expect((await send('POST', '/reports', { url: 'https://a.example.com/', privacy: '3' })).body.errors.privacy).toBeDefined();

    const created = await send('POST', '/reports', { url: 'https://new.example.com/page', privacy: '2', password: 'pw' });
    expect(created.status).toBe(201);
    const report = created.body.data;
    expect(report).toMatchObject({ url: 'https://new.example.com/page', privacy: 2, has_password: true, project: null });
    expect(report.score).toBeGreaterThanOrEqual(0);
    expect(report.score).toBeLessThanOrEqual(100);
    expect(Math.round(report.score * 10)).toBeCloseTo(report.score * 10, 6);
    expect(report).not.toHaveProperty('password');
    expect((await get(`/reports/${report.id}`)).body.data).toEqual(report);
    expect((await get('/reports?per_page=10')).body.data[0].id).toBe(report.id);

    // Privacy 2 keeps the existing password; leaving 2 drops it; coming back needs one.
    const kept = await send('PUT', `/reports/${report.id}`, { privacy: '2' });
    expect(kept.status).toBe(200);
    expect(kept.body.data.has_password).toBe(true);
    const open = await send('PATCH', `/reports/${report.id}`, { privacy: '0' });
    expect(open.body.data).toMatchObject({ privacy: 0, has_password: false, score: report.score, generated_at: report.generated_at });
    expect((await send('PATCH', `/reports/${report.id}`, { privacy: '2' })).status).toBe(422);
    expect((await send('PATCH', `/reports/${report.id}`, { update: '2' })).body.errors.update).toBeDefined();

    const regenerated = await send('PATCH', `/reports/${report.id}`, { update: '1' });
    expect(regenerated.body.data.generated_at > report.generated_at).toBe(true);

    expect(await send('DELETE', `/reports/${report.id}`)).toEqual({ status: 200, body: { message: 'Report deleted.' } });
    expect((await get(`/reports/${report.id}`)).status).toBe(404);
    expect((await send('DELETE', `/reports/${report.id}`)).status).toBe(404);
    expect((await send('PUT', '/reports/999999', { privacy: '1' })).status).toBe(404);
  });

  it('lists, searches, sorts and deletes projects (name with a space and a slash)', async () => {
    const { body } = await get('/projects?sort_by=project&sort=asc');
    const names = body.data.map((p: Body) => p.project);
    expect(names).toEqual([...names].sort());
    expect(body.data[0]).toEqual({ project: expect.any(String), created_at: expect.any(String), reports_count: expect.any(Number) });
    const byDate = (await get('/projects')).body.data.map((p: Body) => p.created_at);
    expect(byDate).toEqual([...byDate].sort().reverse());

    const name = 'Client A / Landing pages';
    const found = await get(`/projects?search=${encodeURIComponent('landing')}`);
    expect(found.body.data.map((p: Body) => p.project)).toEqual([name]);
    expect(found.body.data[0].reports_count).toBeGreaterThan(0);

    const encoded = encodeURIComponent(name);
    expect(encoded).toContain('%2F');
    expect(await send('DELETE', `/projects/${encoded}`)).toEqual({ status: 200, body: { message: 'Project deleted.' } });
    expect((await get(`/projects?search=landing`)).body.data).toEqual([]);
    expect((await get(`/reports?project=${encoded}`)).body.meta.total).toBe(0);
    expect((await send('DELETE', `/projects/${encoded}`)).status).toBe(404);
    expect((await send('DELETE', `/projects/${encodeURIComponent('Other shop')}`)).status).toBe(404);
  });
});

describe('seo sandbox: determinism', () => {
  it('builds the same data from the same seed and other data from another', async () => {
    const firstPage = async (seed: number) => {
      const running = await serve(`seo-${seed}`, createSeoRouter({ seed }));
      try {
        const res = await fetch(`${running.url}/api/v1/reports?per_page=100`, { headers: { ...auth(), accept: 'application/json' } });
        return ((await res.json()) as Body).data;
      } finally {
        await running.close();
      }
    };
    expect(await firstPage(11)).toEqual(await firstPage(11));
    expect(await firstPage(12)).not.toEqual(await firstPage(11));
  });
});
