/**
 * The README's examples work as written: every curl example (its headers and
 * body) and every query in the "whole graph" table runs against the gateway
 * and sandbox without an error.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CREDENTIALS, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

interface Example {
  name: string;
  query: string;
  headers: Record<string, string>;
}

/** `curl ... -H 'Name: value' ... -d '{json}'` blocks (SSE and multipart ones are exercised by their own suites). */
function curlExamples(): Example[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes('curl') && b.includes(" -d '"));
  return blocks
    .filter((b) => !b.includes('text/event-stream') && !b.includes('multipart/mixed'))
    .map((block, i) => {
      const headers = Object.fromEntries([...block.matchAll(/-H '([^:]+): ([^']*)'/g)].map(([, k, v]) => [k!.toLowerCase(), v!]));
      const body = JSON.parse(block.slice(block.indexOf(" -d '") + 5, block.lastIndexOf("'"))) as { query: string };
      return { name: `curl example ${i + 1}`, query: body.query, headers };
    });
}

/** The example column of the "whole graph" table; "with `demo-seller-token`" switches the token. */
function tableExamples(): Example[] {
  const section = readme.slice(readme.indexOf('## The whole graph'), readme.indexOf('### Uploads'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Group') && !line.startsWith('|---'))
    .map((line) => {
      const cells = line.split(' | ');
      const example = cells.at(-1)!;
      const query = /`((?:\{|mutation)[^`]*)`/.exec(example)?.[1];
      const seller = example.includes('demo-seller-token');
      return {
        name: cells[0]!.replace('| ', ''),
        query: query ?? '',
        headers: { ...ALL_CREDENTIALS, ...(seller ? { authorization: `Bearer ${TOKENS.seller}` } : {}) },
      };
    })
    .filter((e) => e.query !== '');
}

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe('README examples', () => {
  const curls = curlExamples();
  const table = tableExamples();

  it('finds the examples', () => {
    expect(curls.length).toBeGreaterThanOrEqual(5);
    expect(table.length).toBeGreaterThanOrEqual(12);
  });

  it.each(curls.map((e) => [e.name, e] as const))('%s answers without errors', async (_name, example) => {
    const res = await gw.query(example.query, { headers: example.headers });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(res.data).toBeTruthy();
  });

  it.each(table.map((e) => [e.name, e] as const))('the %s example answers without errors', async (_name, example) => {
    const res = await gw.query(example.query, { headers: example.headers });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  });
});
