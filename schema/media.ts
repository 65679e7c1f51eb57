/**
 * Media assets and the `File` upload scalar (GraphQL multipart request spec,
 * served by Yoga): `media`, `mediaAsset(id)`, `uploadMedia`, `updateMedia`,
 * `deleteMedia`. Uploads over `MAX_UPLOAD_BYTES` are refused before any
 * upstream call.
 */
import { GraphQLError } from 'graphql';
import { identifier } from '../src/upstreams/identifiers.js';
import type * as M from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/media.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { attributesInput, wholeObject } from './field-helpers.js';
import { DeletePayload } from './shared.js';
import { upstream } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

/** What Yoga's multipart parser hands over for a file part (a WHATWG File); a JSON value never is one. */
const isFile = (value: unknown): value is File =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as File).stream === 'function' &&
  typeof (value as File).size === 'number' &&
  typeof (value as File).name === 'string';

const notAFile = () =>
  new GraphQLError('File must be a file part of a multipart request (GraphQL multipart request spec), not a JSON value', {
    extensions: { code: 'BAD_USER_INPUT' },
  });

export const FileScalar = builder.scalarType('File', {
  description: 'A file sent with the GraphQL multipart request spec (input only).',
  serialize: () => {
    throw new Error('File is an input-only scalar');
  },
  // Refused here, before any resolver: a string or `{}` would otherwise reach the upstream call and
  // fail it while streaming, which is our bug and no sign of the upstream's health.
  parseValue: (value) => {
    if (!isFile(value)) throw notAFile();
    return value;
  },
  parseLiteral: () => {
    throw notAFile();
  },
});

export const MediaKind = builder.enumType('MediaKind', { values: ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] as const });

export const Media = builder.objectRef<M.MediaShape>('Media').implement({
  description: 'A file the caller uploaded (visible to its owner, and to both parties of an offer it is attached to).',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The media uuid.' }),
    ownerUsername: t.exposeString('ownerUsername'),
    filename: t.exposeString('filename'),
    contentType: t.exposeString('contentType'),
    kind: t.exposeString('kind', { description: '`image`, `video`, `audio` or `document`.' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    title: t.exposeString('title'),
    altText: t.exposeString('altText'),
    url: t.exposeString('url'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('media') }),
  }),
});
export const MediaConnection = connectionOf('Media', Media);

export const MediaPayload = builder.objectRef<{ media: M.MediaShape }>('MediaPayload').implement({
  fields: (t) => ({ media: t.expose('media', { type: Media }) }),
});

const UploadMediaInput = builder.inputType('UploadMediaInput', {
  description: 'Either `file` (forwarded as multipart), or `filename` and `size` describing a file stored elsewhere.',
  fields: (t) => ({
    file: t.field({ type: FileScalar, description: 'The file itself; at most MAX_UPLOAD_BYTES (default 25 MB).' }),
    filename: t.string(),
    size: t.int({ description: 'Bytes, with filename (no file).' }),
    contentType: t.string({ description: 'With filename (no file).' }),
    title: t.string(),
    altText: t.string(),
    attributes: attributesInput(t),
  }),
});

const UpdateMediaInput = builder.inputType('UpdateMediaInput', {
  description: 'At least one of title, altText or filename.',
  fields: (t) => ({
    id: t.id({ required: true }),
    title: t.string(),
    altText: t.string(),
    filename: t.string(),
    attributes: attributesInput(t),
  }),
});

builder.queryFields((t) => ({
  media: upstreamConnection(t, ops.mediaIndex, {
    type: MediaConnection,
    description: "The caller's media, newest first.",
    args: { kind: t.arg({ type: MediaKind }) },
    key: (_, args) => ({ query: { kind: args.kind ? args.kind.toLowerCase() : undefined } }),
  }),
  mediaAsset: upstreamField(t, ops.mediaShow, {
    type: Media,
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ uuid: identifier(args.id, 'id') }),
  }),
}));

builder.mutationFields((t) => ({
  uploadMedia: t.field({
    type: MediaPayload,
    ...upstream.marketplace(
      'mediaStore',
      'Send `file` with a multipart request; it is streamed on to the marketplace as multipart/form-data.',
    ),
    args: { input: t.arg({ type: UploadMediaInput, required: true }) },
    resolve: resolve.uploadMedia,
  }),
  updateMedia: t.field({
    type: MediaPayload,
    ...upstream.marketplace('mediaUpdate', 'Metadata only.'),
    args: { input: t.arg({ type: UpdateMediaInput, required: true }) },
    resolve: resolve.updateMedia,
  }),
  deleteMedia: t.field({
    type: DeletePayload,
    ...upstream.marketplace('mediaDestroy', 'Also detaches the asset from offers.'),
    args: { id: t.arg.id({ required: true }) },
    resolve: resolve.deleteMedia,
  }),
}));
