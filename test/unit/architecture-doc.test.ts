/**
 * docs/architecture.md is measured, not promised: this suite runs the page's
 * trace query in-process and records where each upstream call comes from (a
 * V8 stack taken when the undici Pool is asked to send, joined to the one taken
 * when the shared cache is asked to read, because the cache awaits its store
 * and the async stack stops there). The project files on those stacks, from
 * the resolver to the pool, must be the files the page's trace tables list, in
 * the same order and with the same functions; the page's hop and file counts
 * are those of the stacks, and a call crosses at most the 8 files the design
 * allows (docs/architecture.md, issue 19); each file the example table names holds the names
 * given for it; the example query costs what the page says.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getOperationAST, parse } from 'graphql';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '../../schema/index.js';
import { estimateUpstreamCalls } from '../../src/plugins/upstream-cost.js';
import { JsonAnswerHandler } from '../../src/upstreams/answer-handler.js';
import { PublicCache } from '../../src/upstreams/public-cache/public-cache.js';
import type { UpstreamRequest } from '../../src/upstreams/wire.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

const root = new URL('../../', import.meta.url);
const rootPath = fileURLToPath(root);
const page = readFileSync(new URL('docs/architecture.md', root), 'utf8');

interface Frame {
  file: string;
  fn: string;
}

/** The project frames of a V8 stack, outermost first; the tracing plugin around execution and the test itself are left out. */
function projectFrames(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const line of stack.split('\n').slice(1)) {
    const match = /^\s+at (?:(?:async )?(.+?) \()?(\/[^():]+):\d+:\d+\)?$/.exec(line);
    if (!match || !match[2]!.startsWith(rootPath)) continue;
    const file = match[2]!.slice(rootPath.length);
    if (file.includes('node_modules/') || file.startsWith('test/') || file.startsWith('src/plugins/')) continue;
    frames.push({ file, fn: nameIn(file, match[1]) });
  }
  return frames.reverse();
}

/**
 * The frame's function as the code names it. V8 names an arrow function after the property it was called
 * through (`Object.QuerysellerResolver`: graphql-jit's table of resolvers), a name the file never writes:
 * such a frame is an arrow function, counted as a hop but not named.
 */
function nameIn(file: string, fn: string | undefined): string {
  if (fn === undefined) return '(anonymous)';
  const called = /^Object\.(.+)$/.exec(fn)?.[1];
  return called && !readFileSync(new URL(file, root), 'utf8').includes(called) ? '(anonymous)' : fn;
}

/** The files in the order the call enters them, each with the named functions it runs there. */
function filesOf(frames: Frame[]): Array<{ file: string; fns: string[] }> {
  const files: Array<{ file: string; fns: string[] }> = [];
  for (const { file, fn } of frames) {
    let entry = files.find((f) => f.file === file);
    if (!entry) files.push((entry = { file, fns: [] }));
    if (fn !== '(anonymous)' && !entry.fns.includes(fn)) entry.fns.push(fn);
  }
  return files;
}

/** The trace table between `<!-- trace: name -->` and `<!-- /trace -->`: `| n | \`file\` | \`fn\`, … |`. */
function documentedTrace(name: string) {
  const section = page.split(`<!-- trace: ${name} -->`)[1]?.split('<!-- /trace -->')[0];
  if (!section) throw new Error(`docs/architecture.md has no trace table "${name}"`);
  return [...section.matchAll(/^\| \d+ \| `([^`]+)` \| (.*) \|$/gm)].map(([, file, fns]) => ({
    file: file!,
    fns: [...fns!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
  }));
}

const QUERY = page.match(/```graphql\n(\{ seller.+)\n```/)![1]!;

describe('docs/architecture.md: the measured trace of Seller.gigs → Gig.reviews', () => {
  let gateway: TestGateway;
  // The stacks of each pool dispatch and each shared-cache read, by request path.
  const sent: Array<{ path: string; frames: Frame[] }> = [];
  const cached: Array<{ path: string; frames: Frame[] }> = [];

  beforeAll(async () => {
    // The shared cache on, as in production, so its layer is on the measured path.
    gateway = await startTestGateway({ PUBLIC_CACHE_MAX_BYTES: '1000000', PUBLIC_CACHE_TTL_MS: '60000' }, ['marketplace']);
    // The attempt hands its request to the Pool's `dispatch` (src/upstreams/answer-handler.ts).
    const dispatch = Pool.prototype.dispatch;
    const read = PublicCache.prototype.read;
    const deep = <T>(take: () => T): T => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 200;
      try {
        return take();
      } finally {
        Error.stackTraceLimit = limit;
      }
    };
    vi.spyOn(Pool.prototype, 'dispatch').mockImplementation(function (this: Pool, ...args: Parameters<Pool['dispatch']>) {
      // Only the gateway's upstream attempts: the test's own fetch of /graphql goes through a Pool's dispatch too.
      if (args[1] instanceof JsonAnswerHandler) sent.push({ path: args[0].path, frames: projectFrames(deep(() => new Error().stack!)) });
      return dispatch.apply(this, args);
    });
    vi.spyOn(PublicCache.prototype, 'read').mockImplementation(function (this: PublicCache, ...args: Parameters<PublicCache['read']>) {
      const req: UpstreamRequest = args[1];
      cached.push({ path: req.path, frames: projectFrames(deep(() => new Error().stack!)) });
      return read.apply(this, args);
    });
    const answer = await gateway.query(QUERY);
    expect(answer.errors).toBeUndefined();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await gateway?.close();
  });

  /** Resolver → shared cache (the read's stack) joined to shared cache → pool (the send's stack). */
  function measured(pathPattern: RegExp) {
    const traces = cached
      .filter((c) => pathPattern.test(c.path))
      .map((c) => {
        const send = sent.find((s) => s.path.split('?')[0]!.endsWith(c.path))!;
        expect(send, `no pool request for ${c.path}`).toBeDefined();
        return [...c.frames, ...send.frames];
      });
    expect(traces.length).toBeGreaterThan(0);
    // Every call of the kind takes the same way.
    for (const frames of traces) expect(filesOf(frames)).toEqual(filesOf(traces[0]!));
    return traces[0]!;
  }

  const kinds = [
    { name: 'Seller.gigs', path: /^\/gigs$/, request: /\/gigs\?seller=/ },
    { name: 'Gig.reviews', path: /^\/gigs\/[^/]+\/reviews$/, request: /\/gigs\/[^/?]+\/reviews\?/ },
  ];

  for (const kind of kinds) {
    it(`${kind.name}: the page lists the files and functions the call really goes through, resolver to pool`, () => {
      expect(sent.some((s) => kind.request.test(s.path))).toBe(true);
      const frames = measured(kind.path);
      expect(documentedTrace(kind.name)).toEqual(filesOf(frames));
      // The page's counts are the stack's: "N files, M hops" next to the table.
      const counts = page.match(new RegExp(`${kind.name.replace('.', '\\.')}[^\\n]*?: (\\d+) files, (\\d+) hops`));
      expect(counts, `a "${kind.name} …: N files, M hops" line`).not.toBeNull();
      expect([Number(counts![1]), Number(counts![2])]).toEqual([filesOf(frames).length, frames.length]);
    });
  }

  it('a call crosses at most 8 files, its field declaration included, as many as the page says', () => {
    const said = Number(page.match(/a call crosses \*\*(\d+) files/)![1]);
    // The declaration (schema/gigs.ts declares both fields) builds the resolvers at start-up: one file, not on the stack.
    for (const kind of kinds) expect(filesOf(measured(kind.path)).length + 1, kind.name).toBe(said);
    expect(said).toBeLessThanOrEqual(8);
  });

  it('the trace query costs what the page says, estimated and sent', () => {
    const said = Number(page.match(/The trace query costs (\d+) upstream calls/)![1]);
    const document = parse(QUERY);
    expect(estimateUpstreamCalls({ schema, document, operation: getOperationAST(document)!, variables: {} })).toBe(said);
    expect(sent).toHaveLength(said);
  });

  it('each function a trace table names is written in its file', () => {
    for (const kind of kinds) {
      for (const { file, fns } of documentedTrace(kind.name)) {
        const source = readFileSync(new URL(file, root), 'utf8');
        for (const fn of fns) expect(source, `${file} should define ${fn}`).toContain(fn.split('.').at(-1)!);
      }
    }
  });
});

describe('docs/architecture.md: the example', () => {
  const rows = [...page.matchAll(/^\| (schema|resolver|read cache|descriptor|map|sandbox) \| `([^`]+)` \| (.+) \|$/gm)];

  it('names its steps, each an existing file holding the names given for it', () => {
    expect(rows.map((row) => row[1])).toEqual(['schema', 'resolver', 'read cache', 'descriptor', 'map', 'sandbox']);
    for (const [, step, file, names] of rows) {
      const path = new URL(file!, root);
      expect(existsSync(path), `${step}: ${file}`).toBe(true);
      // The formatter may break a call over lines, and adds a trailing comma when it does: compared on one line.
      const oneLine = (code: string) =>
        code
          .replace(/,(\s*[)}\]])/g, '$1')
          .replace(/\s+/g, ' ')
          .replace(/([({[]) /g, '$1')
          .replace(/ ([)}\]])/g, '$1');
      const source = oneLine(readFileSync(path, 'utf8'));
      // Every code span of the row occurs in the file as written (cut at an ellipsis); `GET /path` names the row's path.
      for (const [, span] of names!.matchAll(/`([^`]+)`/g)) {
        if (span!.includes('<')) continue; // a placeholder in a message ("gig '<slug>'")
        const code = oneLine(span!.replace(/^(GET|POST|PUT|PATCH|DELETE) /, '').split('…')[0]!);
        expect(source, `${file} should contain ${code}`).toContain(code);
      }
    }
  });

  it('costs the example query two calls, as the page says', () => {
    const query = page.match(/```graphql\n(\{ gig.+)\n```/)![1]!;
    const document = parse(query);
    expect(estimateUpstreamCalls({ schema, document, operation: getOperationAST(document)!, variables: {} })).toBe(2);
  });
});
