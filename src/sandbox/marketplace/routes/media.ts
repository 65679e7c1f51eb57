/**
 * Media assets: upload (multipart `file` part, or JSON metadata of a file
 * stored elsewhere), list, show, metadata update and delete. An asset is
 * visible to its owner only; deleting it also detaches it from offers.
 */
import type { SandboxRequest, SandboxResponse } from '../../router.js';
import { ok } from '../../laravel.js';
import { notFound, page, type MarketplaceApi } from '../api.js';
import { presentMedia } from '../present.js';
import type { MediaRecord } from '../records.js';
import { newestFirst, type MarketplaceState } from '../state.js';
import { Checker } from '../validate.js';

/** 25 MB, the sandbox's upload limit. */
export const MAX_MEDIA_BYTES = 25 * 1024 * 1024;

/**
 * Validates an upload body and stores the asset: a multipart request must carry
 * a `file` part; a JSON request describes the file with `filename`,
 * `content_type` and `size`. Answers the 422 when the body is not acceptable.
 */
export function storeMediaFrom(state: MarketplaceState, req: SandboxRequest, owner: string): MediaRecord | SandboxResponse {
  const check = new Checker(req.body);
  const title = check.string('title', { max: 200 }) ?? null;
  const altText = check.string('alt_text', { max: 500 }) ?? null;
  const multipart = String(req.headers['content-type'] ?? '').startsWith('multipart/form-data');
  let file: { filename: string; content_type: string; size: number } | undefined;
  if (multipart) {
    const part = req.files.find((f) => f.field === 'file');
    if (!part) check.reject('file', 'The file field is required.');
    else if (part.size === 0) check.reject('file', 'The file must not be empty.');
    else if (part.size > MAX_MEDIA_BYTES) check.reject('file', 'The file may not be greater than 25600 kilobytes.');
    else file = { filename: part.filename || 'upload.bin', content_type: part.contentType, size: part.size };
  } else {
    const filename = check.string('filename', { required: true, max: 255, min: 1 });
    const contentType = check.string('content_type', { max: 100 }) ?? 'application/octet-stream';
    const size = check.number('size', { required: true, integer: true, min: 1, max: MAX_MEDIA_BYTES });
    if (filename !== undefined && size !== undefined) file = { filename, content_type: contentType, size };
  }
  if (!file) check.reject('file', 'The file field is required.');
  const invalid = check.failed();
  if (invalid || !file) return invalid!;
  const at = state.tick();
  const media: MediaRecord = {
    uuid: state.uuid(),
    owner_username: owner,
    ...file,
    title,
    alt_text: altText,
    created_at: at,
    updated_at: at,
  };
  state.media.set(media.uuid, media);
  state.emit('media.uploaded', {
    uuid: media.uuid,
    username: owner,
    filename: media.filename,
    content_type: media.content_type,
    size: media.size,
  });
  return media;
}

export const isResponse = (value: object): value is SandboxResponse => 'status' in value && typeof value.status === 'number';

export function registerMediaRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const own = (username: string, uuid: string | undefined) => {
    const media = uuid === undefined ? undefined : state.media.get(uuid);
    return media && media.owner_username === username ? media : undefined;
  };

  api
    .handle('mediaIndex', (req, viewer) => {
      const kind = req.query.get('kind');
      const mine = [...state.media.values()]
        .filter((m) => m.owner_username === viewer.username)
        .sort(newestFirst)
        .map(presentMedia);
      return page(req, kind ? mine.filter((m) => m.kind === kind) : mine);
    })
    .handle('mediaStore', (req, viewer) => {
      const stored = storeMediaFrom(state, req, viewer.username);
      return isResponse(stored) ? stored : ok(presentMedia(stored), 201);
    })
    .handle('mediaShow', (req, viewer) => {
      const media = own(viewer.username, req.params.uuid);
      return media ? ok(presentMedia(media)) : notFound('Media');
    })
    .handle('mediaUpdate', (req, viewer) => {
      const media = own(viewer.username, req.params.uuid);
      if (!media) return notFound('Media');
      const check = new Checker(req.body);
      const title = check.string('title', { max: 200 });
      const altText = check.string('alt_text', { max: 500 });
      const filename = check.string('filename', { max: 255, min: 1 });
      if (title === undefined && altText === undefined && filename === undefined && !check.failed()) {
        check.reject('title', 'At least one of title, alt text or filename is required.');
      }
      const invalid = check.failed();
      if (invalid) return invalid;
      if (title !== undefined) media.title = title;
      if (altText !== undefined) media.alt_text = altText;
      if (filename !== undefined) media.filename = filename;
      media.updated_at = state.tick();
      state.emit('media.updated', { uuid: media.uuid, username: viewer.username, filename: media.filename });
      return ok(presentMedia(media));
    })
    .handle('mediaDestroy', (req, viewer) => {
      const media = own(viewer.username, req.params.uuid);
      if (!media) return notFound('Media');
      state.media.delete(media.uuid);
      for (const offer of state.offers.values()) offer.attachments = offer.attachments.filter((u) => u !== media.uuid);
      state.tick();
      state.emit('media.deleted', { uuid: media.uuid, username: viewer.username });
      return ok({ uuid: media.uuid, deleted: true });
    });
}
