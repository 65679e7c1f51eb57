/**
 * A body over a limit is refused with a 413 the client can read, sent with
 * Node's own fetch (undici), which keeps writing the body while the answer
 * comes back: the gateway stops reading, answers, and closes only once the
 * answer is out, never by resetting a socket the client is still writing to
 * (that reset reached the client as EPIPE before the 413 did).
 *
 * The client runs in a process of its own, as a real one does: sharing the
 * gateway's event loop, it always read the answer before the reset came.
 * Repeated, because the reset lost the answer only some of the time.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { useTestGateway } from '../helpers/gateway.js';

const TIMES = 20;
const UPLOAD_LIMIT = 256 * 1024;
const gw = useTestGateway({ MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT) }, ['marketplace']);

/** What the client process sends: each kind `TIMES` times, one after another, printing what it read (or its error). */
const CLIENT = `
const [url, kind, times] = process.argv.slice(1);
const streamOf = (total) => {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({ pull(c) { if (sent >= total) return c.close(); sent += chunk.byteLength; c.enqueue(chunk); } });
};
const requests = {
  webhook: () => [url + '/webhooks/marketplace', { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamOf(40 * 1024 * 1024), duplex: 'half' }],
  chunked: () => [url + '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamOf(8 * 1024 * 1024), duplex: 'half' }],
  upload: () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($file: File) { uploadMedia(input: { file: $file }) { media { id } } }', variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([new Uint8Array(8 * 1024 * 1024).fill(0x61)], 'big.bin', { type: 'application/octet-stream' }));
    return [url + '/graphql', { method: 'POST', headers: { authorization: 'Bearer sandbox:olivia:media.write' }, body: form }];
  },
};
const results = [];
for (let i = 0; i < Number(times); i++) {
  try {
    const response = await fetch(...requests[kind]());
    results.push({ status: response.status, body: (await response.text()).slice(0, 200) });
  } catch (error) {
    results.push({ error: error.message + ': ' + (error.cause?.code ?? error.cause?.message ?? '') });
  }
}
console.log(JSON.stringify(results));
`;

type Result = { status: number; body: string } | { error: string };

async function sendFromAnotherProcess(kind: 'webhook' | 'chunked' | 'upload'): Promise<Result[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CLIENT, gw.url, kind, String(TIMES)], {
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Result[];
}

describe('a body over the limit, sent with fetch from another process', () => {
  it(`a 40 MiB chunked webhook body is answered 413, every one of ${TIMES} times`, async () => {
    const results = await sendFromAnotherProcess('webhook');
    expect(results).toEqual(Array.from({ length: TIMES }, () => ({ status: 413, body: '{"message":"Payload too large"}' })));
  });

  it(`an upload over MAX_UPLOAD_BYTES is answered 413, every one of ${TIMES} times, with no upstream call`, async () => {
    const results = await sendFromAnotherProcess('upload');
    for (const result of results) expect(result).toEqual({ status: 413, body: expect.stringContaining('"QUERY_TOO_COMPLEX"') });
    expect(results).toHaveLength(TIMES);
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it(`a chunked GraphQL body over MAX_BODY_BYTES is answered 413, every one of ${TIMES} times`, async () => {
    const results = await sendFromAnotherProcess('chunked');
    for (const result of results) expect(result).toEqual({ status: 413, body: expect.stringContaining('"QUERY_TOO_COMPLEX"') });
    expect(results).toHaveLength(TIMES);
  });
});
