/**
 * Custom offers through the gateway against the sandbox: create, list, show,
 * and the offer machine (counter, accept → order, decline, cancel,
 * attachments while pending), with the illegal steps (CONFLICT) and the
 * party checks (FORBIDDEN) the upstream makes. Attachments resolve as Media.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { as, expectError, expectOk, expectScopeRequired, marketplaceCalls, sentJson, uploadQuery } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const SELLER = 'pixelcraft';
const BUYER = 'niaj';
const seller = as(SELLER, 'offers.write', 'offers.read', 'orders.read', 'media.write');
const buyer = as(BUYER, 'offers.write', 'offers.read', 'orders.read', 'media.write');

const OFFER_FIELDS =
  'id status price deliveryDays senderUsername recipientUsername parentId counteredById orderId attachments { id filename kind }';
const create = `mutation($input: CreateOfferInput!) { createOffer(input: $input) { offer { ${OFFER_FIELDS} } } }`;
const act = (name: string, input = 'OfferActionInput') =>
  `mutation($input: ${input}!) { ${name}(input: $input) { offer { ${OFFER_FIELDS} } } }`;
type OfferShape = {
  id: string;
  status: string;
  price: number;
  deliveryDays: number;
  senderUsername: string;
  recipientUsername: string;
  parentId: string | null;
  counteredById: string | null;
  orderId: string | null;
  attachments: Array<{ id: string; filename: string; kind: string }>;
};

async function sellerOffers(price = 400): Promise<OfferShape> {
  const input = { buyerUsername: BUYER, description: 'A full brand kit with three logo concepts.', price, deliveryDays: 6 };
  const data = expectOk(await gw.query<{ createOffer: { offer: OfferShape } }>(create, { variables: { input }, headers: seller }));
  gw.resetCalls();
  return data.createOffer.offer;
}

async function step(name: string, id: string, headers: Record<string, string>, extra: Record<string, unknown> = {}, input?: string) {
  return gw.query<Record<string, { offer: OfferShape }>>(act(name, input), { variables: { input: { id, ...extra } }, headers });
}

describe('offers: create, list, show', () => {
  it('need offers.write / offers.read', async () => {
    await expectScopeRequired(gw, create, 'createOffer', 'offers.write', {
      input: { buyerUsername: BUYER, description: 'd', price: 1, deliveryDays: 1 },
    });
    await expectScopeRequired(gw, '{ offers { totalCount } }', 'offers', 'offers.read');
    await expectScopeRequired(gw, '{ offer(id: "o") { id } }', 'offer', 'offers.read');
  });

  it('createOffer POSTs /offers with the typed fields; the offer is pending from the seller to the buyer', async () => {
    const input = {
      buyerUsername: BUYER,
      title: 'Brand kit',
      description: 'Logo, palette and type.',
      price: 350,
      deliveryDays: 5,
      attributes: { note: 'x' },
    };
    const data = expectOk(await gw.query<{ createOffer: { offer: OfferShape } }>(create, { variables: { input }, headers: seller }));
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe('POST /api/v1/offers');
    expect(sentJson(call!)).toEqual({
      buyer_username: BUYER,
      title: 'Brand kit',
      description: 'Logo, palette and type.',
      price: 350,
      delivery_days: 5,
      note: 'x',
    });
    expect(data.createOffer.offer).toMatchObject({
      status: 'pending',
      price: 350,
      deliveryDays: 5,
      senderUsername: SELLER,
      recipientUsername: BUYER,
      attachments: [],
    });
  });

  it('refuses both or neither party, and a non-positive price, before any upstream call', async () => {
    const res = await gw.query(
      `mutation {
        both: createOffer(input: { buyerUsername: "a", sellerUsername: "b", description: "d", price: 1, deliveryDays: 1 }) { offer { id } }
        neither: createOffer(input: { description: "d", price: 1, deliveryDays: 1 }) { offer { id } }
        free: createOffer(input: { buyerUsername: "a", description: "d", price: 0, deliveryDays: 1 }) { offer { id } }
      }`,
      { headers: seller },
    );
    expectError(res, 'both', { code: 'BAD_USER_INPUT', field: 'input.buyerUsername' });
    expectError(res, 'neither', { code: 'BAD_USER_INPUT', field: 'input.buyerUsername' });
    expectError(res, 'free', { code: 'BAD_USER_INPUT', field: 'input.price' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('offers pages GET /offers?status=pending; offer(id) reads GET /offers/{uuid} (not again for an offer the list returned)', async () => {
    const offer = await sellerOffers();
    const listed = expectOk(
      await gw.query<{
        offers: { nodes: Array<{ id: string; status: string }> };
        offer: { id: string; buyer: { username: string }; seller: { username: string } };
      }>('{ offers(status: PENDING, first: 100) { totalCount nodes { id status } } }', { headers: as(BUYER, 'offers.read') }),
    );
    const [call] = gw.calls('marketplace');
    expect([call!.method, call!.path, call!.query.status]).toEqual(['GET', '/api/v1/offers', 'pending']);
    expect(listed.offers.nodes.map((o) => o.id)).toContain(offer.id);
    for (const o of listed.offers.nodes) expect(o.status).toBe('pending');

    gw.resetCalls();
    const shown = expectOk(
      await gw.query<{ offer: { id: string; buyer: { username: string }; seller: { username: string } } }>(
        'query($id: ID!) { offer(id: $id) { id buyer { username } seller { username } } }',
        { variables: { id: offer.id }, headers: as(BUYER, 'offers.read') },
      ),
    );
    expect(marketplaceCalls(gw)).toContain(`GET /api/v1/offers/${offer.id}`);
    expect(shown.offer).toEqual({ id: offer.id, buyer: { username: BUYER }, seller: { username: SELLER } });
    const stranger = await gw.query('query($id: ID!) { offer(id: $id) { id } }', {
      variables: { id: offer.id },
      headers: as('rupert', 'offers.read'),
    });
    expectError(stranger, 'offer', { code: 'NOT_FOUND', status: 404 });
  });
});

describe('the offer machine', () => {
  it('every step needs offers.write', async () => {
    for (const name of ['acceptOffer', 'declineOffer', 'cancelOffer'])
      await expectScopeRequired(gw, act(name), name, 'offers.write', { input: { id: 'o' } });
    await expectScopeRequired(gw, act('counterOffer', 'CounterOfferInput'), 'counterOffer', 'offers.write', {
      input: { id: 'o', price: 1 },
    });
    await expectScopeRequired(gw, act('attachToOffer', 'AttachToOfferInput'), 'attachToOffer', 'offers.write', {
      input: { offerId: 'o', mediaId: 'm' },
    });
    await expectScopeRequired(gw, act('removeOfferAttachment', 'RemoveOfferAttachmentInput'), 'removeOfferAttachment', 'offers.write', {
      input: { offerId: 'o', mediaId: 'm' },
    });
  });

  it('counter (recipient) → a new pending offer the other way; accept (its recipient) → accepted with an order at the offer price; then every step is CONFLICT', async () => {
    const original = await sellerOffers(500);
    expectError(await step('counterOffer', original.id, seller, { price: 450 }, 'CounterOfferInput'), 'counterOffer', {
      code: 'FORBIDDEN',
    });
    gw.resetCalls();
    const countered = expectOk(
      await step(
        'counterOffer',
        original.id,
        buyer,
        { price: 420, deliveryDays: 8, description: 'A bit less, a bit later?' },
        'CounterOfferInput',
      ),
    );
    const counterCall = gw.calls('marketplace')[0]!;
    expect(`${counterCall.method} ${counterCall.path}`).toBe(`POST /api/v1/offers/${original.id}/counter`);
    expect(sentJson(counterCall)).toEqual({ price: 420, delivery_days: 8, description: 'A bit less, a bit later?' });
    const counter = countered.counterOffer!.offer;
    expect(counter).toMatchObject({
      status: 'pending',
      price: 420,
      deliveryDays: 8,
      parentId: original.id,
      senderUsername: BUYER,
      recipientUsername: SELLER,
    });

    const parent = expectOk(
      await gw.query<{ offer: { status: string; counteredById: string; counteredBy: { id: string } } }>(
        'query($id: ID!) { offer(id: $id) { status counteredById counteredBy { id } } }',
        { variables: { id: original.id }, headers: buyer },
      ),
    );
    expect(parent.offer).toMatchObject({ status: 'countered', counteredById: counter.id, counteredBy: { id: counter.id } });
    expectError(await step('acceptOffer', original.id, buyer), 'acceptOffer', { code: 'CONFLICT', status: 409 });

    gw.resetCalls();
    const accepted = expectOk(
      await gw.query<{ acceptOffer: { offer: { status: string; orderId: string; order: { id: string; status: string; total: number } } } }>(
        'mutation($input: OfferActionInput!) { acceptOffer(input: $input) { offer { status orderId order { id status total } } } }',
        { variables: { input: { id: counter.id } }, headers: seller },
      ),
    );
    expect(marketplaceCalls(gw)[0]).toBe(`POST /api/v1/offers/${counter.id}/accept`);
    const { offer } = accepted.acceptOffer;
    expect(offer).toMatchObject({ status: 'accepted', order: { id: offer.orderId, status: 'pending', total: 420 } });

    for (const name of ['acceptOffer', 'declineOffer']) {
      const error = expectError(await step(name, counter.id, seller), name, { code: 'CONFLICT' });
      expect(error.message).toMatch(/accepted/);
    }
  });

  it('a listed offer answers the links to it: parent and counteredBy of listed offers make no call', async () => {
    const original = await sellerOffers(480);
    const counter = expectOk(await step('counterOffer', original.id, buyer, { price: 440 }, 'CounterOfferInput')).counterOffer!.offer;
    gw.resetCalls();
    type Listed = { offers: { nodes: Array<{ id: string; parent: { id: string } | null; counteredBy: { id: string } | null }> } };
    const listed = expectOk(
      await gw.query<Listed>('{ offers(first: 100) { nodes { id parent { id } counteredBy { id } } } }', { headers: buyer }),
    );
    const byId = new Map(listed.offers.nodes.map((o) => [o.id, o]));
    expect(byId.get(counter.id)?.parent).toEqual({ id: original.id });
    expect(byId.get(original.id)?.counteredBy).toEqual({ id: counter.id });
    const shown = marketplaceCalls(gw).filter((c) => c === `GET /api/v1/offers/${original.id}` || c === `GET /api/v1/offers/${counter.id}`);
    expect(shown).toEqual([]);
  });

  it('decline (recipient only) and cancel (sender only) end a pending offer', async () => {
    const toDecline = await sellerOffers();
    expectError(await step('declineOffer', toDecline.id, seller), 'declineOffer', { code: 'FORBIDDEN', status: 403 });
    gw.resetCalls();
    const declined = expectOk(await step('declineOffer', toDecline.id, buyer));
    expect(marketplaceCalls(gw)).toEqual([`POST /api/v1/offers/${toDecline.id}/decline`]);
    expect(declined.declineOffer!.offer.status).toBe('declined');
    expectError(await step('cancelOffer', toDecline.id, seller), 'cancelOffer', { code: 'CONFLICT' });

    const toCancel = await sellerOffers();
    expectError(await step('cancelOffer', toCancel.id, buyer), 'cancelOffer', { code: 'FORBIDDEN' });
    gw.resetCalls();
    const cancelled = expectOk(await step('cancelOffer', toCancel.id, seller));
    expect(marketplaceCalls(gw)).toEqual([`POST /api/v1/offers/${toCancel.id}/cancel`]);
    expect(cancelled.cancelOffer!.offer.status).toBe('cancelled');
  });

  it('attachments: an uploaded file (multipart) and an existing asset (JSON media_uuid) attach while pending, resolve as Media, detach, and are locked once the offer ends', async () => {
    const offer = await sellerOffers();
    const attach = act('attachToOffer', 'AttachToOfferInput');
    const file = new File([Buffer.from('%PDF-1.4 brief')], 'brief.pdf', { type: 'application/pdf' });
    const uploaded = expectOk(
      await uploadQuery<{ attachToOffer: { offer: OfferShape } }>(
        gw,
        attach,
        { input: { offerId: offer.id, file: null } },
        { 'input.file': file },
        seller,
      ),
    );
    const uploadCall = gw.calls('marketplace')[0]!;
    expect(`${uploadCall.method} ${uploadCall.path}`).toBe(`POST /api/v1/offers/${offer.id}/attachments`);
    expect(String(uploadCall.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(uploadCall.body).toContain('%PDF-1.4 brief');
    expect(uploaded.attachToOffer.offer.attachments).toEqual([expect.objectContaining({ filename: 'brief.pdf', kind: 'document' })]);

    const asset = expectOk(
      await gw.query<{ uploadMedia: { media: { id: string } } }>(
        'mutation { uploadMedia(input: { filename: "moodboard.png", size: 2048, contentType: "image/png" }) { media { id } } }',
        { headers: seller },
      ),
    );
    const mediaId = asset.uploadMedia.media.id;
    gw.resetCalls();
    const linked = expectOk(
      await gw.query<{ attachToOffer: { offer: OfferShape } }>(attach, {
        variables: { input: { offerId: offer.id, mediaId } },
        headers: seller,
      }),
    );
    expect(sentJson(gw.calls('marketplace')[0]!)).toEqual({ media_uuid: mediaId });
    expect(linked.attachToOffer.offer.attachments.map((m) => m.id)).toEqual([uploaded.attachToOffer.offer.attachments[0]!.id, mediaId]);

    // The buyer sees the seller's attachments as Media through the offer.
    const seen = expectOk(
      await gw.query<{ offer: { attachments: Array<{ id: string; url: string; ownerUsername: string }> } }>(
        'query($id: ID!) { offer(id: $id) { attachments { id url ownerUsername } } }',
        { variables: { id: offer.id }, headers: buyer },
      ),
    );
    expect(seen.offer.attachments.map((m) => m.ownerUsername)).toEqual([SELLER, SELLER]);

    const both = await gw.query(attach, { variables: { input: { offerId: offer.id } }, headers: seller });
    expectError(both, 'attachToOffer', { code: 'BAD_USER_INPUT', field: 'input.mediaId' });

    gw.resetCalls();
    const removed = expectOk(
      await gw.query<{ removeOfferAttachment: { offer: OfferShape } }>(act('removeOfferAttachment', 'RemoveOfferAttachmentInput'), {
        variables: { input: { offerId: offer.id, mediaId } },
        headers: buyer,
      }),
    );
    expect(marketplaceCalls(gw)).toEqual([`DELETE /api/v1/offers/${offer.id}/attachments/${mediaId}`]);
    expect(removed.removeOfferAttachment.offer.attachments.map((m) => m.id)).not.toContain(mediaId);

    expectOk(await step('declineOffer', offer.id, buyer));
    const locked = await gw.query(attach, { variables: { input: { offerId: offer.id, mediaId } }, headers: seller });
    const error = expectError(locked, 'attachToOffer', { code: 'CONFLICT' });
    expect(error.message).toMatch(/declined/);
  });
});
