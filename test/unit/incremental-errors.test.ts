/**
 * Errors inside deferred or streamed parts get what a plain result's errors
 * get: an unexpected error is masked ("Unexpected error.", its message never
 * sent) and every error carries `extensions.code`. Yoga itself masks only a
 * result's top-level `errors`, so this is the gateway's plugins' doing.
 */
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { createSchema, createYoga, maskError } from 'graphql-yoga';
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { useIncrementalDelivery } from '../../src/plugins/use-incremental-delivery.js';
import { useErrorCodes } from '../../src/plugins/use-error-codes.js';
import { postIncremental } from '../helpers/incremental.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const SECRET = 'password=hunter2 at db.internal';

function serve() {
  const schema = createSchema({
    typeDefs: /* GraphQL */ `
      directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
      directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
      type Query {
        fast: String
        profile: Profile
        list: [Entry!]!
      }
      type Profile {
        broken: String
        required: String!
        coded: String
        plain: String
      }
      type Entry {
        n: Int!
      }
    `,
    resolvers: {
      Query: { fast: () => 'ok', profile: () => ({}), list: () => [{ n: 1 }, { n: null }] },
      Profile: {
        broken: () => Promise.reject(new Error(SECRET)),
        required: () => null,
        coded: () => Promise.reject(new GraphQLError('nope', { extensions: { code: 'NOT_FOUND' } })),
        // Meant for the caller (not masked) but without a code.
        plain: () => Promise.reject(new GraphQLError('plain')),
      },
    },
  });
  expect(schema.getDirective('defer')?.args.map((a) => a.name)).toEqual(GraphQLDeferDirective.args.map((a) => a.name));
  expect(schema.getDirective('stream')?.args.map((a) => a.name)).toEqual(GraphQLStreamDirective.args.map((a) => a.name));
  const yoga = createYoga({
    schema,
    maskedErrors: { maskError: (error, message) => maskError(error, message, false) },
    plugins: [useIncrementalDelivery({ maskError: (error, message) => maskError(error, message, false) }), useErrorCodes()],
  });
  const server = createServer(yoga);
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  );
}

describe('errors inside incremental parts', () => {
  for (const accept of ['multipart/mixed', 'text/event-stream'] as const) {
    it(`are masked when unexpected and always coded (${accept})`, async () => {
      const server = await serve();
      try {
        const { parts, status } = await postIncremental(server.url, '{ fast ... @defer { profile { broken coded plain } } }', { accept });
        expect(status).toBe(200);
        expect(parts[0]!.body).toEqual({ data: { fast: 'ok' }, hasNext: true });
        const errors = parts.flatMap((p) => p.body.incremental ?? []).flatMap((e) => e.errors ?? []);
        expect(JSON.stringify(parts)).not.toContain('hunter2');
        expect(errors.find((e) => e.path?.join('.') === 'profile.broken')).toMatchObject({
          message: 'Unexpected error.',
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        });
        expect(errors.find((e) => e.path?.join('.') === 'profile.coded')).toMatchObject({
          message: 'nope',
          extensions: { code: 'NOT_FOUND' },
        });
        expect(errors.find((e) => e.path?.join('.') === 'profile.plain')).toMatchObject({
          message: 'plain',
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        });
        expect(parts.at(-1)!.body.hasNext).toBe(false);
      } finally {
        server.close();
      }
    });
  }

  it('a non-null violation in a deferred fragment or a streamed item is coded', async () => {
    const server = await serve();
    try {
      const deferred = await postIncremental(server.url, '{ fast ... @defer { profile { required } } }', { accept: 'multipart/mixed' });
      const deferredErrors = deferred.parts.flatMap((p) => p.body.incremental ?? []).flatMap((e) => e.errors ?? []);
      expect(deferredErrors).toEqual([
        expect.objectContaining({ path: ['profile', 'required'], extensions: expect.objectContaining({ code: 'INTERNAL_SERVER_ERROR' }) }),
      ]);
      const streamed = await postIncremental(server.url, '{ list @stream(initialCount: 1) { n } }', { accept: 'multipart/mixed' });
      const streamedErrors = streamed.parts.flatMap((p) => [
        ...(p.body.errors ?? []),
        ...(p.body.incremental ?? []).flatMap((e) => e.errors ?? []),
      ]);
      expect(streamedErrors.length).toBeGreaterThan(0);
      for (const error of streamedErrors) expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      server.close();
    }
  });
});
