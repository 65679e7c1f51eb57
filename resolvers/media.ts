/**
 * Media writes: upload (a `File` forwarded as multipart, or JSON metadata of
 * a file stored elsewhere), metadata update and delete (the reads are declared
 * in schema/media.ts). Writes prime or forget `mediaShow` in the request's
 * read cache, so the same request reads the new state.
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type * as map from '../src/upstreams/marketplace/map.js';
import { searchText } from './args.js';
import { bodyOf } from './body.js';
import { checkUpload, multipartOf } from './upload.js';
import { wholeNumber } from './whole-numbers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface UploadMediaInput {
  file?: File | null;
  filename?: string | null;
  size?: number | null;
  contentType?: string | null;
  title?: string | null;
  altText?: string | null;
  attributes?: unknown;
}

export async function uploadMedia(_: unknown, args: { input: UploadMediaInput }, ctx: GatewayContext) {
  const { input } = args;
  const typed = { title: searchText(input.title, 'input.title'), alt_text: searchText(input.altText, 'input.altText') };
  let media: map.MediaShape;
  if (input.file) {
    if (input.filename || input.size || input.contentType) {
      throw badUserInput('"input.file" comes with its own name, size and type: leave filename, size and contentType out', 'input.file');
    }
    const file = checkUpload(input.file, 'input.file', ctx.config.limits.uploadBytes);
    media = await ctx.clients.marketplace.call(ops.mediaStore, { upload: multipartOf(bodyOf(input.attributes, typed), 'file', file) });
  } else {
    const json = bodyOf(input.attributes, {
      ...typed,
      filename: searchText(input.filename, 'input.filename'),
      size: wholeNumber(input.size, 'input.size'),
      content_type: searchText(input.contentType, 'input.contentType'),
    });
    if (json.filename === undefined)
      throw badUserInput('Give "input.file", or "input.filename" and "input.size" of a file stored elsewhere', 'input.file');
    media = await ctx.clients.marketplace.call(ops.mediaStore, { body: json });
  }
  ctx.clients.marketplace.prime(ops.mediaShow, { uuid: media.id }, media);
  ctx.clients.marketplace.forget(ops.mediaIndex);
  return { media };
}

export interface UpdateMediaInput {
  id: string;
  title?: string | null;
  altText?: string | null;
  filename?: string | null;
  attributes?: unknown;
}

export async function updateMedia(_: unknown, args: { input: UpdateMediaInput }, ctx: GatewayContext) {
  const { input } = args;
  const uuid = identifier(input.id, 'input.id');
  const json = bodyOf(input.attributes, {
    title: searchText(input.title, 'input.title'),
    alt_text: searchText(input.altText, 'input.altText'),
    filename: searchText(input.filename, 'input.filename'),
  });
  if (Object.keys(json).length === 0) throw badUserInput('Give at least one of title, altText or filename', 'input');
  const market = ctx.clients.marketplace;
  const media = await market.call(ops.mediaUpdate, { uuid, body: json });
  // The new state replaces what the request read of media before the write; lists may be stale.
  market.forget(ops.mediaShow);
  market.forget(ops.mediaIndex);
  market.prime(ops.mediaShow, { uuid }, media);
  return { media };
}

export async function deleteMedia(_: unknown, args: { id: string }, ctx: GatewayContext) {
  const uuid = identifier(args.id, 'id');
  const result = await ctx.clients.marketplace.call(ops.mediaDestroy, { uuid });
  ctx.clients.marketplace.forget(ops.mediaShow);
  ctx.clients.marketplace.forget(ops.mediaIndex);
  // Deleting an asset detaches it from offers.
  ctx.clients.marketplace.forget(ops.offersShow);
  ctx.clients.marketplace.forget(ops.offersIndex);
  return { id: uuid, deleted: result.deleted };
}
