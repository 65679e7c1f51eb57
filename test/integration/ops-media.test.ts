/**
 * Media through the gateway against the sandbox: uploading a file with the
 * GraphQL multipart request spec (forwarded as multipart/form-data), the
 * upload size limit (checked before any call), JSON metadata uploads, list,
 * show, metadata update and delete.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { as, expectError, expectOk, expectScopeRequired, marketplaceCalls, sentJson, uploadQuery } from '../helpers/operations.js';

const LIMIT = 64 * 1024;
const gw = useTestGateway({ MAX_UPLOAD_BYTES: String(LIMIT) }, ['marketplace']);

const OWNER = 'olivia';
const write = as(OWNER, 'media.write');
const read = as(OWNER, 'media.read');
const upload =
  'mutation($input: UploadMediaInput!) { uploadMedia(input: $input) { media { id ownerUsername filename contentType kind size title altText url } } }';
type MediaShape = {
  id: string;
  ownerUsername: string;
  filename: string;
  contentType: string;
  kind: string;
  size: number;
  title: string | null;
  altText: string | null;
  url: string;
};

async function uploadFile(name: string, bytes: number, type: string, extra: Record<string, unknown> = {}) {
  const file = new File([Buffer.alloc(bytes, 'a')], name, { type });
  const res = await uploadQuery<{ uploadMedia: { media: MediaShape } }>(
    gw,
    upload,
    { input: { file: null, ...extra } },
    { 'input.file': file },
    write,
  );
  return res;
}

describe('uploadMedia (media.write)', () => {
  it('needs media.write', async () => {
    await expectScopeRequired(gw, upload, 'uploadMedia', 'media.write', { input: { filename: 'a.txt', size: 3 } });
  });

  it('forwards a multipart upload to POST /media as multipart/form-data with the file and the typed fields', async () => {
    const res = await uploadFile('cover.png', 5000, 'image/png', { title: 'Cover', altText: 'A red cover' });
    const data = expectOk(res);
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe('POST /api/v1/media');
    expect(String(call!.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(call!.body).toContain('name="file"; filename="cover.png"');
    expect(call!.body).toContain('Content-Type: image/png');
    expect(call!.body).toContain('name="alt_text"\r\n\r\nA red cover');
    expect(call!.body).toContain('a'.repeat(5000));
    expect(data.uploadMedia.media).toMatchObject({
      ownerUsername: OWNER,
      filename: 'cover.png',
      contentType: 'image/png',
      kind: 'image',
      size: 5000,
      title: 'Cover',
      altText: 'A red cover',
    });
  });

  it('refuses a file over MAX_UPLOAD_BYTES, and an empty one, before any upstream call', async () => {
    // The body limit (413) or the resolver's own check (BAD_USER_INPUT) refuses it, whichever sees it first.
    const big = await uploadFile('big.bin', LIMIT + 1, 'application/octet-stream');
    expect(big.data?.uploadMedia ?? null).toBeNull();
    expect(['QUERY_TOO_COMPLEX', 'BAD_USER_INPUT']).toContain(big.errors?.[0]?.extensions?.code);
    expectError(await uploadFile('empty.txt', 0, 'text/plain'), 'uploadMedia', { code: 'BAD_USER_INPUT', field: 'input.file' });
    expect(gw.calls('marketplace')).toHaveLength(0);
    // Under the limit with room for the rest of the form: accepted.
    expect(expectOk(await uploadFile('fits.bin', LIMIT - 4096, 'application/octet-stream')).uploadMedia.media.size).toBe(LIMIT - 4096);
  });

  it('without a file, registers a file stored elsewhere with a JSON body', async () => {
    const data = expectOk(
      await gw.query<{ uploadMedia: { media: MediaShape } }>(upload, {
        variables: { input: { filename: 'brief.pdf', size: 120_000, contentType: 'application/pdf', title: 'Brief' } },
        headers: write,
      }),
    );
    expect(sentJson(gw.calls('marketplace')[0]!)).toEqual({
      filename: 'brief.pdf',
      size: 120_000,
      content_type: 'application/pdf',
      title: 'Brief',
    });
    expect(data.uploadMedia.media).toMatchObject({ filename: 'brief.pdf', size: 120_000, kind: 'document' });
    const neither = await gw.query(upload, { variables: { input: { title: 'nothing' } }, headers: write });
    expectError(neither, 'uploadMedia', { code: 'BAD_USER_INPUT', field: 'input.file' });
  });
});

describe('media reads, update and delete', () => {
  it('need media.read / media.write', async () => {
    await expectScopeRequired(gw, '{ media { totalCount } }', 'media', 'media.read');
    await expectScopeRequired(gw, '{ mediaAsset(id: "m") { id } }', 'mediaAsset', 'media.read');
    await expectScopeRequired(
      gw,
      'mutation { updateMedia(input: { id: "m", title: "t" }) { media { id } } }',
      'updateMedia',
      'media.write',
    );
    await expectScopeRequired(gw, 'mutation { deleteMedia(id: "m") { deleted } }', 'deleteMedia', 'media.write');
  });

  it('media pages GET /media with kind; mediaAsset(id) reads GET /media/{uuid} once however often it is asked', async () => {
    const image = expectOk(await uploadFile('photo.jpg', 10, 'image/jpeg')).uploadMedia.media;
    expectOk(await uploadFile('notes.txt', 10, 'text/plain'));
    gw.resetCalls();
    const listed = expectOk(
      await gw.query<{ media: { totalCount: number; nodes: Array<{ id: string; kind: string }> } }>(
        '{ media(kind: IMAGE, first: 50) { totalCount nodes { id kind } } }',
        { headers: read },
      ),
    );
    const [call] = gw.calls('marketplace');
    expect([call!.method, call!.path, call!.query.kind]).toEqual(['GET', '/api/v1/media', 'image']);
    expect(listed.media.nodes.map((m) => m.id)).toContain(image.id);
    for (const m of listed.media.nodes) expect(m.kind).toBe('image');

    gw.resetCalls();
    const shown = expectOk(
      await gw.query<{ a: MediaShape; b: MediaShape }>(
        'query($id: ID!) { a: mediaAsset(id: $id) { id filename url } b: mediaAsset(id: $id) { size } }',
        { variables: { id: image.id }, headers: read },
      ),
    );
    expect(marketplaceCalls(gw)).toEqual([`GET /api/v1/media/${image.id}`]);
    expect(shown.a).toMatchObject({ id: image.id, filename: 'photo.jpg' });
    expect(shown.b.size).toBe(10);

    const otherUser = await gw.query('query($id: ID!) { mediaAsset(id: $id) { id } }', {
      variables: { id: image.id },
      headers: as('peggy', 'media.read'),
    });
    expectError(otherUser, 'mediaAsset', { code: 'NOT_FOUND', status: 404 });
  });

  it('updateMedia PATCHes /media/{uuid}; the same request then reads the new metadata without another call', async () => {
    const media = expectOk(await uploadFile('draft.txt', 10, 'text/plain')).uploadMedia.media;
    gw.resetCalls();
    const data = expectOk(
      await gw.query<{ updateMedia: { media: MediaShape } }>(
        'mutation($id: ID!) { updateMedia(input: { id: $id, title: "Final", filename: "final.txt" }) { media { id title filename } } }',
        { variables: { id: media.id }, headers: write },
      ),
    );
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe(`PATCH /api/v1/media/${media.id}`);
    expect(sentJson(call!)).toEqual({ title: 'Final', filename: 'final.txt' });
    expect(data.updateMedia.media).toMatchObject({ title: 'Final', filename: 'final.txt' });
    gw.resetCalls();
    const nothing = await gw.query('mutation($id: ID!) { updateMedia(input: { id: $id }) { media { id } } }', {
      variables: { id: media.id },
      headers: write,
    });
    expectError(nothing, 'updateMedia', { code: 'BAD_USER_INPUT' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('deleteMedia DELETEs /media/{uuid}; the asset is gone afterwards', async () => {
    const media = expectOk(await uploadFile('old.txt', 10, 'text/plain')).uploadMedia.media;
    gw.resetCalls();
    const data = expectOk(
      await gw.query<{ deleteMedia: { id: string; deleted: boolean } }>('mutation($id: ID!) { deleteMedia(id: $id) { id deleted } }', {
        variables: { id: media.id },
        headers: write,
      }),
    );
    expect(marketplaceCalls(gw)).toEqual([`DELETE /api/v1/media/${media.id}`]);
    expect(data.deleteMedia).toEqual({ id: media.id, deleted: true });
    const gone = await gw.query('query($id: ID!) { mediaAsset(id: $id) { id } }', { variables: { id: media.id }, headers: read });
    expectError(gone, 'mediaAsset', { code: 'NOT_FOUND' });
    const again = await gw.query('mutation($id: ID!) { deleteMedia(id: $id) { id } }', { variables: { id: media.id }, headers: write });
    expectError(again, 'deleteMedia', { code: 'NOT_FOUND' });
  });
});
